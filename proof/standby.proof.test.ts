/**
 * A synchronous standby takes over (issue 25): two PostgreSQL clusters made by the test with
 * Debian's tools (a primary with synchronous_commit on and the standby in synchronous_standby_names,
 * and a standby streaming from it), two server processes configured with both hosts
 * (`postgres://…@primary,standby/moneybox?target_session_attrs=read-write`), 30 clients of
 * purchases, redeems, fills and bleeds. Mid-load the primary's postmaster stops at once
 * (`pg_ctlcluster stop -m immediate`), and the standby is promoted (`pg_ctlcluster promote`, the
 * operator's command). Every request answered 0 is in the new primary's ledger, none twice (each
 * request resent with its key), verify passes, and both servers serve again without a restart:
 * their pools find the new primary by themselves. The outage the clients saw is printed. Then the old
 * primary is rebuilt as the new primary's synchronous standby (pg_rewind) and a purchase reaches it.
 *
 * Then reports on the standby as a read replica (REPLICA_DATABASE_URL): the report calls read it
 * while its lag is within REPLICA_MAX_LAG_SECONDS, money calls never do.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Status } from '@moneybox/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../packages/server/src/db/database.js';
import { migrate } from '../packages/server/src/money/migrate.js';
import { callApi, checkLedgerAgainstAnswers, openCounters, retryAll, runMoneyLoad, setupLoadStore, type SentRequest } from '../packages/server/src/testing/money-load.js';
import { startServerProcess, type ServerProcess } from '../packages/server/src/testing/server-process.js';
import { createStandbyPair, type StandbyPair } from '../packages/server/src/testing/standby.js';

const KIOSK = 7601;
const CLIENTS = 30;
const ENV = { KEY_IP_LIMIT: '100000000', LOGIN_IP_LIMIT: '100000', LOGIN_USER_LIMIT: '100000' };
const root = path.resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function until(what: string, ok: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('a synchronous standby takes over (PostgreSQL)', () => {
  let pair: StandbyPair | undefined;
  let handle: DatabaseHandle | undefined;
  let after: DatabaseHandle | undefined;
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of servers) await s.kill();
    await handle?.close().catch(() => undefined);
    await after?.close().catch(() => undefined);
    await pair?.drop();
  });

  it(`the primary dies under ${CLIENTS} clients on two servers: the promoted standby has every movement answered 0, once`, async () => {
    pair = await createStandbyPair((p) => (pair = p));
    console.log('standby: clusters ready');
    handle = openPostgres(pair.bothUrl, 4);
    await migrate(handle);
    const store = await setupLoadStore(handle.db, { kiosk: KIOSK, drawers: 8, customers: 12 });
    await handle.close();
    handle = undefined;
    for (let i = 0; i < 2; i++) servers.push(await startServerProcess({ DATABASE_URL: pair.bothUrl }, ENV));
    console.log('standby: servers up');
    const bases = servers.map((s) => s.url);
    const counters = await openCounters(bases[0]!, store);
    const exited: boolean[] = servers.map(() => false);
    servers.forEach((s, i) => void s.exited.then(() => (exited[i] = true)));

    let stop!: () => void;
    const stopped = new Promise<void>((r) => (stop = r));
    const sent: SentRequest[] = [];
    const load = runMoneyLoad({ bases, counters, customerIds: store.customerIds, clients: CLIENTS, seed: 2501, until: stopped, sent });
    await until('the load under way', () => sent.filter((s) => s.status === Status.OK).length >= 200, 60_000);
    const killedAt = performance.now();
    await pair.killPrimary();
    // The operator notices and promotes: a second later.
    await sleep(1000);
    await pair.promote();
    const promotedAt = performance.now();
    await until('answers 0 after the promotion', () => sent.some((s) => s.status === Status.OK && s.answeredAt! > promotedAt), 30_000);
    await sleep(1500);
    stop();
    await load;

    expect(exited, servers.map((s) => s.output()).join('\n')).toEqual([false, false]);
    const failures = sent.filter((s) => s.status !== Status.OK && (s.answeredAt ?? killedAt) >= killedAt);
    const firstFailure = Math.min(...failures.map((s) => s.answeredAt ?? killedAt));
    const firstSuccess = Math.min(...sent.filter((s) => s.status === Status.OK && s.answeredAt! > firstFailure).map((s) => s.answeredAt!));
    const statuses = [...new Set(sent.map((s) => s.status))];
    console.log(
      `standby failover: ${sent.length} requests, ${sent.filter((s) => s.status === Status.OK).length} answered 0, answers ${JSON.stringify(statuses)}; ` +
        `outage seen by clients ${Math.round(firstSuccess - firstFailure)} ms (first failure to first success; the promotion came ${Math.round(promotedAt - killedAt)} ms after the kill, ` +
        `first success ${Math.round(firstSuccess - promotedAt)} ms after it)`,
    );
    // Every call was answered (no server went away), and the ones the failover hit with a catalogued status.
    expect(sent.filter((s) => s.status === null)).toEqual([]);
    expect(statuses.every((s) => s === Status.OK || s === Status.EXECUTE_ERROR)).toBe(true);

    // Each request again with its key, on the new primary: what was answered 0 is "already recorded".
    await retryAll(bases, sent);
    after = openPostgres(pair.url(pair.standbyPort), 4);
    expect((await pair.query<{ standby: boolean }>(pair.standbyPort, 'SELECT pg_is_in_recovery() AS standby'))[0]!.standby).toBe(false);
    // An answer 14 is an unknown outcome (cut before or after its commit), settled by its resend.
    const settled = sent.map((s) => (s.status === Status.EXECUTE_ERROR ? { ...s, status: null } : s));
    expect(await checkLedgerAgainstAnswers(after.db, KIOSK, settled)).toEqual([]);
    // Both servers serve on the new primary, the same processes: a fresh purchase through each.
    for (const base of bases) {
      const { key } = await callApi(base, '/config/key', {});
      expect((await callApi(base, '/customer/purchase', { ...counters[0]!, id: store.customerIds[0], amount: 1, key })).status).toBe(Status.OK);
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
    }
    // The operator's verify, as a process, with the servers' two-host setting.
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'packages/server/src/cli/main.ts', 'verify'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: pair.bothUrl },
    });
    expect(stdout).toContain('Ledger verified');

    // The old primary rebuilt as the new primary's synchronous standby (docs/ops/standby.md): pg_rewind, then
    // streaming in sync; a purchase commits with it (it waits for this standby) and reaches it.
    await pair.rebuildOldPrimary();
    const { key } = await callApi(bases[0]!, '/config/key', {});
    expect((await callApi(bases[0]!, '/customer/purchase', { ...counters[0]!, id: store.customerIds[0], amount: 1, key })).status).toBe(Status.OK);
    expect((await pair.query<{ standby: boolean }>(pair.primaryPort, 'SELECT pg_is_in_recovery() AS standby'))[0]!.standby).toBe(true);
    const rows = (port: number) => pair!.query<{ n: string }>(port, 'SELECT count(*) AS n FROM ledger').then((r) => r[0]!.n);
    const onPrimary = await rows(pair.standbyPort);
    const deadline = Date.now() + 10_000;
    while ((await rows(pair.primaryPort)) !== onPrimary && Date.now() < deadline) await sleep(100);
    expect(await rows(pair.primaryPort)).toBe(onPrimary);
  }, 240_000);
});

describe('reports read a replica, money calls never (REPLICA_DATABASE_URL)', () => {
  let pair: StandbyPair | undefined;
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of servers) await s.kill();
    await pair?.drop();
  });

  const metric = async (base: string, name: string) => {
    const text = await (await fetch(`${base}/metrics`)).text();
    const m = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
    return m ? Number(m[1]) : undefined;
  };
  const waitFor = async (what: string, ok: () => Promise<boolean>) => {
    for (let i = 0; !(await ok()); i++) {
      if (i > 600) throw new Error(`timed out waiting for ${what}`);
      await sleep(50);
    }
  };

  it('a report does not see what the paused replica has not replayed (bound 1 h); over a 1 s bound it reads the primary; a money call reads the primary', async () => {
    pair = await createStandbyPair((p) => (pair = p));
    const handle = openPostgres(pair.url(pair.primaryPort), 2);
    await migrate(handle);
    const store = await setupLoadStore(handle.db, { kiosk: KIOSK + 1, drawers: 1, customers: 1 });
    await handle.close();
    const replicaEnv = (bound: number) => ({ ...ENV, REPLICA_DATABASE_URL: pair!.url(pair!.standbyPort), REPLICA_MAX_LAG_SECONDS: String(bound) });
    const patient = await startServerProcess({ DATABASE_URL: pair.url(pair.primaryPort) }, replicaEnv(3600));
    servers.push(patient);
    const strict = await startServerProcess({ DATABASE_URL: pair.url(pair.primaryPort) }, replicaEnv(1));
    servers.push(strict);
    const [counter] = await openCounters(patient.url, store);
    const purchase = async (base: string, key?: string) => {
      const k = key ?? ((await callApi(base, '/config/key', {})).key as string);
      return { key: k, status: (await callApi(base, '/customer/purchase', { ...counter!, id: store.customerIds[0], amount: 12.34, key: k })).status };
    };
    const purchases = async (base: string) => {
      const r = await callApi(base, '/drawer/transaction', { UID: counter!.UID, TOKEN: counter!.TOKEN, fun_name: 'purchase' });
      expect(r.status, JSON.stringify(r)).toBe(0);
      return r.total as number;
    };
    for (const s of servers) await waitFor('reports on the replica', async () => (await metric(s.url, 'moneybox_replica_serving_reports')) === 1);

    expect((await purchase(patient.url)).status).toBe(Status.OK);
    await waitFor('the first purchase replayed and reported', async () => (await purchases(patient.url)) === 1);

    // The replica stops replaying (its WAL still arrives: the primary's synchronous commits go on).
    await pair.query(pair.standbyPort, 'SELECT pg_wal_replay_pause()');
    const second = await purchase(patient.url);
    expect(second.status).toBe(Status.OK);
    // The report reads the replica, which has not replayed the second purchase.
    expect(await purchases(patient.url)).toBe(1);
    // A money call reads the primary: a third purchase with a key taken after the pause goes through
    // (the replica has no such key: read there, it would answer 12), and the second's key resent is
    // already recorded (12), not applied again.
    expect((await purchase(patient.url)).status).toBe(Status.OK);
    expect((await purchase(patient.url, second.key)).status).toBe(Status.KEY_ERROR);
    expect(await purchases(patient.url)).toBe(1);
    // Over its 1 s bound the strict server's reports read the primary, and show the lag.
    await waitFor('the strict server off the replica', async () => (await metric(strict.url, 'moneybox_replica_serving_reports')) === 0);
    expect(await metric(strict.url, 'moneybox_replica_lag_seconds')).toBeGreaterThan(1);
    expect(await purchases(strict.url)).toBe(3);

    await pair.query(pair.standbyPort, 'SELECT pg_wal_replay_resume()');
    await waitFor('the replica caught up', async () => (await purchases(patient.url)) === 3);
    // Back on the replica once its lag is within the bound again: waited for, as an event.
    await waitFor('the strict server back on the replica, its lag within the bound', async () => (await metric(strict.url, 'moneybox_replica_serving_reports')) === 1 && ((await metric(strict.url, 'moneybox_replica_lag_seconds')) ?? Infinity) <= 1);
  }, 120_000);
});
