import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { Status } from '@moneybox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer, openCounter } from '../testing/customer-kit.js';
import { TEST_PG_URL } from '../testing/databases.js';
import { startTestServer, type Reply, type Session, type TestServer } from '../testing/server.js';
import { startStallingProxy, type StallingProxy } from '../testing/stalling-proxy.js';
import { openPostgres } from './database.js';
import type { DatabaseBounds } from './pg-bounds.js';

/** Short bounds, so the test waits seconds (long enough for a loaded machine); the defaults are in settings.ts and the README. */
const BOUNDS: DatabaseBounds = { acquireMs: 2000, lockMs: 2000, statementMs: 3000 };

/**
 * A PostgreSQL that stops answering: the server's connections go through a proxy that stops forwarding
 * (packets dropped, sockets kept open), or its backends are stopped (`kill -STOP`). Every call waiting on
 * it answers 14 within its bounds instead of hanging, readiness says not ready, and once the database
 * answers again the server serves; a purchase left with an unknown outcome resent with its key is
 * applied once (0) or answered as already used (12), never twice.
 */
describe('a PostgreSQL that hangs', { timeout: 120_000 }, () => {
  let proxy: StallingProxy;
  let s: TestServer;
  let counter: Session;
  let customer: { id: number };
  const keys: string[] = [];

  const purchase = async (key: string): Promise<Reply> => s.call('/customer/purchase', { ...counter, id: customer.id, amount: 1, key });
  const ready = async () => (await s.raw('/readyz')).status;
  const until = async (what: () => Promise<boolean>) => {
    while (!(await what())) await new Promise((r) => setTimeout(r, 100));
  };
  const newKey = async () => {
    const k = await s.key();
    keys.push(k);
    return k;
  };
  /** Resends every key until each has an answer that settles it: 0 (applied now) or 12 (applied before). */
  const settleAll = async () => {
    for (const k of keys) {
      let r = await purchase(k);
      while (r.status === Status.EXECUTE_ERROR) r = await purchase(k);
      expect([Status.OK, Status.KEY_ERROR]).toContain(r.status);
    }
  };
  /** Every key's purchase is in the ledger exactly once, and every balance is its ledger's sum. */
  const booksHold = async () => {
    await settleAll();
    const rows = await s.handle.db.selectFrom('ledger').select('id').where('customer_id', '=', customer.id).where('kind', '=', 'purchase').execute();
    expect(rows).toHaveLength(keys.length);
    await s.verify();
  };

  beforeAll(async () => {
    const url = new URL(TEST_PG_URL);
    proxy = await startStallingProxy({ host: url.hostname, port: Number(url.port || 5432) });
    s = await startTestServer(
      'postgres',
      { databaseBounds: BOUNDS, reportRefreshMs: 0, alertSweepMs: 0, webhookDeliverMs: 0 },
      { serverHandle: (databaseUrl) => openPostgres(proxy.via(databaseUrl), 6, BOUNDS) },
    );
    counter = await openCounter(s, 1000);
    customer = await newCustomer(s, counter);
    expect((await purchase(await newKey())).status).toBe(Status.OK);
  });
  afterAll(async () => {
    proxy?.resume();
    await s?.close();
    await proxy?.close();
  });

  it('packets dropped: calls answer 14 instead of hanging, readiness says not ready; forwarding again, the server serves and nothing is lost or doubled', async () => {
    const stalledKeys = [await newKey(), await newKey(), await newKey()];
    proxy.stall();
    const answers = await Promise.all([
      ...stalledKeys.map(purchase),
      s.call('/customer/info', { ...counter, type: 'id', rule: customer.id }),
      s.call('/drawer/info', counter),
    ]);
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => Status.EXECUTE_ERROR));
    expect(await ready()).toBe(503);
    // A fresh connection is no better: the acquire bound answers.
    expect((await s.call('/customer/info', { ...counter, type: 'id', rule: customer.id })).status).toBe(Status.EXECUTE_ERROR);

    proxy.resume();
    await until(async () => (await ready()) === 200);
    expect((await purchase(await newKey())).status).toBe(Status.OK);
    await booksHold();
  });

  it('connections cut while stalled: the server opens new ones and serves', async () => {
    const key = await newKey();
    proxy.stall();
    expect((await purchase(key)).status).toBe(Status.EXECUTE_ERROR);
    proxy.cut();
    proxy.resume();
    await until(async () => (await ready()) === 200);
    expect((await purchase(await newKey())).status).toBe(Status.OK);
    await booksHold();
  });

  it('the server\'s backends stopped (kill -STOP): calls answer 14, and once they run again the server serves', async () => {
    // The previous test cut every connection; the pool finds a dead one only when a call takes it, and
    // opens new ones as calls need them. A burst as wide as the pool until every call answers at once,
    // so all its connections are open, alive and idle when the backends are listed: the pool hands out
    // an idle connection before it opens another, so the calls below meet stopped ones.
    const burst = () => Promise.all([purchase(keys[0]!), ...Array.from({ length: 5 }, () => s.call('/customer/info', { ...counter, type: 'id', rule: customer.id }))]);
    await until(async () => (await burst()).every((r) => r.status === Status.OK || r.status === Status.KEY_ERROR));
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    // Our server's connections only (they come through the proxy, in this test's own database); idle
    // between calls, so they hold no lock the rest of the PostgreSQL server could wait on.
    const databaseName = new URL(s.databaseUrl!).pathname.slice(1);
    const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [databaseName]);
    const pids = rows.map((r) => String(r.pid));
    expect(pids.length).toBeGreaterThan(0);
    const key = await newKey();
    execFileSync('kill', ['-STOP', ...pids]);
    try {
      // A call on a stopped backend's connection answers 14; one the pool gives a new connection (a new
      // backend, running) is served: none hangs.
      const answers = await Promise.all([purchase(key), ...Array.from({ length: 5 }, () => s.call('/customer/info', { ...counter, type: 'id', rule: customer.id }))]);
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((st) => st !== Status.OK && st !== Status.EXECUTE_ERROR)).toEqual([]);
      expect(statuses).toContain(Status.EXECUTE_ERROR);
    } finally {
      execFileSync('kill', ['-CONT', ...pids]);
      await admin.end();
    }
    await until(async () => (await ready()) === 200);
    expect((await purchase(await newKey())).status).toBe(Status.OK);
    await booksHold();
  });
});
