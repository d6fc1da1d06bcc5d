/**
 * Purchases per second and latency through the real HTTP API (Fastify on a port, 50 keep-alive
 * clients in a worker thread), on SQLite (synchronous=FULL) and PostgreSQL, each beside a baseline
 * measured in the same run:
 *  - SQLite: the purchase's writes done directly on the database file with better-sqlite3,
 *    sequential, no HTTP (bench/lib/sqlite-baseline.ts);
 *  - PostgreSQL: pgbench's built-in tpcb-like run at the same concurrency (bench/lib/pgbench.ts).
 * Keys are inserted before the timed loop (one row each, as /config/key does); a second, shorter
 * API run fetches a key from /config/key before every purchase, as the counter does.
 * The ledger is verified after each database's runs: a fast but wrong money path fails the bench.
 *
 * Env: BENCH_SECONDS (each timed run, default 10), BENCH_CLIENTS (default 50),
 * BENCH_DATABASES (default "sqlite,postgres").
 */
import path from 'node:path';
import type { Dialect } from '../packages/server/src/db/database.js';
import { verifyLedger } from '../packages/server/src/ledger/verify.js';
import { openShifts, startServer } from './lib/api.js';
import { benchDatabase, postgresReachable } from './lib/bench-db.js';
import { insertKeys, setupCounterStore } from './lib/counter.js';
import { runPurchaseLoad, type LoadResult } from './lib/load.js';
import { pgbenchAvailable, pgbenchTpcb } from './lib/pgbench.js';
import { sqlitePurchaseBaseline } from './lib/sqlite-baseline.js';
import { p50, p99, round, type BenchRow, type Sample } from './measure.js';

export const title = 'Purchases: HTTP API (keep-alive clients) beside a database baseline in the same run';

const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
const SECONDS = int(process.env.BENCH_SECONDS, 10);
const CLIENTS = int(process.env.BENCH_CLIENTS, 50);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const WARMUP_MS = 1000;
/** Keys inserted per second of run: more than the fastest run here spends. */
const KEYS_PER_SECOND = int(process.env.BENCH_KEYS_PER_SECOND, 6000);
const DRAWERS = 10;
const CUSTOMERS = 10_000;
const KIOSK = 7001;
const AMOUNT_UNITS = 1;

const tps = (s: Sample) => (s.n * 1000) / s.totalMs;

function line(database: Dialect, run: string, s: Sample, extra: BenchRow = {}): BenchRow {
  return { database, run, clients: extra.clients ?? CLIENTS, n: s.n, 'per s': round(tps(s), 0), 'p50 ms': round(p50(s)), 'p99 ms': round(p99(s)), ...extra };
}

function apiLine(database: Dialect, run: string, s: LoadResult, baseline: Sample): BenchRow {
  const note = [s.errors ? `${s.errors} refused, e.g. ${s.firstError}` : '', s.exhausted ? 'keys ran out early' : ''].filter(Boolean).join('; ');
  return line(database, run, s, { 'API / baseline': `${round((100 * tps(s)) / tps(baseline), 0)}%`, ...(note ? { note } : {}) });
}

async function benchDialect(dialect: Dialect): Promise<BenchRow[]> {
  const database = await benchDatabase(dialect);
  const { db } = database.handle;
  const server = await startServer(database.handle);
  const rows: BenchRow[] = [];
  try {
    const store = await setupCounterStore(db, { kiosk: KIOSK, drawers: DRAWERS, customers: CUSTOMERS });
    const sessions = await openShifts(server, KIOSK, store.cashiers);

    let baseline: Sample;
    if (dialect === 'sqlite') {
      const shifts = await db
        .selectFrom('shift')
        .select(['id as shiftId', 'drawer_id as drawerId', 'account_id as accountId'])
        .where('store_id', '=', KIOSK)
        .where('ended_at', 'is', null)
        .execute();
      const keys = await insertKeys(db, SECONDS * 2000);
      baseline = sqlitePurchaseBaseline({ file: database.location, storeId: KIOSK, shifts, customerIds: store.customerIds, keys, seconds: SECONDS, amount: AMOUNT_UNITS * 100 });
      rows.push(line(dialect, 'baseline: same writes, better-sqlite3, sequential', baseline, { clients: 1 }));
    } else {
      const pgb = await pgbenchTpcb({ clients: CLIENTS, seconds: SECONDS });
      baseline = pgb;
      rows.push(line(dialect, `baseline: pgbench tpcb-like -M ${pgb.mode} -j 2`, pgb));
    }

    const keys = await insertKeys(db, KEYS_PER_SECOND * (SECONDS + WARMUP_MS / 1000));
    const load = { base: server.base, concurrency: CLIENTS, sessions, customerIds: store.customerIds, warmupMs: WARMUP_MS, amount: AMOUNT_UNITS };
    const api = await runPurchaseLoad({ ...load, keys, measureMs: SECONDS * 1000 });
    rows.push(apiLine(dialect, 'API /customer/purchase (keys fetched before)', api, baseline));
    const withKey = await runPurchaseLoad({ ...load, keys: null, measureMs: Math.max(2, SECONDS / 2) * 1000 });
    rows.push(apiLine(dialect, 'API /config/key + /customer/purchase (latency of the pair)', withKey, baseline));

    const differences = await verifyLedger(db);
    if (differences.length) throw new Error(`ledger verify failed after the ${dialect} run: ${JSON.stringify(differences.slice(0, 3))}`);
    return rows;
  } finally {
    await server.app.close();
    await database.drop();
  }
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  if (DATABASES.includes('sqlite')) rows.push(...(await benchDialect('sqlite')));
  if (!DATABASES.includes('postgres')) return rows;
  if (!(await postgresReachable())) rows.push({ database: 'postgres', run: 'not reachable: skipped' });
  else if (!pgbenchAvailable()) rows.push({ database: 'postgres', run: 'pgbench not installed: skipped' });
  else rows.push(...(await benchDialect('postgres')));
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const { formatTable } = await import('./run.js');
  console.log(formatTable(await run()));
}
