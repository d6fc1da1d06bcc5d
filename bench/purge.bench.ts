/**
 * Purchases while the housekeeping purge removes 1,200,000 expired one-time keys (issue 25: one
 * DELETE of them held SQLite's only connection, and a purchase behind it, for 1.1 s). Closed-loop
 * purchases through the HTTP API (bench/lib/load.ts, 10 keep-alive clients) measured from the
 * purge's start to its end, three times on each database:
 *  - baseline: the same load for a few seconds with no purge (same run);
 *  - one DELETE of every expired key: what the purge was before issue 25;
 *  - the purge as it is (jobs/purge.ts): batches of PURGE_BATCH_ROWS between the money calls.
 * The column that matters is the worst purchase: with one DELETE it is about the DELETE's time.
 *
 * Env: BENCH_PURGE_KEYS (default 1,200,000), BENCH_DATABASES (default "sqlite,postgres").
 */
import type { Dialect } from '../packages/server/src/db/database.js';
import { PURGE_BATCH_ROWS, purgeStaleRows } from '../packages/server/src/jobs/purge.js';
import { insertExpiredKeys } from '../packages/server/src/testing/expired-keys.js';
import { openShifts, startServer } from './lib/api.js';
import { benchDatabase } from './lib/bench-db.js';
import { expectLedgerVerified, onEachDatabase } from './lib/on-databases.js';
import { insertKeys, setupCounterStore } from './lib/counter.js';
import { runPurchaseLoad, type LoadResult } from './lib/load.js';
import { p50, p99, round, type BenchRow } from './measure.js';

const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
const EXPIRED = int(process.env.BENCH_PURGE_KEYS, 1_200_000);

export const title = `Purchases during the purge of ${EXPIRED.toLocaleString('en-US')} expired keys (10 clients, HTTP API), beside the same load without a purge`;
const CLIENTS = 10;
const KIOSK = 7101;
const WARMUP_MS = 1000;
const BASELINE_MS = 5000;
/** Keys for one run: more than 10 clients spend here in the longest purge (a run that runs out is marked). */
const KEYS_PER_RUN = 150_000;
const DAY_MS = 24 * 3600 * 1000;

function line(database: Dialect, run: string, purgeMs: number | undefined, r: LoadResult): BenchRow {
  const note = [r.errors ? `INVALID: ${r.errors} not status 0, e.g. ${r.firstError}` : '', r.exhausted ? 'INVALID: keys ran out' : ''].filter(Boolean).join('; ');
  return {
    database,
    run,
    'purge s': purgeMs === undefined ? '' : round(purgeMs / 1000, 1),
    purchases: r.n,
    'per s': round((r.n * 1000) / r.totalMs, 0),
    'p50 ms': round(p50(r)),
    'p99 ms': round(p99(r)),
    'worst ms': round(r.latencies[r.latencies.length - 1] ?? Number.NaN),
    ...(note ? { note } : {}),
  };
}

async function benchDialect(dialect: Dialect): Promise<BenchRow[]> {
  const database = await benchDatabase(dialect);
  const { handle } = database;
  const server = await startServer(handle);
  try {
    const store = await setupCounterStore(handle.db, { kiosk: KIOSK, drawers: CLIENTS, customers: 1000 });
    const sessions = await openShifts(server, KIOSK, store.cashiers);
    /** The load measured from its warm-up's end until `during` settles; with how long `during` took. */
    const underLoad = async (during: () => Promise<unknown>) => {
      let ms = 0;
      const timed = async () => {
        const t = performance.now();
        await during();
        ms = performance.now() - t;
      };
      const keys = await insertKeys(handle.db, KEYS_PER_RUN);
      const result = await runPurchaseLoad({ base: server.base, concurrency: CLIENTS, sessions, customerIds: store.customerIds, keys, warmupMs: WARMUP_MS, measureMs: 600_000, amount: 1 }, timed);
      return { result, ms };
    };
    const expiredBefore = () => new Date(Date.now() - 2 * DAY_MS).toISOString();
    const rows: BenchRow[] = [];

    const baseline = await underLoad(() => new Promise((resolve) => setTimeout(resolve, BASELINE_MS)));
    rows.push(line(dialect, 'baseline: no purge', undefined, baseline.result));

    await insertExpiredKeys(handle, EXPIRED, expiredBefore());
    const cutoff = new Date(Date.now() - DAY_MS).toISOString();
    const single = await underLoad(() => handle.db.deleteFrom('one_time_key').where('expires_at', '<', cutoff).execute());
    rows.push(line(dialect, 'one DELETE of every expired key (before issue 25)', single.ms, single.result));

    await insertExpiredKeys(handle, EXPIRED, expiredBefore());
    let removed = 0;
    const batched = await underLoad(async () => (removed = (await purgeStaleRows(handle)).keys));
    if (removed !== EXPIRED) throw new Error(`the purge removed ${removed} keys of ${EXPIRED}`);
    rows.push(line(dialect, `purgeStaleRows: batches of ${PURGE_BATCH_ROWS.toLocaleString('en-US')} (now)`, batched.ms, batched.result));

    await expectLedgerVerified(handle.db, dialect);
    return rows;
  } finally {
    await server.app.close();
    await database.drop();
  }
}

export function run(): Promise<BenchRow[]> {
  return onEachDatabase(benchDialect);
}
