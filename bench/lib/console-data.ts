/**
 * The console bench's data: 1,000 stores in four time zones, bound to 10 distributors, with a year
 * of movements up to now (`perDay` ledger rows per store and day on average: purchases, redeems,
 * reverts and special comps over the four channels, and machine bets and wins), generated inside the
 * database (SQLite: a recursive CTE; PostgreSQL: generate_series) in chunks of a million rows, with
 * the indexes the migrations create already in place; each store got credit twice a month.
 */
import { sql } from 'kysely';
import { cents } from '@moneybox/contract';
import type { DatabaseHandle } from '../../packages/server/src/db/database.js';
import { isoSql, seriesSql } from './generate-sql.js';
import { createStore } from '../../packages/server/src/services/operator/operator.service.js';
import { createPlatformAccount } from '../../packages/server/src/services/console/platform-accounts.service.js';
import { SEED } from '../../packages/server/src/services/audit/audit.js';

export const CONSOLE_STORES = 1000;
export const FIRST_KID = 20001;
export const DISTRIBUTORS = 10;
const ZONES = ['America/Chicago', 'America/New_York', 'America/Los_Angeles', 'Asia/Shanghai'];
const YEAR_SECONDS = 365 * 86_400;
export const CONSOLE_ADMIN = { username: 'benchadmin', password: 'console123' };

export async function generateConsoleStores(handle: DatabaseHandle, perDay: number, now: number, log: (s: string) => void = () => undefined): Promise<void> {
  const { db, dialect } = handle;
  for (let i = 0; i < CONSOLE_STORES; i++) {
    await createStore({ handle: { db } }, SEED, {
      id: FIRST_KID + i, name: `Arcade ${i + 1}`, timezone: ZONES[i % ZONES.length]!, credit: cents(100_000_00), compsBudget: cents(0), maxDrawers: 2, maxMachines: 10,
      limitDay: 31, limitHourly: cents(0), limitDaily: cents(0), limitWeekly: cents(0), drawers: 1,
    });
  }
  for (let d = 0; d < DISTRIBUTORS; d++) {
    const stores = Array.from({ length: CONSOLE_STORES / DISTRIBUTORS }, (_, k) => FIRST_KID + d + k * DISTRIBUTORS);
    await createPlatformAccount({ handle: { db } }, SEED, { username: `benchdist${d}`, password: CONSOLE_ADMIN.password, role: 'distributor', stores });
  }
  await createPlatformAccount({ handle: { db } }, SEED, { ...CONSOLE_ADMIN, role: 'admin' });
  log(`${CONSOLE_STORES} stores and ${DISTRIBUTORS} distributors`);

  const start = Math.floor(now / 1000) - YEAR_SECONDS;
  const series = (from: number, to: number) => seriesSql(dialect, from, to);
  const isoOf = (seconds: ReturnType<typeof sql>) => isoSql(dialect, start, seconds);

  // Row i: store i % 1,000; time advances evenly with i, so each store's rows spread over the year.
  const total = CONSOLE_STORES * 365 * perDay;
  const step = YEAR_SECONDS / total;
  const m = sql`((n.i / ${CONSOLE_STORES}) * 7 % 20)`;
  const kind = sql`CASE WHEN ${m} < 9 THEN 'purchase' WHEN ${m} < 14 THEN 'redeem' WHEN ${m} < 16 THEN 'special_comps' WHEN ${m} = 16 THEN 'revert'
    WHEN ${m} < 19 THEN 'bet' ELSE 'win' END`;
  const channel = sql`CASE WHEN ${m} < 17 THEN (CASE (n.i / ${CONSOLE_STORES * 3}) % 4 WHEN 0 THEN 'pos' WHEN 1 THEN 'reload_kiosk' WHEN 2 THEN 'online' ELSE 'reloader' END) ELSE 'machine' END`;
  const CHUNK = 1_000_000;
  for (let from = 0; from < total; from += CHUNK) {
    const to = Math.min(total, from + CHUNK) - 1;
    await sql`WITH n AS (${series(from, to)})
      INSERT INTO ledger (store_id, at, kind, channel, account_id, drawer_id, shift_id, customer_id, amount_cents, note)
      SELECT ${FIRST_KID} + n.i % ${CONSOLE_STORES}, ${isoOf(sql`CAST(n.i * CAST(${step} AS DOUBLE PRECISION) AS INTEGER)`)}, ${kind}, ${channel},
             NULL, NULL, NULL, NULL, 100 + (n.i * 37) % 10000, '' FROM n`.execute(db);
    log(`${to + 1} of ${total} ledger rows`);
  }
  // Credit given to every store twice a month (the operator's moves: credit_transfer, migration 016).
  const moves = CONSOLE_STORES * 24;
  await sql`WITH n AS (${series(0, moves - 1)})
    INSERT INTO credit_transfer (at, key, fund, parent_account_id, child_account_id, child_store_id, d_child_cents, parent_balance_cents, child_balance_cents, ledger_id, actor_account_id, note)
    SELECT ${isoOf(sql`CAST((n.i / ${CONSOLE_STORES}) * ${YEAR_SECONDS / 24} + n.i % ${CONSOLE_STORES} AS INTEGER)`)}, 'bench-credit-' || CAST(n.i AS TEXT), 'credit', NULL, NULL,
           ${FIRST_KID} + n.i % ${CONSOLE_STORES}, 50000, NULL, 0, NULL, 1, '' FROM n`.execute(db);
  if (dialect === 'postgres') {
    await sql`VACUUM (ANALYZE) ledger`.execute(db);
    await sql`ANALYZE credit_transfer, store, platform_account_store`.execute(db);
  }
}
