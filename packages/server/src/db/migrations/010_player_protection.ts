import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Player protection (issue 24, docs/ARCHITECTURE.md "Player protection"). On the customer row, so
 * every money read that already reads the row reads them too (no query added to the money path):
 * - the running self-exclusion or cool-off: its kind ('' none, 'exclusion', 'cool_off'), when it was
 *   set and when it ends (ISO; a permanent exclusion ends '9999-12-31T23:59:59.999Z');
 * - the personal purchase limits (cents, 0 = none) and a pending raise: the limits that take over
 *   at `plimit_next_at` (24 hours after it was asked for), NULL when none is pending.
 * On the store row: the minimum age at sign-up, whether a birthday is required before money moves,
 * and the two payout thresholds (cents, 0 = off): above the first a redeem needs the ID checked,
 * above the second it is flagged as a large payout. A checked payout is recorded in its ledger row's
 * `note` (written by the same statement as the movement, so it cannot be lost).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  const customer = [
    (t: any) => t.addColumn('protect_kind', 'text', (c: any) => c.notNull().defaultTo('')),
    (t: any) => t.addColumn('protect_since', 'text'),
    (t: any) => t.addColumn('protect_until', 'text'),
    (t: any) => t.addColumn('plimit_hourly_cents', 'bigint', (c: any) => c.notNull().defaultTo(0)),
    (t: any) => t.addColumn('plimit_daily_cents', 'bigint', (c: any) => c.notNull().defaultTo(0)),
    (t: any) => t.addColumn('plimit_weekly_cents', 'bigint', (c: any) => c.notNull().defaultTo(0)),
    (t: any) => t.addColumn('plimit_next_hourly_cents', 'bigint'),
    (t: any) => t.addColumn('plimit_next_daily_cents', 'bigint'),
    (t: any) => t.addColumn('plimit_next_weekly_cents', 'bigint'),
    (t: any) => t.addColumn('plimit_next_at', 'text'),
  ];
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const add of customer) await add(db.schema.alterTable('customer')).execute();
  const store = [
    (t: any) => t.addColumn('min_age', 'integer', (c: any) => c.notNull().defaultTo(18)),
    (t: any) => t.addColumn('birthday_required', 'integer', (c: any) => c.notNull().defaultTo(0)),
    (t: any) => t.addColumn('id_check_cents', 'bigint', (c: any) => c.notNull().defaultTo(0)),
    (t: any) => t.addColumn('large_payout_cents', 'bigint', (c: any) => c.notNull().defaultTo(0)),
  ];
  for (const add of store) await add(db.schema.alterTable('store')).execute();
  // The boss's list of protected customers: those whose protection ends after now, per store.
  await db.schema.createIndex('customer_store_protect_until').on('customer').columns(['store_id', 'protect_until']).execute();
}
