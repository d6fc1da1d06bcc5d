/**
 * A cut database connection (issue 25): the server process on PostgreSQL, under 16 clients of
 * purchases, redeems, fills and bleeds, sees every connection of its database ended by the
 * database (`pg_terminate_backend`, as a restart, a failover or a network blip does), three times.
 * The process stays up: calls in flight get a catalogued status, every request answered 0 is in
 * the ledger once (resent with its key), the server serves again at once, its LISTEN connection
 * listens again, and verify passes.
 */
import { Status } from '@moneybox/contract';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase, TEST_PG_URL, type TestDatabase } from '../packages/server/src/testing/databases.js';
import { callApi, checkLedgerAgainstAnswers, openCounters, retryAll, runMoneyLoad, setupLoadStore, type SentRequest } from '../packages/server/src/testing/money-load.js';
import { startServerProcess, type ServerProcess } from '../packages/server/src/testing/server-process.js';

const KIOSK = 7501;
const CLIENTS = 16;
const CUTS = 3;
const ENV = { KEY_IP_LIMIT: '100000000', LOGIN_IP_LIMIT: '100000', LOGIN_USER_LIMIT: '100000' };
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Ends every connection to `database` but the caller's own, from a connection to another database. */
async function terminateBackends(database: string): Promise<number> {
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  try {
    const r = await admin.query('SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
    return r.rows.filter((row: { ended: boolean }) => row.ended).length;
  } finally {
    await admin.end();
  }
}

async function listening(database: string): Promise<number> {
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  try {
    const r = await admin.query("SELECT COUNT(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN %'", [database]);
    return (r.rows[0] as { n: number }).n;
  } finally {
    await admin.end();
  }
}

describe('database connections cut under load (PostgreSQL)', () => {
  let database: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill();
    await database?.drop();
  });

  it(`${CUTS} cuts of every connection under ${CLIENTS} clients: the process lives, nothing answered 0 is lost, it serves again`, async () => {
    database = await freshDatabase('postgres');
    const name = new URL(database.url!).pathname.slice(1);
    const store = await setupLoadStore(database.handle.db, { kiosk: KIOSK, drawers: 8, customers: 12 });
    server = await startServerProcess({ DATABASE_URL: database.url! }, ENV);
    const counters = await openCounters(server.url, store);
    let exited = false;
    void server.exited.then(() => (exited = true));

    let stop!: () => void;
    const until = new Promise<void>((r) => (stop = r));
    const sent: SentRequest[] = [];
    const load = runMoneyLoad({ bases: [server.url], counters, customerIds: store.customerIds, clients: CLIENTS, seed: 25, until, sent });
    let ended = 0;
    for (let cut = 0; cut < CUTS; cut++) {
      await sleep(700);
      ended += await terminateBackends(name);
    }
    await sleep(1500);
    stop();
    await load;
    await sleep(200);

    expect(exited, `the server process ended:\n${server.output()}`).toBe(false);
    expect(ended).toBeGreaterThan(CUTS);
    const statuses = new Set(sent.map((s) => s.status));
    console.log(`connection cut: ${ended} backends ended, ${sent.length} sent, answers ${JSON.stringify([...statuses])}, ${sent.filter((s) => s.status === Status.EXECUTE_ERROR).length} answered ${Status.EXECUTE_ERROR}`);
    // Every call had an answer (the process never went away), and the ones the cut hit a catalogued one.
    expect(sent.filter((s) => s.status === null)).toEqual([]);
    expect([...statuses].every((s) => s === Status.OK || s === Status.EXECUTE_ERROR)).toBe(true);
    // The load went on after the last cut: the server served again as soon as the database answered.
    const afterCuts = sent.slice(-CLIENTS * 4);
    expect(afterCuts.filter((s) => s.status === Status.OK).length).toBeGreaterThan(0);

    await retryAll([server.url], sent);
    // A call cut between its COMMIT and the answer is applied yet answered 14: like a call with no
    // answer, it is settled by its resend (12, already recorded), never applied twice.
    const settled = sent.map((s) => (s.status === Status.EXECUTE_ERROR ? { ...s, status: null } : s));
    expect(await checkLedgerAgainstAnswers(database.handle.db, KIOSK, settled)).toEqual([]);
    expect((await callApi(server.url, '/customer/purchase', { ...counters[0]!, id: store.customerIds[0], amount: 1, key: (await callApi(server.url, '/config/key', {})).key })).status).toBe(Status.OK);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    // The terminal bus listens again on one new connection (a backend of a cut connection may linger
    // in pg_stat_activity a moment before PostgreSQL notices its client gone: waited out, not counted).
    let listeners = 0;
    for (let i = 0; i < 100 && listeners !== 1; i++) {
      listeners = await listening(name);
      if (listeners !== 1) await sleep(100);
    }
    expect(listeners).toBe(1);
  }, 60_000);
});
