import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, freshDatabase, type TestDatabase } from '../testing/databases.js';
import { loginAttemptsBefore, purgeLoginAttemptsBefore } from './login-attempt.repository.js';

/** The plan of one query, as text (SQLite's EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN). */
async function plan(d: TestDatabase, query: { compile(): { sql: string; parameters: readonly unknown[] } }): Promise<string> {
  const c = query.compile();
  const explain = d.handle.dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
  const r = await d.handle.db.transaction().execute(async (tx) => {
    // A small table is cheapest to read whole; the question is whether the index can serve the batch at all.
    if (d.handle.dialect === 'postgres') await sql`SET LOCAL enable_seqscan = off`.execute(tx);
    return tx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(explain + c.sql, [...c.parameters]));
  });
  return r.rows.map((row) => Object.values(row).join(' ')).join('\n');
}

describe.each(dialects)('login attempts purged by time on %s (migration 015)', (dialect) => {
  let d: TestDatabase;
  beforeAll(async () => {
    d = await freshDatabase(dialect);
  });
  afterAll(() => d.drop());

  it('a purge batch finds the old attempts through the login_attempt_at index, and removes only those', async () => {
    const { db } = d.handle;
    const rows = Array.from({ length: 50 }, (_, i) => ({ ip: `10.0.0.${i % 7}`, username: `u${i % 5}`, ok: 0, at: `2026-01-${String((i % 28) + 1).padStart(2, '0')}T00:00:00.000Z` }));
    await db.insertInto('login_attempt').values(rows).execute();
    expect(await plan(d, loginAttemptsBefore(db, '2026-01-10T00:00:00.000Z', 1000))).toContain('login_attempt_at');
    const old = rows.filter((r) => r.at < '2026-01-10T00:00:00.000Z').length;
    expect(await purgeLoginAttemptsBefore(db, '2026-01-10T00:00:00.000Z', 1000)).toBe(old);
    const left = await db.selectFrom('login_attempt').select('at').execute();
    expect(left).toHaveLength(rows.length - old);
    expect(left.every((r) => r.at >= '2026-01-10T00:00:00.000Z')).toBe(true);
  });
});
