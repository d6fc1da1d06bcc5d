import { Status } from '@moneybox/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { settingsFromEnv } from '../settings.js';
import { TEST_PG_URL, dialects, freshDatabase } from '../testing/databases.js';
import { openCounter, newCustomer } from '../testing/customer-kit.js';
import { describeOnDatabases } from '../testing/server.js';
import { bossSession, enrolTerminal } from '../testing/terminal-kit.js';
import { metricSample as sample } from '../testing/ops-kit.js';

describeOnDatabases('health, readiness and metrics', (s, dialect) => {
  const metrics = async (headers: Record<string, string> = {}) => {
    const res = await s.raw('/metrics', { headers });
    return { code: res.status, text: await res.text() };
  };

  it('GET /healthz answers 200 while the process is up; GET /readyz 200 with the database current', async () => {
    const h = await s.raw('/healthz');
    expect(h.status).toBe(200);
    expect(await h.json()).toEqual({ ok: true });
    const r = await s.raw('/readyz');
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ ok: true, database: dialect });
  });

  it('GET /readyz answers 503 when a migration is missing or the database is from a newer release', async () => {
    const last = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(s.handle.db);
    const name = last.rows[0]!.name;
    await sql`DELETE FROM kysely_migration WHERE name = ${name}`.execute(s.handle.db);
    try {
      const r = await s.raw('/readyz');
      expect(r.status).toBe(503);
      expect(((await r.json()) as { error: string }).error).toBe(`migrations pending: ${name}`);
    } finally {
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${name}, ${new Date().toISOString()})`.execute(s.handle.db);
    }
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('999_future', ${new Date().toISOString()})`.execute(s.handle.db);
    try {
      const r = await s.raw('/readyz');
      expect(r.status).toBe(503);
      expect(((await r.json()) as { error: string }).error).toMatch(/newer release: 999_future/);
    } finally {
      await sql`DELETE FROM kysely_migration WHERE name = '999_future'`.execute(s.handle.db);
    }
    expect((await s.raw('/readyz')).status).toBe(200);
  });

  it('every reply carries its request id; a plain X-Request-Id from a proxy is kept', async () => {
    const a = await s.raw('/healthz');
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const b = await s.raw('/healthz', { headers: { 'x-request-id': 'edge-42' } });
    expect(b.headers.get('x-request-id')).toBe('edge-42');
    const c = await s.raw('/healthz', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(c.headers.get('x-request-id')).not.toBe('bad id with spaces');
  });

  it('/metrics: loopback reads it; a forwarded request needs the METRICS_TOKEN bearer', async () => {
    expect((await metrics()).code).toBe(200);
    expect((await metrics({ 'x-forwarded-for': '203.0.113.9' })).code).toBe(403);
    expect((await metrics({ forwarded: 'for=203.0.113.9' })).code).toBe(403);
    expect((await metrics({ 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer wrong-secret-1' })).code).toBe(403);
    const ok = await metrics({ 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer scrape-secret-1' });
    expect(ok.code).toBe(200);
    expect(ok.text).toContain('moneybox_http_requests_total');
  });

  it('counts requests per call and status, money movements per kind, open shifts, terminals, the pool', async () => {
    const before = (await metrics()).text;
    const call = '/API/customer/purchase';
    const okBefore = sample(before, 'moneybox_http_requests_total', { call, code: '200', status: '0' }) ?? 0;
    const refusedBefore = sample(before, 'moneybox_http_requests_total', { call, code: '200', status: '5' }) ?? 0;
    const purchasesBefore = sample(before, 'moneybox_money_movements_total', { kind: 'purchase', channel: 'pos' }) ?? 0;
    const shiftsBefore = sample(before, 'moneybox_open_shifts')!;

    const counter = await openCounter(s, 1000);
    const c = await newCustomer(s, counter);
    for (let i = 0; i < 3; i++) expect((await s.call('/customer/purchase', { ...counter, id: c.id, amount: 10, key: await s.key() })).status).toBe(Status.OK);
    expect((await s.call('/customer/purchase', { UID: counter.UID, TOKEN: 'not-the-token', id: c.id, amount: 10, key: await s.key() })).status).toBe(Status.SESSION_REPLACED);
    // A refused movement (more than the customer has) counts no movement.
    expect((await s.call('/customer/redeem', { ...counter, id: c.id, amount: 99999, key: await s.key() })).status).not.toBe(Status.OK);
    const t = await enrolTerminal(s, await bossSession(s));

    const after = (await metrics()).text;
    expect(sample(after, 'moneybox_http_requests_total', { call, code: '200', status: '0' })).toBe(okBefore + 3);
    expect(sample(after, 'moneybox_http_requests_total', { call, code: '200', status: '5' })).toBe(refusedBefore + 1);
    expect(sample(after, 'moneybox_http_request_duration_seconds_count', { call, code: '200', status: '0' })).toBe(okBefore + 3);
    expect(sample(after, 'moneybox_money_movements_total', { kind: 'purchase', channel: 'pos' })).toBe(purchasesBefore + 3);
    expect(sample(after, 'moneybox_money_movements_total', { kind: 'redeem', channel: 'pos' }) ?? 0).toBe(sample(before, 'moneybox_money_movements_total', { kind: 'redeem', channel: 'pos' }) ?? 0);
    expect(sample(after, 'moneybox_open_shifts')).toBe(shiftsBefore + 1);
    expect(sample(after, 'moneybox_terminals_connected')).toBe(1);
    if (dialect === 'sqlite') {
      expect(sample(after, 'moneybox_group_commit_batch_size_count')).toBeGreaterThan(0);
      expect(sample(after, 'moneybox_db_pool_connections', { state: 'total' })).toBeUndefined();
    } else {
      // The pool's own counts: open connections up to its size, idle ones among them, waiting requests
      // (one being connected counts as waiting while the pool grows) at most one per connection.
      const max = s.handle.pgPool!.options.max;
      const total = sample(after, 'moneybox_db_pool_connections', { state: 'total' })!;
      const idle = sample(after, 'moneybox_db_pool_connections', { state: 'idle' })!;
      const waiting = sample(after, 'moneybox_db_pool_connections', { state: 'waiting' })!;
      expect(total).toBeGreaterThan(0);
      expect(total).toBeLessThanOrEqual(max);
      for (const count of [idle, waiting]) expect(Number.isInteger(count)).toBe(true);
      expect(idle).toBeGreaterThanOrEqual(0);
      expect(idle).toBeLessThanOrEqual(total);
      expect(waiting).toBeGreaterThanOrEqual(0);
      expect(waiting).toBeLessThanOrEqual(max);
    }
    await t.socket.close();
  });
}, { settings: { metricsToken: 'scrape-secret-1' } });

describe.each(dialects)('GET /readyz on %s when the database is gone', (dialect) => {
  it('answers 503 "database unreachable" while /healthz still answers 200', async () => {
    const database = await freshDatabase(dialect);
    const app = await buildApp({ handle: database.handle, settings: settingsFromEnv({}) }, { logger: false });
    const name = database.url ? new URL(database.url).pathname.slice(1) : '';
    const admin = async (q: string) => {
      const c = new pg.Client({ connectionString: TEST_PG_URL });
      await c.connect();
      await c.query(q);
      await c.end();
    };
    try {
      expect((await app.inject('/readyz')).statusCode).toBe(200);
      if (dialect === 'sqlite') await database.handle.close();
      else {
        // The database refuses every new connection and loses the ones it had (a server gone away).
        await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
      }
      const r = await app.inject('/readyz');
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({ ok: false, error: 'database unreachable', database: dialect });
      expect((await app.inject('/healthz')).statusCode).toBe(200);
      if (dialect === 'postgres') {
        await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
        expect((await app.inject('/readyz')).statusCode).toBe(200);
      }
    } finally {
      if (dialect === 'postgres') await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await app.close().catch(() => undefined);
      await database.drop().catch(() => undefined);
    }
  });
});
