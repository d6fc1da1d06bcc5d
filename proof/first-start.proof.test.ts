/**
 * The first start, all or nothing (issue 25): a server process on an empty database (migrations,
 * then the demo store) is killed with SIGKILL at instants spread over its start, on both
 * databases. Each time, the next start must find the whole demo store or seed it whole: the same
 * store, accounts, customers with their opening balances, terminals, news and announcement as a
 * start that was never interrupted, and verify passes.
 */
import { sampled } from './sample.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgDatabase } from '../bench/lib/bench-db.js';
import { openPostgres, openSqlite, sqliteFile, type DatabaseHandle, type Dialect } from '../packages/server/src/db/database.js';
import { verifyLedger } from '../packages/server/src/money/verify.js';
import { killDuringStart, startServerProcess } from '../packages/server/src/testing/server-process.js';
import { randomSource } from '../packages/server/src/testing/money-load.js';

// npm test kills once per database, at a point of the seed's half of the start; npm run test:full three times.
const KILLS = sampled(3, 1);

interface EmptyDatabase {
  env: { DATABASE_URL: string } | { DATA_DIR: string };
  open(): DatabaseHandle;
  drop(): Promise<void>;
}

/** A database with nothing in it, not even the migrations: what a first start finds. */
async function emptyDatabase(dialect: Dialect): Promise<EmptyDatabase> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbx-first-'));
    return { env: { DATA_DIR: dir }, open: () => openSqlite(sqliteFile(dir)), drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const created = await createPgDatabase('mbx_first');
  return { env: { DATABASE_URL: created.url }, open: () => openPostgres(created.url, 2), drop: () => created.drop() };
}

/** What the demo store is made of, without ids or instants, so two seeds compare equal. */
async function demoStore(handle: DatabaseHandle) {
  const { db } = handle;
  const count = async (table: 'machine' | 'bulletin' | 'bulletin_text' | 'bulletin_file' | 'announcement' | 'ledger') =>
    Number((await db.selectFrom(table).select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return {
    migrations: (await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db)).rows.map((r) => r.name),
    stores: await db.selectFrom('store').select(['id', 'name', 'credit_cents', 'comps_budget_cents']).execute(),
    accounts: (await db.selectFrom('account').select(['username', 'sa_type']).orderBy('username').execute()).map((a) => `${a.username}:${a.sa_type}`),
    customers: (await db.selectFrom('customer').select(['mobile_id', 'entries_cents', 'winnings_cents']).orderBy('mobile_id').execute()).map((c) => `${c.mobile_id}:${c.entries_cents}:${c.winnings_cents}`),
    drawers: (await db.selectFrom('drawer').select('number').orderBy('number').execute()).map((d) => d.number),
    machines: await count('machine'),
    bulletins: [await count('bulletin'), await count('bulletin_text'), await count('bulletin_file')],
    announcements: await count('announcement'),
    ledgerRows: await count('ledger'),
    verify: await verifyLedger(db),
  };
}

/** Where a kill left the database: nothing, migrations only, the whole store, or (never acceptable) part of one. */
async function stateAfterKill(handle: DatabaseHandle, whole: Awaited<ReturnType<typeof demoStore>>): Promise<string> {
  let now;
  try {
    now = await demoStore(handle);
  } catch {
    return 'not migrated';
  }
  if (!now.stores.length) return 'migrated, no store';
  return JSON.stringify(now) === JSON.stringify(whole) ? 'the whole store' : `part of a store (${now.accounts.length} accounts, ${now.customers.length} customers)`;
}

async function startedOnce(db: EmptyDatabase) {
  const server = await startServerProcess(db.env);
  await server.stop();
  const handle = db.open();
  try {
    return await demoStore(handle);
  } finally {
    await handle.close();
  }
}

describe.each(['sqlite', 'postgres'] as const)('the first start on %s', (dialect) => {
  const dropLater: EmptyDatabase[] = [];
  afterAll(async () => {
    for (const d of dropLater) await d.drop();
  });

  it(`${KILLS} kills with SIGKILL during the first start: the next start finds the whole demo store`, async () => {
    // An uninterrupted first start: the demo store as it must be, and how long a start takes.
    const reference = await emptyDatabase(dialect);
    dropLater.push(reference);
    const t0 = performance.now();
    const whole = await startedOnce(reference);
    const startMs = performance.now() - t0;
    expect(whole.accounts).toEqual(['boss01:1', 'cashier01:2', 'simulator1001:1']);
    expect(whole.customers).toHaveLength(5);
    expect(whole.verify).toEqual([]);

    const random = randomSource(dialect === 'sqlite' ? 25 : 52);
    const states: string[] = [];
    for (let round = 0; round < KILLS; round++) {
      const db = await emptyDatabase(dialect);
      dropLater.push(db);
      // Spread over the second half of the start, where the migrations and the seed run (the first
      // half loads the code), each at a random point of its own slice.
      const afterMs = Math.round(startMs * (0.5 + (0.5 * (round + random())) / KILLS));
      const started = await killDuringStart(db.env, afterMs);
      const handle = db.open();
      states.push(`${afterMs} ms: ${started ? 'had started' : await stateAfterKill(handle, whole)}`);
      await handle.close();
      expect(await startedOnce(db), `after a kill at ${afterMs} ms`).toEqual(whole);
    }
    console.log(`${dialect}: a start takes ${Math.round(startMs)} ms; kills at ${states.join('; ')}`);
    // No kill left part of a store behind.
    expect(states.filter((s) => s.includes('part of a store'))).toEqual([]);
  }, 240_000);
});
