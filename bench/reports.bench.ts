/**
 * Reports over a store with 10,000,000 ledger rows in a year (and 100 other stores beside it),
 * through the HTTP API, each beside a same-run baseline: the plain scan over the ledger that the
 * report replaces. Targets (issue 8): 31-day daily report p99 <= 20 ms, 31-day shift report p99
 * <= 20 ms, transaction report first page and page 5,000 p99 <= 10 ms.
 *
 * The SQLite database is generated once and kept in data/bench/ (a rerun reuses it); PostgreSQL
 * gets a fresh database each run, dropped afterwards. The daily totals are built by the server's
 * own refresher (services/report/daily-totals.ts) before measuring.
 * Env: BENCH_DATABASES (default "sqlite,postgres"), BENCH_REPORT_ROWS (default 10000000),
 * BENCH_REPORT_SAMPLES (HTTP samples per report, default 300), BENCH_REPORT_BASELINE_SAMPLES (default 10).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { openSqlite, type DatabaseHandle, type Dialect } from '../packages/server/src/db/database.js';
import { migrate } from '../packages/server/src/money/migrate.js';
import { refreshDailyTotals } from '../packages/server/src/services/report/daily-totals.js';
import { startServer } from './lib/api.js';
import { benchDatabase, postgresReachable } from './lib/bench-db.js';
import { BOSS, REPORT_KIOSK, generateReportStore } from './lib/report-data.js';
import { measure, round, targetRow, type BenchRow, type Sample } from './measure.js';

export const title = 'Reports over 10,000,000 ledger rows of one store + 100 other stores (targets: daily and shift p99 <= 20 ms, transaction pages p99 <= 10 ms)';

const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
const ROWS = int(process.env.BENCH_REPORT_ROWS, 10_000_000);
const SAMPLES = int(process.env.BENCH_REPORT_SAMPLES, 300);
const BASELINE_SAMPLES = int(process.env.BENCH_REPORT_BASELINE_SAMPLES, 10);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const CACHE = path.resolve(import.meta.dirname, '../data/bench', `reports-${ROWS}.sqlite`);
const LIMIT = 20;
const DEEP_PAGE = 5000;
// 31 store days in the middle of the year (America/Chicago), as the report form sends them.
const PERIOD = { startTime: '2025-06-01', endTime: '2025-07-01' };
const FROM = '2025-06-01T05:00:00.000Z';
const TO = '2025-07-02T05:00:00.000Z';

const log = (s: string) => process.stderr.write(`  reports bench: ${s}\n`);

async function prepared(dialect: Dialect): Promise<{ handle: DatabaseHandle; close(): Promise<void>; generated: string }> {
  const started = performance.now();
  const took = () => `${round((performance.now() - started) / 1000, 1)} s`;
  if (dialect === 'sqlite') {
    const exists = fs.existsSync(CACHE);
    let handle = openSqlite(CACHE);
    await migrate(handle);
    const done = exists && (await handle.db.selectFrom('store').select('id').where('id', '=', REPORT_KIOSK).executeTakeFirst());
    if (done) {
      await refreshDailyTotals(handle);
      return { handle, close: () => handle.close(), generated: 'reused from data/bench/' };
    }
    await handle.close();
    for (const f of [CACHE, `${CACHE}-wal`, `${CACHE}-shm`]) fs.rmSync(f, { force: true });
    handle = openSqlite(CACHE);
    await migrate(handle);
    await generateReportStore(handle, ROWS, log);
    const loaded = took();
    await refreshDailyTotals(handle);
    return { handle, close: () => handle.close(), generated: `loaded in ${loaded}, daily totals by ${took()}; kept in data/bench/` };
  }
  const database = await benchDatabase('postgres');
  try {
    await generateReportStore(database.handle, ROWS, log);
    const loaded = took();
    await refreshDailyTotals(database.handle);
    // The refresher's bulk of report_daily rows: statistics as autovacuum would take them.
    await sql`ANALYZE report_daily`.execute(database.handle.db);
    return { handle: database.handle, close: () => database.drop(), generated: `loaded in ${loaded}, daily totals by ${took()}` };
  } catch (err) {
    await database.drop();
    throw err;
  }
}

/** The plain scans the reports replace, straight on the ledger (no daily totals, offset paging, a full count). */
function baselines(handle: DatabaseHandle) {
  const { db } = handle;
  const period = () => db.selectFrom('ledger').where('store_id', '=', REPORT_KIOSK).where('at', '>=', FROM).where('at', '<', TO);
  const page = (offset: number) =>
    Promise.all([
      period().select(['id', 'at', 'kind', 'channel', 'amount_cents']).orderBy('at', 'desc').orderBy('id', 'desc').offset(offset).limit(LIMIT).execute(),
      period().select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    ]);
  return {
    daily: () => period().select(['channel', 'kind', sql`substr(at, 1, 10)`.as('day'), (eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.sum('amount_cents').as('s')]).groupBy(['channel', 'kind', sql`substr(at, 1, 10)`]).execute(),
    shift: () => period().select(['shift_id', 'kind', (eb) => eb.fn.sum('amount_cents').as('s')]).where('shift_id', 'is not', null).groupBy(['shift_id', 'kind']).execute(),
    first: () => page(0),
    deep: () => page((DEEP_PAGE - 1) * LIMIT),
  };
}

async function benchDialect(dialect: Dialect): Promise<BenchRow[]> {
  const { handle, close, generated } = await prepared(dialect);
  const server = await startServer(handle);
  try {
    const login = await server.call('/user/posLogin', { mode: 'viewer', username: BOSS.username, password: BOSS.password });
    const session = { UID: login.uid, TOKEN: login.token };
    const report = (path: string, body: object = {}) => server.call(path, { ...session, ...PERIOD, ...body });

    // The cursor of page 4,999, walked page by page as a client would (not timed).
    let cursor: string | null = null;
    let total = 0;
    for (let page = 1; page < DEEP_PAGE; page++) {
      const r = await report('/drawer/transaction', { page, limit: LIMIT, ...(cursor ? { cursor } : {}) });
      cursor = r.cursor as string | null;
      total = r.total as number;
      if (!cursor) throw new Error(`the period has only ${page} pages (${total} rows): raise BENCH_REPORT_ROWS`);
    }
    const deep = await report('/drawer/transaction', { page: DEEP_PAGE, limit: LIMIT, cursor });
    if ((deep.list as unknown[]).length !== LIMIT) throw new Error('page 5,000 is not full');

    const base = baselines(handle);
    const shifts = ((await report('/drawer/shiftLog')).list as unknown[]).length;
    const measured: Array<[string, string, Sample, Sample, number]> = [
      ['daily report, 31 days', '/drawer/dailyLog', await measure(SAMPLES, () => report('/drawer/dailyLog')), await measure(BASELINE_SAMPLES, base.daily, { warmup: 1 }), 20],
      [`shift report, 31 days (${shifts} shifts)`, '/drawer/shiftLog', await measure(SAMPLES, () => report('/drawer/shiftLog')), await measure(BASELINE_SAMPLES, base.shift, { warmup: 1 }), 20],
      ['transactions, first page', '/drawer/transaction', await measure(SAMPLES, () => report('/drawer/transaction', { page: 1, limit: LIMIT })), await measure(BASELINE_SAMPLES, base.first, { warmup: 1 }), 10],
      ['transactions, page 5,000 (cursor)', '/drawer/transaction', await measure(SAMPLES, () => report('/drawer/transaction', { page: DEEP_PAGE, limit: LIMIT, cursor })), await measure(BASELINE_SAMPLES, base.deep, { warmup: 1 }), 10],
    ];
    const data = `${ROWS.toLocaleString('en-US')} rows, ${total.toLocaleString('en-US')} in the period; ${generated}`;
    return measured.map(([what, , op, baseline, target]) => targetRow({ database: dialect, report: what }, op, target, baseline, data));
  } finally {
    await server.app.close();
    await close();
  }
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const dialect of DATABASES as Dialect[]) {
    if (dialect === 'postgres' && !(await postgresReachable())) {
      rows.push({ database: 'postgres', report: 'skipped: PostgreSQL is not reachable' });
      continue;
    }
    // One database failing still prints the other's figures.
    rows.push(...(await benchDialect(dialect).catch((err: unknown) => [{ database: dialect, report: `failed: ${err instanceof Error ? err.message : String(err)}` }])));
  }
  return rows;
}
