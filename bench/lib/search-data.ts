/**
 * One store with 1,000,000 customers for the search bench, generated inside the database in one
 * statement (SQLite: a recursive CTE; PostgreSQL: generate_series), with the indexes the
 * migrations create already in place, as a real store's table would have them.
 * Names come from 60 first names x 60 last names (so a name prefix matches many rows, as in life),
 * phones are 10 digits spread by a multiplicative hash (so a phone prefix matches a few).
 */
import { sql } from 'kysely';
import { cents } from '@moneybox/contract';
import type { DatabaseHandle } from '../../packages/server/src/db/database.js';
import { createStore } from '../../packages/server/src/services/operator/operator.service.js';
import { SEED } from '../../packages/server/src/services/audit/audit.js';

export const SEARCH_KIOSK = 8001;

export const FIRST = (
  'james mary robert patricia john jennifer michael linda david elizabeth william barbara richard susan joseph jessica thomas sarah ' +
  'charles karen christopher lisa daniel nancy matthew betty anthony margaret mark sandra donald ashley steven kimberly paul emily ' +
  'andrew donna joshua michelle kenneth carol kevin amanda brian dorothy george melissa timothy deborah ronald stephanie edward ' +
  'rebecca jason sharon jeffrey laura ryan cynthia'
).split(' ');
export const LAST = (
  'smith johnson williams brown jones garcia miller davis rodriguez martinez hernandez lopez gonzalez wilson anderson thomas ' +
  'taylor moore jackson martin lee perez thompson white harris sanchez clark ramirez lewis robinson walker young allen king wright ' +
  'scott torres nguyen hill flores green adams nelson baker hall rivera campbell mitchell carter roberts gomez phillips evans ' +
  'turner diaz parker cruz edwards collins'
).split(' ');

const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** The phone of customer number i (1-based): 10 digits, well spread over the prefix space. */
export function phoneOf(i: number): string {
  return String(2_000_000_000 + ((i * 2_654_435_761) % 7_999_999_999)).padStart(10, '0');
}

export async function generateSearchStore(handle: DatabaseHandle, customers: number): Promise<void> {
  const { db, dialect } = handle;
  await createStore({ handle: { db } }, SEED, {
    id: SEARCH_KIOSK,
    name: 'Search Bench Arcade',
    timezone: 'America/Chicago',
    credit: cents(0),
    compsBudget: cents(0),
    maxDrawers: 1,
    maxMachines: 0,
    limitDay: 31,
    limitHourly: cents(0),
    limitDaily: cents(0),
    limitWeekly: cents(0),
    drawers: 1,
  });
  const names = (list: string[]) => sql.join(list.map((n, k) => sql`(CAST(${k} AS INTEGER), CAST(${capital(n)} AS TEXT), CAST(${n} AS TEXT))`));
  const at = new Date().toISOString();
  // i*2654435761 mod 7999999999 stays below 2^63 for i up to 10^9; both databases compute it exactly.
  const phone = sql`CAST(2000000000 + ((n.i * 2654435761) % 7999999999) AS TEXT)`;
  const numbers =
    dialect === 'postgres'
      ? sql`SELECT generate_series(1, ${customers}::bigint) AS i`
      : sql`WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${customers}) SELECT i FROM s`;
  await sql`
    WITH n AS (${numbers}),
         f(k, cap, low) AS (VALUES ${names(FIRST)}),
         l(k, cap, low) AS (VALUES ${names(LAST)})
    INSERT INTO customer (store_id, mobile_id, pin_hash, first_name, last_name, name_search, phone, created_at, updated_at)
    SELECT ${SEARCH_KIOSK}, CAST(${SEARCH_KIOSK * 10_000_000} + n.i AS TEXT), 'bench-no-pin', f.cap, l.cap, f.low || ' ' || l.low, ${phone}, ${at}, ${at}
      FROM n
      JOIN f ON f.k = n.i % ${FIRST.length}
      JOIN l ON l.k = (n.i / ${FIRST.length}) % ${LAST.length}`.execute(db);
  // PostgreSQL: statistics for the planner, and VACUUM so that the first searches do not pay for
  // setting the hint bits of a million fresh rows (each first read of a page then writes it) and
  // index-only scans can use the visibility map. A store's real table is in that state.
  if (dialect === 'postgres') await sql`VACUUM (ANALYZE) customer`.execute(db);
}
