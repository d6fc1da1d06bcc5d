import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Checked payouts (issue 24): one row per counter redeem above the store's ID-check threshold
 * (`store.id_check_cents`, migration 010), written in the redeem's own transaction: the ledger row
 * it checked, the customer, the cashier, the amount, the ID as checked (type, number as entered)
 * and whether it was a large payout (above `store.large_payout_cents` when paid; the boss's
 * large-payouts report lists those, whatever the threshold is later). Append-only like the ledger.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';
  const idCol = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('payout_check')
    .addColumn('id', serial, idCol)
    .addColumn('store_id', 'bigint', (c) => c.notNull())
    .addColumn('ledger_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'bigint', (c) => c.notNull())
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('id_type', 'text', (c) => c.notNull())
    .addColumn('id_number', 'text', (c) => c.notNull())
    .addColumn('large', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The large-payouts report: a store's flagged ones in a period.
  await db.schema.createIndex('payout_check_store_large_at').on('payout_check').columns(['store_id', 'large', 'at']).execute();
}
