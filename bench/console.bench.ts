/**
 * The platform console over 1,000 stores with a year of movements (issue 22), through the HTTP API
 * as a signed-in admin, each beside a same-run baseline: the plain aggregate over the ledger the
 * call's figures replace. Targets: the stores screen's list p99 <= 50 ms, the cross-store report of
 * 31 store days p99 <= 200 ms (its first page of stores, with the totals and chart of all 1,000).
 *
 * The SQLite database is generated once and kept in data/bench/ (a rerun reuses it; its year ends
 * when it was generated); PostgreSQL gets a fresh database each run, dropped afterwards. The daily
 * totals are built by the server's own refresher (services/report/daily-totals.ts) before measuring.
 * BENCH_CONSOLE_PG_DB=<name> keeps the PostgreSQL database under that name and reuses it on the next
 * run (drop it by hand when done).
 * Env: BENCH_DATABASES (default "sqlite,postgres"), BENCH_CONSOLE_PER_DAY (ledger rows per store and
 * day, default 8), BENCH_CONSOLE_SAMPLES (HTTP samples per call, default 200), BENCH_CONSOLE_BASELINE_SAMPLES (default 10).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openPostgres, openSqlite, type DatabaseHandle, type Dialect } from '../packages/server/src/db/database.js';
import { migrate } from '../packages/server/src/money/migrate.js';
import { refreshDailyTotals } from '../packages/server/src/services/report/daily-totals.js';
import { TEST_PG_URL } from '../packages/server/src/testing/databases.js';
import { totpCode } from '../packages/server/src/testing/console-kit.js';
import { startServer } from './lib/api.js';
import { benchDatabase } from './lib/bench-db.js';
import { CONSOLE_ADMIN, CONSOLE_STORES, FIRST_KID, generateConsoleStores } from './lib/console-data.js';
import { onEachDatabase } from './lib/on-databases.js';
import { measure, round, targetRow, type BenchRow } from './measure.js';

export const title = 'Platform console over 1,000 stores with a year of movements (targets: stores list p99 <= 50 ms, cross-store report of 31 days p99 <= 200 ms)';

const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
const PER_DAY = int(process.env.BENCH_CONSOLE_PER_DAY, 8);
const SAMPLES = int(process.env.BENCH_CONSOLE_SAMPLES, 200);
const BASELINE_SAMPLES = int(process.env.BENCH_CONSOLE_BASELINE_SAMPLES, 10);
const CACHE = path.resolve(import.meta.dirname, '../data/bench', `console-${PER_DAY}.sqlite`);
const DAY_MS = 86_400_000;

const log = (s: string) => process.stderr.write(`  console bench: ${s}\n`);

async function prepared(dialect: Dialect): Promise<{ handle: DatabaseHandle; close(): Promise<void>; generated: string }> {
  const started = performance.now();
  const took = () => `${round((performance.now() - started) / 1000, 1)} s`;
  const build = async (handle: DatabaseHandle) => {
    await generateConsoleStores(handle, PER_DAY, Date.now(), log);
    const loaded = took();
    await refreshDailyTotals(handle);
    if (dialect === 'postgres') await sql`VACUUM (ANALYZE) report_daily, report_daily_all, credit_use_day`.execute(handle.db);
    return `loaded in ${loaded}, daily totals by ${took()}`;
  };
  if (dialect === 'sqlite') {
    const exists = fs.existsSync(CACHE);
    let handle = openSqlite(CACHE);
    await migrate(handle);
    const done = exists && (await handle.db.selectFrom('store').select('id').where('id', '=', FIRST_KID + CONSOLE_STORES - 1).executeTakeFirst());
    if (done) {
      await refreshDailyTotals(handle);
      return { handle, close: () => handle.close(), generated: 'reused from data/bench/' };
    }
    await handle.close();
    for (const f of [CACHE, `${CACHE}-wal`, `${CACHE}-shm`]) fs.rmSync(f, { force: true });
    fs.mkdirSync(path.dirname(CACHE), { recursive: true });
    handle = openSqlite(CACHE);
    await migrate(handle);
    return { handle, close: () => handle.close(), generated: `${await build(handle)}; kept in data/bench/` };
  }
  const kept = process.env.BENCH_CONSOLE_PG_DB;
  if (kept) return keptPostgres(kept, build);
  const database = await benchDatabase('postgres');
  try {
    return { handle: database.handle, close: () => database.drop(), generated: await build(database.handle) };
  } catch (err) {
    await database.drop();
    throw err;
  }
}

/** A PostgreSQL database kept between runs under `name` (BENCH_CONSOLE_PG_DB): built once, then reused. */
async function keptPostgres(name: string, build: (handle: DatabaseHandle) => Promise<string>) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_CONSOLE_PG_DB: not a plain database name: ${name}`);
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const handle = openPostgres(url.toString());
  await migrate(handle);
  const done = exists && (await handle.db.selectFrom('store').select('id').where('id', '=', FIRST_KID + CONSOLE_STORES - 1).executeTakeFirst());
  if (done) {
    await refreshDailyTotals(handle);
    return { handle, close: () => handle.close(), generated: `reused (kept as ${name})` };
  }
  return { handle, close: () => handle.close(), generated: `${await build(handle)}; kept as ${name}` };
}

/** The plain aggregates over the ledger that the calls' figures replace (no daily totals). */
function baselines(handle: DatabaseHandle, today: string, from: string, to: string) {
  const { db } = handle;
  const kinds = ['purchase', 'revert', 'redeem', 'special_comps'];
  return {
    // Today's purchases, reverts and redeems of every store, straight from the ledger.
    stores: () => db.selectFrom('ledger').select(['store_id', 'kind', (eb) => eb.fn.sum('amount_cents').as('s')]).where('at', '>=', today).where('kind', 'in', kinds).groupBy(['store_id', 'kind']).execute(),
    // Every store × day × channel × kind of the period, straight from the ledger.
    report: () =>
      db
        .selectFrom('ledger')
        .select(['store_id', 'channel', 'kind', sql`substr(at, 1, 10)`.as('day'), (eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.sum('amount_cents').as('s')])
        .where('at', '>=', from)
        .where('at', '<', to)
        .where('kind', 'in', kinds)
        .groupBy(['store_id', 'channel', 'kind', sql`substr(at, 1, 10)`])
        .execute(),
  };
}

async function benchDialect(dialect: Dialect): Promise<BenchRow[]> {
  const { handle, close, generated } = await prepared(dialect);
  const server = await startServer(handle);
  try {
    const login = await server.call('/operator/login', CONSOLE_ADMIN);
    // Enrolled on a reused database: the authenticator's secret is the account's stored one.
    const stored = await handle.db.selectFrom('platform_account').select('totp_secret').where('username', '=', CONSOLE_ADMIN.username).executeTakeFirstOrThrow();
    const signedIn = login.next === 'enrol'
      ? await server.call('/operator/enrol', { ticket: login.ticket, code: await totpCode(login.secret as string) })
      : await server.call('/operator/secondFactor', { ticket: login.ticket, code: await totpCode(stored.totp_secret!) });
    const session = { UID: signedIn.uid, TOKEN: signedIn.token };
    // The 31 whole UTC days before the data's last one (every zone's store days fall inside the ledger's year).
    const last = (await handle.db.selectFrom('ledger').select((eb) => eb.fn.max('at').as('m')).executeTakeFirstOrThrow()).m as string;
    const lastDay = new Date(Date.parse(last.slice(0, 10)) - DAY_MS).toISOString().slice(0, 10);
    const firstDay = new Date(Date.parse(lastDay) - 30 * DAY_MS).toISOString().slice(0, 10);
    const period = { from: firstDay, to: lastDay };
    const base = baselines(handle, last.slice(0, 10), `${firstDay}T00:00:00.000Z`, new Date(Date.parse(lastDay) + DAY_MS).toISOString());

    const stores = await server.call('/operator/stores', session);
    if ((stores.list as unknown[]).length !== CONSOLE_STORES) throw new Error(`the admin sees ${(stores.list as unknown[]).length} stores`);
    const report = await server.call('/operator/report', { ...session, ...period });
    const rows = (report.list as unknown[]).length;
    const distributor = await server.call('/operator/distributors', session);
    const dist = (distributor.list as Array<{ id: number; stores: number[] }>)[0]!;

    const ledgerRows = Number((await handle.db.selectFrom('ledger').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const data = `${ledgerRows.toLocaleString('en-US')} ledger rows; ${generated}`;
    const baseStores = await measure(BASELINE_SAMPLES, base.stores, { warmup: 1 });
    const baseReport = await measure(BASELINE_SAMPLES, base.report, { warmup: 1 });
    return [
      targetRow({ database: dialect, call: 'stores list (1,000 stores)' }, await measure(SAMPLES, () => server.call('/operator/stores', session)), 50, baseStores, data),
      targetRow({ database: dialect, call: `report, 31 days, all stores (page 1: ${rows} rows)` }, await measure(SAMPLES, () => server.call('/operator/report', { ...session, ...period })), 200, baseReport, data),
      targetRow({ database: dialect, call: `report, 31 days, one distributor (${dist.stores.length} stores)` }, await measure(SAMPLES, () => server.call('/operator/report', { ...session, ...period, distributor_id: dist.id })), 200, baseReport, data),
    ];
  } finally {
    await server.app.close();
    await close();
  }
}

export async function run(): Promise<BenchRow[]> {
  return onEachDatabase((dialect) => benchDialect(dialect).catch((err: unknown) => [{ database: dialect, call: `failed: ${err instanceof Error ? err.message : String(err)}` }]));
}
