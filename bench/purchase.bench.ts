/**
 * Purchases per second and latency through the real HTTP API (Fastify on a port, 50 keep-alive
 * connections from wrk, a C load generator: bench/lib/wrk.ts), on SQLite (synchronous=FULL) and
 * PostgreSQL, each beside a baseline measured in the same run:
 *  - SQLite: the purchase's writes done directly on the database file with better-sqlite3,
 *    sequential, no HTTP (bench/lib/sqlite-baseline.ts);
 *  - PostgreSQL: pgbench's built-in tpcb-like run at the same concurrency (bench/lib/pgbench.ts).
 * Keys are inserted before the timed run (one row each, as /config/key does; not timed), sized
 * from a short warm-up run's rate. Every reply must be status 0: a run with any other reply is
 * marked invalid. A second, shorter run (Node client) fetches a key from /config/key before every
 * purchase, as the counter does. The ledger is verified after each database's runs: a fast but
 * wrong money path fails the bench. The wrk run is repeated on a second server whose report refresher
 * is off, then on the first again (on, off, on: an order effect shows as a gap between the two "on"
 * runs): the difference is what keeping the reports' daily totals costs the money calls.
 * Then the alert sweep every second and off, the ledger digests every second and off (issue 40: what sealing
 * the ledger costs the money calls), then the player protection rules (issue 24) switched on for every customer (bench/lib/protection.ts:
 * ID-check and large-payout thresholds, personal limits, ended cool-offs, ID cards with their hashes, the
 * operator sharing exclusions with 10,000 shared exclusions of other ID cards and ended ones on these
 * customers) and off again, twice, each change's own writes checkpointed or vacuumed before its run:
 * "rules on / off" is the two "on" runs' rates summed over the two "off" runs'.
 *
 * Without wrk (and no way to install it) the Node worker client (bench/lib/load.ts) measures
 * instead; the "client" column says which one ran. BENCH_CLIENT=node forces it.
 *
 * Env: BENCH_SECONDS (each timed run, default 10), BENCH_CLIENTS (default 50),
 * BENCH_DATABASES (default "sqlite,postgres").
 */
import path from 'node:path';
import type { Db, Dialect } from '../packages/server/src/db/database.js';
import { verifyLedger } from '../packages/server/src/money/verify.js';
import { openShifts, startServer } from './lib/api.js';
import { benchDatabase, postgresReachable, settleStatistics } from './lib/bench-db.js';
import { insertKeys, setupCounterStore } from './lib/counter.js';
import { protectionRules } from './lib/protection.js';
import { runPurchaseLoad, type LoadResult } from './lib/load.js';
import { locateWrk, wrkPurchase, type WrkResult } from './lib/wrk.js';
import { groupCommitStats } from '../packages/server/src/money/money-transaction.js';
import { pgbenchAvailable, pgbenchTpcb } from './lib/pgbench.js';
import { sqlitePurchaseBaseline } from './lib/sqlite-baseline.js';
import { p50, p99, round, type BenchRow, type Sample } from './measure.js';

export const title = 'Purchases: HTTP API (50 keep-alive connections) beside a database baseline in the same run';

const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
const SECONDS = int(process.env.BENCH_SECONDS, 10);
const CLIENTS = int(process.env.BENCH_CLIENTS, 50);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const WARMUP_MS = 1000;
/** Keys inserted per second of run for the Node client: more than the fastest run here spends. */
const KEYS_PER_SECOND = int(process.env.BENCH_KEYS_PER_SECOND, 6000);
/** wrk's warm-up: long enough to warm the JIT, caches and pool; its rate sizes the timed run's keys. */
const WRK_WARMUP_SECONDS = 2;
const WRK_WARMUP_KEYS = 30_000;
const DRAWERS = 10;
const CUSTOMERS = 10_000;
const KIOSK = 7001;
const AMOUNT_UNITS = 1;

const tps = (s: Sample) => (s.n * 1000) / s.totalMs;

/** What a table row needs of a run, whichever client measured it. */
interface Figures {
  n: number;
  totalMs: number;
  p50: number;
  p99: number;
}

const figuresOf = (s: Sample): Figures => ({ n: s.n, totalMs: s.totalMs, p50: p50(s), p99: p99(s) });

function line(database: Dialect, run: string, f: Figures, extra: BenchRow = {}): BenchRow {
  return { database, run, client: '', clients: CLIENTS, n: f.n, 'per s': round((f.n * 1000) / f.totalMs, 0), 'p50 ms': round(f.p50), 'p99 ms': round(f.p99), ...extra };
}

/** An API run beside its baseline; any refused purchase or lost request makes the run invalid. */
function apiLine(database: Dialect, run: string, client: string, f: Figures & Pick<LoadResult, 'errors' | 'firstError' | 'exhausted'>, baseline: Sample, extra: BenchRow = {}): BenchRow {
  const invalid = f.errors > 0 || (client === 'wrk' && f.exhausted);
  const note = [f.errors ? `INVALID: ${f.errors} not status 0, e.g. ${f.firstError}` : '', f.exhausted ? `keys ran out early${client === 'wrk' ? ': INVALID' : ''}` : '']
    .filter(Boolean)
    .join('; ');
  const ratio = invalid ? 'invalid' : `${round((100 * f.n * 1000) / f.totalMs / tps(baseline), 0)}%`;
  return line(database, run, f, { client, 'API / baseline': ratio, ...extra, ...(note ? { note } : {}) });
}

/** Purchases through wrk: a warm-up that sizes the keys, then the timed run. */
async function wrkRun(wrk: string, db: Db, load: { base: string; sessions: Array<{ UID: number; TOKEN: string }>; customerIds: number[] }): Promise<WrkResult> {
  const common = { ...load, connections: CLIENTS, threads: 2, amount: AMOUNT_UNITS };
  const warm = await wrkPurchase(wrk, { ...common, seconds: WRK_WARMUP_SECONDS, keys: await insertKeys(db, WRK_WARMUP_KEYS) });
  if (warm.errors > 0) throw new Error(`wrk warm-up: ${warm.errors} purchases not status 0, e.g. ${warm.firstError}`);
  // Twice the warm-up's rate, so the timed run never runs out (an exhausted run is invalid).
  const rate = warm.exhausted ? WRK_WARMUP_KEYS : (warm.n * 1000) / warm.totalMs;
  const keys = await insertKeys(db, Math.ceil(rate * SECONDS * 2) + 1000);
  return wrkPurchase(wrk, { ...common, seconds: SECONDS, keys });
}

async function benchDialect(dialect: Dialect): Promise<BenchRow[]> {
  const database = await benchDatabase(dialect);
  const { db } = database.handle;
  let server = await startServer(database.handle);
  const rows: BenchRow[] = [];
  try {
    const store = await setupCounterStore(db, { kiosk: KIOSK, drawers: DRAWERS, customers: CUSTOMERS });
    const sessions = await openShifts(server, KIOSK, store.cashiers);
    await settleStatistics(database.handle);

    let baseline: Sample;
    if (dialect === 'sqlite') {
      const shifts = await db
        .selectFrom('shift')
        .select(['id as shiftId', 'drawer_id as drawerId', 'account_id as accountId'])
        .where('store_id', '=', KIOSK)
        .where('ended_at', 'is', null)
        .execute();
      // More than the fastest sequential run here spends (about 3,000 per second).
      const keys = await insertKeys(db, SECONDS * 6000);
      baseline = sqlitePurchaseBaseline({ file: database.location, storeId: KIOSK, shifts, customerIds: store.customerIds, keys, seconds: SECONDS, amount: AMOUNT_UNITS * 100 });
      rows.push(line(dialect, 'baseline: same writes, better-sqlite3, sequential', figuresOf(baseline), { client: 'in-process', clients: 1 }));
    } else {
      const pgb = await pgbenchTpcb({ clients: CLIENTS, seconds: SECONDS });
      baseline = pgb;
      rows.push(line(dialect, `baseline: pgbench tpcb-like -M ${pgb.mode} -j 2`, figuresOf(pgb), { client: 'pgbench' }));
    }

    const wrk = locateWrk();
    const target = () => ({ base: server.base, sessions, customerIds: store.customerIds });
    /** The next run on a new server with these settings; the old one is closed first (its refresher with it). */
    const restart = async (settings: Parameters<typeof startServer>[1] = {}) => {
      await server.app.close();
      server = await startServer(database.handle, settings);
      return target();
    };
    const batchesBefore = groupCommitStats(db);
    if (wrk) {
      const api = await wrkRun(wrk, db, target());
      const batches = groupCommitStats(db);
      // SQLite: how many purchases each group commit (one fsync) carried during both wrk runs.
      const perCommit: BenchRow = dialect === 'sqlite' && batches.batches > batchesBefore.batches ? { 'per commit': round((batches.calls - batchesBefore.calls) / (batches.batches - batchesBefore.batches), 1) } : {};
      rows.push(apiLine(dialect, 'API /customer/purchase (keys made before)', 'wrk', api, baseline, perCommit));
      // Reports must not slow money calls: the same run on a server whose report refresher is off (the
      // only server on the database then), then on again, so an order effect (a warmer cache, a bigger
      // ledger) shows up as such.
      const off = await wrkRun(wrk, db, await restart({ reportRefreshMs: 0 }));
      rows.push(apiLine(dialect, 'the same, report refresher off (REPORT_REFRESH_MS=0)', 'wrk', off, baseline));
      const again = await wrkRun(wrk, db, await restart());
      rows.push(apiLine(dialect, 'the same, report refresher on again', 'wrk', again, baseline));
      // Alerts must not slow money calls (issue 22): the sweep every second (60 times its default; the
      // meters check every 10th sweep), then no sweep at all, so a short run meets several sweeps.
      const rateOf = (r: WrkResult) => (r.n * 1000) / r.totalMs;
      const sweeping = await wrkRun(wrk, db, await restart({ alertSweepMs: 1000 }));
      rows.push(apiLine(dialect, 'the same, alert sweep every second (ALERT_SWEEP_MS=1000)', 'wrk', sweeping, baseline));
      const noSweep = await wrkRun(wrk, db, await restart({ alertSweepMs: 0 }));
      rows.push(apiLine(dialect, 'the same, alert sweep off (ALERT_SWEEP_MS=0)', 'wrk', noSweep, baseline, { 'alerts on / off': `${Math.round((100 * rateOf(sweeping)) / rateOf(noSweep))}%` }));
      // The sealed ledger must not slow money calls (issue 40): its digests brought up to date every second
      // (60 times the default, so a short run meets several), then never, each on its own server.
      const digesting = await wrkRun(wrk, db, await restart({ ledgerDigestMs: 1000 }));
      rows.push(apiLine(dialect, 'the same, ledger digests every second (LEDGER_DIGEST_MS=1000)', 'wrk', digesting, baseline));
      const noDigests = await wrkRun(wrk, db, await restart({ ledgerDigestMs: 0 }));
      rows.push(apiLine(dialect, 'the same, ledger digests off (LEDGER_DIGEST_MS=0)', 'wrk', noDigests, baseline, { 'digests on / off': `${Math.round((100 * rateOf(digesting)) / rateOf(noDigests))}%` }));
      // Protection must not slow purchases: every rule's columns filled in (nobody refused), then cleared
      // again, twice over (on, off, on, off: the machine's drift falls on both sides alike).
      const sums = { on: 0, off: 0 };
      for (const pass of [1, 2]) {
        for (const on of [true, false]) {
          await protectionRules(db, dialect, KIOSK, on);
          const r = await wrkRun(wrk, db, await restart());
          sums[on ? 'on' : 'off'] += rateOf(r);
          const last: BenchRow = pass === 2 && !on ? { 'rules on / off': `${Math.round((100 * sums.on) / sums.off)}%` } : {};
          rows.push(apiLine(dialect, `the same, player protection ${on ? 'on (shared exclusions on)' : 'off'} (${pass})`, 'wrk', r, baseline, last));
        }
      }
      // SQLite: the money calls in a worker thread (SQLITE_MONEY_WORKER=1) and not, twice over.
      if (dialect === 'sqlite') {
        const worker = { on: 0, off: 0 };
        for (const pass of [1, 2]) {
          for (const on of [true, false]) {
            const r = await wrkRun(wrk, db, await restart({ sqliteMoneyWorker: on }));
            worker[on ? 'on' : 'off'] += rateOf(r);
            const last: BenchRow = pass === 2 && !on ? { 'worker on / off': `${Math.round((100 * worker.on) / worker.off)}%` } : {};
            rows.push(apiLine(dialect, `the same, money worker ${on ? 'on (SQLITE_MONEY_WORKER=1)' : 'off'} (${pass})`, 'wrk', r, baseline, last));
          }
        }
      }
    } else {
      const keys = await insertKeys(db, KEYS_PER_SECOND * (SECONDS + WARMUP_MS / 1000));
      const api = await runPurchaseLoad({ ...target(), concurrency: CLIENTS, warmupMs: WARMUP_MS, amount: AMOUNT_UNITS, keys, measureMs: SECONDS * 1000 });
      rows.push(apiLine(dialect, 'API /customer/purchase (keys made before)', 'node', { ...api, ...figuresOf(api) }, baseline));
    }
    const withKey = await runPurchaseLoad({ ...target(), concurrency: CLIENTS, warmupMs: WARMUP_MS, amount: AMOUNT_UNITS, keys: null, measureMs: Math.max(2, SECONDS / 2) * 1000 });
    rows.push(apiLine(dialect, 'API /config/key + /customer/purchase (latency of the pair)', 'node', { ...withKey, ...figuresOf(withKey) }, baseline));

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
