import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The cash transaction log and the report-threshold stop (issue 40; docs/COMPLIANCE.md "Cash transaction log"):
 * - store.cash_log_cents, store.cash_report_cents: the operator's thresholds for the store's jurisdiction (cents of
 *   a customer's cash in, or out, in one store day; 0 = off, the default).
 * - cash_log: one row per customer, store day, direction ('in' | 'out') and level ('log' | 'report'), written in the
 *   transaction of the cash movement that took the day's sum to the threshold: that movement's ledger row, time,
 *   cashier (or reload kiosk), channel, the identity as recorded then (JSON), and the day's sum, kept up to date by
 *   the day's later movements in that direction (total_cents, last_at, movements).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('store').addColumn('cash_log_cents', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('store').addColumn('cash_report_cents', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';
  const idCol = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('cash_log')
    .addColumn('id', serial, idCol)
    .addColumn('store_id', 'bigint', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'bigint', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('threshold_cents', 'bigint', (c) => c.notNull())
    .addColumn('ledger_id', 'bigint', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('account_id', 'bigint')
    .addColumn('machine_id', 'bigint')
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('total_cents', 'bigint', (c) => c.notNull())
    .addColumn('movements', 'bigint', (c) => c.notNull().defaultTo(1))
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addColumn('identity', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cash_log_one').on('cash_log').columns(['store_id', 'customer_id', 'day', 'direction', 'level']).unique().execute();
  // The store's log of a day and its reports of a period.
  await db.schema.createIndex('cash_log_store_level_at').on('cash_log').columns(['store_id', 'level', 'at']).execute();
}
