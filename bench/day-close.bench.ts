/**
 * The Z report (/dayClose/get) of a busy store day, through the HTTP API, in a store with a year of
 * history (the reports bench's store: bench/lib/report-data.ts, 1,000,000 ledger rows in 2025 by
 * default, and 100 other stores beside it), beside the plain ledger aggregate of the same day window
 * measured alternately in the same run. Target (issue 23): p99 <= 50 ms on both databases.
 *
 * The busy day (2026-01-15, America/Chicago) is written straight into the tables (not timed): 5,000
 * ledger movements, 10 closed and counted shifts on the store's 4 drawers, 2 reload kiosks with their
 * cash taken and one collection each (one short), 50 game machines with their bets, wins and rounds and a year of daily meter readings.
 * Each database is fresh and dropped afterwards.
 * Env: BENCH_DATABASES (default "sqlite,postgres"), BENCH_DAYCLOSE_HISTORY_ROWS (default 1000000),
 * BENCH_DAYCLOSE_SAMPLES (pairs, default 300), BENCH_SECONDS (stops sampling earlier, default none).
 * The baseline columns are the plain ledger aggregate of the day window.
 */
import { sql } from 'kysely';
import type { DatabaseHandle, Dialect } from '../packages/server/src/db/database.js';
import { startServer } from './lib/api.js';
import { benchDatabase } from './lib/bench-db.js';
import { onEachDatabase } from './lib/on-databases.js';
import { BOSS, REPORT_KIOSK, generateReportStore } from './lib/report-data.js';
import { measurePair, round, targetRow, type BenchRow } from './measure.js';

export const title = 'Z report (/dayClose/get) of a busy day (5,000 movements, 10 shifts, 2 kiosks, 50 machines) in a store with a year of history (target p99 <= 50 ms)';

const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
const HISTORY_ROWS = int(process.env.BENCH_DAYCLOSE_HISTORY_ROWS, 1_000_000);
const SAMPLES = int(process.env.BENCH_DAYCLOSE_SAMPLES, 300);
const SECONDS = int(process.env.BENCH_SECONDS, 0);
const TARGET_MS = 50;

const DAY = '2026-01-15';
// The store day in America/Chicago (UTC-6 in January).
const FROM_MS = Date.UTC(2026, 0, 15, 6);
const FROM = new Date(FROM_MS).toISOString();
const TO = new Date(FROM_MS + 86_400_000).toISOString();
const MOVEMENTS = 5000;
const SHIFTS = 10;
const SHIFT_MS = 2 * 3_600_000;
const KIOSKS = 2;
const KIOSK_CASH_INS = 150;
const MACHINES = 50;

const log = (s: string) => process.stderr.write(`  day-close bench: ${s}\n`);
const iso = (ms: number) => new Date(ms).toISOString();

async function chunked<T>(rows: T[], insert: (part: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

/** The busy day, written into the report store's tables: shifts, kiosks, machines, then the day's ledger. */
async function seedBusyDay(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  const cashiers = (await db.selectFrom('account').select('id').where('store_id', '=', REPORT_KIOSK).where('username', 'like', 'reportcash%').orderBy('username').execute()).map((a) => Number(a.id));
  const drawers = (await db.selectFrom('drawer').select('id').where('store_id', '=', REPORT_KIOSK).orderBy('number').execute()).map((d) => Number(d.id));
  const customer = Number((await db.selectFrom('customer').select('id').where('store_id', '=', REPORT_KIOSK).orderBy('id').executeTakeFirstOrThrow()).id);
  const boss = Number((await db.selectFrom('account').select('id').where('store_id', '=', REPORT_KIOSK).where('username', '=', BOSS.username).executeTakeFirstOrThrow()).id);

  // Shifts one after another, 2 hours each, over the first 20 hours of the day; each closed and counted (a few short).
  const shiftIds: number[] = [];
  for (let s = 0; s < SHIFTS; s++) {
    const d = s % drawers.length;
    const r = await db
      .insertInto('shift')
      .values({
        store_id: REPORT_KIOSK, drawer_id: drawers[d]!, account_id: cashiers[d]!, started_at: iso(FROM_MS + s * SHIFT_MS), ended_at: iso(FROM_MS + (s + 1) * SHIFT_MS - 60_000),
        closed_by_account_id: cashiers[d]!, init_set: 1, initial_cents: 20000, fills_cents: 5000, bleeds_cents: 3000, purchases_cents: 90000, redeems_cents: 40000,
        comps_cents: 100, special_comps_cents: 100, balance_cents: 72000, counted_cents: 72000 - (s % 3) * 500,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    shiftIds.push(Number(r.id));
  }

  const at = iso(FROM_MS);
  const machineIds: number[] = [];
  for (let m = 1; m <= MACHINES + KIOSKS; m++) {
    const kiosk = m > MACHINES;
    const r = await db
      .insertInto('machine')
      .values({ store_id: REPORT_KIOSK, machine_id: kiosk ? 900 + m : m, kind: kiosk ? 'reload_kiosk' : 'game', created_at: at, last_seen_at: at, connected: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    machineIds.push(Number(r.id));
  }
  const games = machineIds.slice(0, MACHINES);
  const kiosks = machineIds.slice(MACHINES);

  // Each kiosk's bill acceptor through the day, then its collection at the end of it (the second one short by 5.00).
  for (const [k, kiosk] of kiosks.entries()) {
    let meter = 0;
    const cash = Array.from({ length: KIOSK_CASH_INS }, (_, i) => {
      const amount = [500, 1000, 2000, 10000][i % 4]!;
      meter += amount;
      return { store_id: REPORT_KIOSK, machine_id: kiosk, seq: i + 1, at: iso(FROM_MS + 600_000 + i * 480_000 + k * 1000), direction: 'in', amount_cents: amount, meter_cents: meter };
    });
    await chunked(cash, (part) => db.insertInto('kiosk_cash').values(part).execute());
    const last = Number((await db.selectFrom('kiosk_cash').select((eb) => eb.fn.max('id').as('m')).where('machine_id', '=', kiosk).executeTakeFirstOrThrow()).m);
    await db
      .insertInto('kiosk_collection')
      .values({ store_id: REPORT_KIOSK, machine_id: kiosk, at: iso(FROM_MS + 22 * 3_600_000 + k * 60_000), account_id: boss, up_to_cash_id: last, expected_cents: meter, counted_cents: meter - k * 500, key: `bench-collect-${k}` })
      .execute();
  }

  // The day's movements, in realistic proportions (as the history): counter ones on the shift of their hour, bets and wins on the machines.
  const step = (20 * 3_600_000) / MOVEMENTS;
  const ledger = [];
  const rounds = [];
  for (let i = 0; i < MOVEMENTS; i++) {
    const m = (i * 7) % 20;
    const kind = m < 8 ? 'purchase' : m < 12 ? 'redeem' : m === 12 ? 'special_comps' : m === 13 ? 'revert' : m === 14 ? 'fill' : m === 15 ? 'bleed' : m < 18 ? 'bet' : 'win';
    const channel = m < 12 ? (['pos', 'reload_kiosk', 'online', 'reloader'] as const)[Math.floor(i / 20) % 4]! : m < 16 ? 'pos' : 'machine';
    const ms = FROM_MS + Math.floor(i * step);
    const s = Math.min(SHIFTS - 1, Math.floor((ms - FROM_MS) / SHIFT_MS));
    const pos = channel === 'pos';
    const machine = channel === 'machine' ? games[Math.floor(i / 20) % MACHINES]! : null;
    const amount = 100 + ((i * 37) % 10000);
    ledger.push({
      store_id: REPORT_KIOSK, at: iso(ms), kind, channel,
      account_id: pos ? cashiers[s % drawers.length]! : null, drawer_id: pos ? drawers[s % drawers.length]! : null, shift_id: pos ? shiftIds[s]! : null,
      customer_id: kind === 'fill' || kind === 'bleed' ? null : customer + (i % 1000), machine_id: machine, amount_cents: amount, note: '',
    });
    if (kind === 'bet' && machine !== null) {
      rounds.push({ store_id: REPORT_KIOSK, customer_id: customer + (i % 1000), machine_id: machine, round_no: String(i), serial_no: `b${i}`, at: iso(ms), game_name: 'Bench', begin_credits: 1000, end_credits: 900, game_bet: 100 });
    }
  }
  await chunked(ledger, (part) => db.insertInto('ledger').values(part).execute());
  await chunked(rounds, (part) => db.insertInto('round').values(part).execute());
  // Each game machine's last meter reading of every day of the year before and of the busy day (migration 022).
  const meterDays = [];
  for (const [n, machine] of games.entries()) {
    for (let d = 365; d >= 0; d--) {
      const day = new Date(Date.UTC(2026, 0, 15) - d * 86_400_000).toISOString().slice(0, 10);
      meterDays.push({ machine_id: machine, day, store_id: REPORT_KIOSK, played: (366 - d) * 1000 + n, won: (366 - d) * 900, games: (366 - d) * 10 });
    }
  }
  await chunked(meterDays, (part) => db.insertInto('machine_meter_day').values(part).execute());
  if (handle.dialect === 'postgres') await sql`ANALYZE ledger, shift, machine, kiosk_cash, kiosk_collection, round, machine_meter_day`.execute(db);
}

/** The plain ledger aggregate the Z report's figures come from: the day window, summed per channel, kind, shift and machine. */
function baseline(handle: DatabaseHandle) {
  return () =>
    handle.db
      .selectFrom('ledger')
      .select(['channel', 'kind', 'shift_id', 'machine_id', (eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.sum('amount_cents').as('s'), (eb) => eb.fn.sum('d_credit_cents').as('c')])
      .where('store_id', '=', REPORT_KIOSK)
      .where('at', '>=', FROM)
      .where('at', '<', TO)
      .groupBy(['channel', 'kind', 'shift_id', 'machine_id'])
      .execute();
}

async function benchDialect(dialect: Dialect): Promise<BenchRow[]> {
  const started = performance.now();
  const database = await benchDatabase(dialect);
  try {
    await generateReportStore(database.handle, HISTORY_ROWS, log);
    await seedBusyDay(database.handle);
    const generated = `history and day loaded in ${round((performance.now() - started) / 1000, 1)} s`;
    const server = await startServer(database.handle);
    try {
      const login = await server.call('/user/posLogin', { mode: 'viewer', username: BOSS.username, password: BOSS.password });
      const body = { UID: login.uid, TOKEN: login.token, day: DAY };
      const z = () => server.call('/dayClose/get', body);
      const first = (await z()).report as { shifts: unknown[]; collections: unknown[]; machines: unknown[]; totals: { purchase_count?: number } };
      if (first.shifts.length !== SHIFTS || first.collections.length !== KIOSKS || first.machines.length !== MACHINES) {
        throw new Error(`the Z report shows ${first.shifts.length} shifts, ${first.collections.length} collections, ${first.machines.length} machines`);
      }
      // Alternately, so that the machine's load falls on both alike.
      const [base, op] = await measurePair(SAMPLES, baseline(database.handle), z, { seconds: SECONDS });
      const data = `${HISTORY_ROWS.toLocaleString('en-US')} history rows + ${MOVEMENTS.toLocaleString('en-US')} on the day; ${generated}`;
      return [targetRow({ database: dialect, report: `Z report ${DAY}` }, op, TARGET_MS, base, data)];
    } finally {
      await server.app.close();
    }
  } finally {
    await database.drop();
  }
}

export function run(): Promise<BenchRow[]> {
  // One database failing still prints the other's figures.
  return onEachDatabase((dialect) => benchDialect(dialect).catch((err: unknown) => [{ database: dialect, report: `failed: ${err instanceof Error ? err.message : String(err)}` }]));
}
