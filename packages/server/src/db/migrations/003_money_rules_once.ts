import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Every money rule once (issue 13): PostgreSQL now runs the same TypeScript path as SQLite
 * (money/customer-money.ts), so the plpgsql copy of the customer money rules from migration 002
 * goes. And the shift's `comps` total, which nothing wrote, is the counter's special comps
 * (docs/DECISIONS.md): filled in for the shifts recorded before.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`DROP FUNCTION IF EXISTS mbx_customer_money(text, bigint, bigint, bigint, bigint, text, text, text, text, text, text, text, text)`.execute(db);
    await sql`DROP FUNCTION IF EXISTS mbx_refuse(text, jsonb)`.execute(db);
  }
  await sql`UPDATE shift SET comps_cents = special_comps_cents WHERE comps_cents <> special_comps_cents`.execute(db);
}
