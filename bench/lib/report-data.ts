/**
 * The reports bench's data: one store with `rows` ledger rows spread evenly over a year (2025, in
 * America/Chicago) and 100 other stores beside it (a tenth as many rows again, interleaved in id and
 * time), generated inside the database (SQLite: a recursive CTE; PostgreSQL: generate_series) in
 * chunks of a million rows, with the indexes the migrations create already in place. Kinds and
 * channels in realistic proportions; counter movements carry a drawer, its shift (2 shifts a day on
 * each of 4 drawers) and the cashier; 1,000 customers.
 */
import { sql } from 'kysely';
import { SaType, cents } from '@moneybox/contract';
import type { DatabaseHandle } from '../../packages/server/src/db/database.js';
import { isoSql, seriesSql } from './generate-sql.js';
import { createAccount, createStore } from '../../packages/server/src/services/operator/operator.service.js';
import { SEED } from '../../packages/server/src/services/audit/audit.js';

export const REPORT_KIOSK = 8101;
export const OTHER_STORES = 100;
export const YEAR_START = Date.UTC(2025, 0, 1, 6);
const YEAR_SECONDS = 365 * 86_400;
const DRAWERS = 4;
const CUSTOMERS = 1000;
export const BOSS = { username: 'reportboss', password: 'report1234' };

const store = (id: number, name: string, drawers: number) => ({
  id, name, timezone: 'America/Chicago', credit: cents(0), compsBudget: cents(0), maxDrawers: drawers, maxMachines: 0, limitDay: 31,
  limitHourly: cents(0), limitDaily: cents(0), limitWeekly: cents(0), drawers,
});

export async function generateReportStore(handle: DatabaseHandle, rows: number, log: (s: string) => void = () => undefined): Promise<void> {
  const { db, dialect } = handle;
  await createStore({ handle: { db } }, SEED, store(REPORT_KIOSK, 'Report Bench Arcade', DRAWERS));
  for (let i = 1; i <= OTHER_STORES; i++) await createStore({ handle: { db } }, SEED, store(REPORT_KIOSK + i, `Other Arcade ${i}`, 1));
  await createAccount({ handle: { db } }, SEED, { storeId: REPORT_KIOSK, username: BOSS.username, password: BOSS.password, saType: SaType.BOSS });
  const cashiers: number[] = [];
  for (let d = 0; d < DRAWERS; d++) cashiers.push(await createAccount({ handle: { db } }, SEED, { storeId: REPORT_KIOSK, username: `reportcash${d}`, password: 'cash1234', saType: SaType.CASHIER }));
  const drawers = (await db.selectFrom('drawer').select('id').where('store_id', '=', REPORT_KIOSK).orderBy('number').execute()).map((d) => Number(d.id));
  const at = new Date().toISOString();

  const series = (from: number, to: number) => seriesSql(dialect, from, to);
  const isoOf = (seconds: ReturnType<typeof sql>) => isoSql(dialect, YEAR_START / 1000, seconds);
  const pick = (list: number[], index: ReturnType<typeof sql>) => sql`CASE ${index} ${sql.join(list.map((v, k) => sql`WHEN ${sql.lit(k)} THEN ${sql.lit(v)}`), sql` `)} END`;

  // Shifts: two a day on each drawer (ids 1.. in this fresh database), 12 hours minus a few minutes each.
  const shifts = 365 * 2 * DRAWERS;
  await sql`WITH n AS (${series(0, shifts - 1)})
    INSERT INTO shift (store_id, drawer_id, account_id, started_at, ended_at, closed_by_account_id, init_set, initial_cents, fills_cents, bleeds_cents,
                       purchases_cents, redeems_cents, comps_cents, special_comps_cents, balance_cents, counted_cents)
    SELECT ${REPORT_KIOSK}, ${pick(drawers, sql`n.i % ${DRAWERS}`)}, ${pick(cashiers, sql`n.i % ${DRAWERS}`)},
           ${isoOf(sql`(n.i / ${DRAWERS}) * 43200`)}, ${isoOf(sql`(n.i / ${DRAWERS}) * 43200 + 43000`)}, ${pick(cashiers, sql`n.i % ${DRAWERS}`)},
           1, 20000, 5000, 3000, 900000, 400000, 1000, 1000, 522000, 522000 FROM n`.execute(db);
  const firstShift = Number((await db.selectFrom('shift').select((eb) => eb.fn.min('id').as('m')).executeTakeFirstOrThrow()).m);

  await sql`WITH n AS (${series(1, CUSTOMERS)})
    INSERT INTO customer (store_id, mobile_id, pin_hash, first_name, last_name, name_search, created_at, updated_at)
    SELECT ${REPORT_KIOSK}, CAST(${REPORT_KIOSK * 10_000} + n.i AS TEXT), 'bench-no-pin', 'Ann', 'Lee', 'ann lee', ${at}, ${at} FROM n`.execute(db);
  const firstCustomer = Number((await db.selectFrom('customer').select((eb) => eb.fn.min('id').as('m')).where('store_id', '=', REPORT_KIOSK).executeTakeFirstOrThrow()).m);

  // Row j of total: every 11th belongs to one of the other stores; time advances evenly with j.
  const total = rows + Math.floor(rows / 10);
  const step = YEAR_SECONDS / total;
  const m = sql`((n.i * 7) % 20)`;
  const kind = sql`CASE WHEN ${m} < 8 THEN 'purchase' WHEN ${m} < 12 THEN 'redeem' WHEN ${m} = 12 THEN 'special_comps' WHEN ${m} = 13 THEN 'revert'
    WHEN ${m} = 14 THEN 'fill' WHEN ${m} = 15 THEN 'bleed' WHEN ${m} < 18 THEN 'bet' ELSE 'win' END`;
  const channel = sql`CASE WHEN ${m} < 12 THEN (CASE (n.i / 20) % 4 WHEN 0 THEN 'pos' WHEN 1 THEN 'reload_kiosk' WHEN 2 THEN 'online' ELSE 'reloader' END)
    WHEN ${m} < 16 THEN 'pos' ELSE 'machine' END`;
  const seconds = sql`CAST(n.i * CAST(${step} AS DOUBLE PRECISION) AS INTEGER)`;
  const CHUNK = 1_000_000;
  for (let from = 0; from < total; from += CHUNK) {
    const to = Math.min(total, from + CHUNK) - 1;
    await sql`WITH n AS (${series(from, to)}), r AS (
        SELECT n.i, ${kind} AS kind, ${channel} AS channel, n.i % 11 = 10 AS other, ${seconds} AS s FROM n)
      INSERT INTO ledger (store_id, at, kind, channel, account_id, drawer_id, shift_id, customer_id, amount_cents, note)
      SELECT CASE WHEN r.other THEN ${REPORT_KIOSK + 1} + (r.i / 11) % ${OTHER_STORES} ELSE ${REPORT_KIOSK} END,
             ${isoOf(sql`r.s`)}, r.kind, r.channel,
             CASE WHEN r.other OR r.channel <> 'pos' THEN NULL ELSE ${pick(cashiers, sql`r.i % ${DRAWERS}`)} END,
             CASE WHEN r.other OR r.channel <> 'pos' THEN NULL ELSE ${pick(drawers, sql`r.i % ${DRAWERS}`)} END,
             CASE WHEN r.other OR r.channel <> 'pos' THEN NULL ELSE ${firstShift} + (r.s / 43200) * ${DRAWERS} + r.i % ${DRAWERS} END,
             CASE WHEN r.other OR r.kind IN ('fill', 'bleed') THEN NULL ELSE ${firstCustomer} + r.i % ${CUSTOMERS} END,
             100 + (r.i * 37) % 10000, ''
        FROM r`.execute(db);
    log(`${to + 1} of ${total} ledger rows`);
  }
  // PostgreSQL: planner statistics after the bulk load, as autovacuum would gather them in production.
  if (dialect === 'postgres') {
    await sql`VACUUM (ANALYZE) ledger`.execute(db);
    await sql`ANALYZE shift, customer`.execute(db);
  }
}
