import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Reports (issue 8, docs/ARCHITECTURE.md "Reports"): daily totals per store, store day, channel
 * and movement kind, kept from the ledger up to a watermark outside the money transactions (the
 * reports add the ledger rows above it, so they are always exact), and the index the transaction
 * report pages through.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('report_daily')
    .addColumn('store_id', 'bigint', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('report_daily_pk', ['store_id', 'day', 'channel', 'kind'])
    .execute();

  // One row: every ledger id <= ledger_id is in report_daily. pending_*: the last sample of the
  // ledger's id sequence and when it was taken (PostgreSQL), applied once no transaction older
  // than the sample is still running (docs/DECISIONS.md "The watermark and out-of-order commits").
  await db.schema
    .createTable('report_watermark')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('ledger_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('pending_id', 'bigint')
    .addColumn('pending_at', 'text')
    .execute();
  await db.insertInto('report_watermark').values({ id: 1, ledger_id: 0 }).execute();

  // The transaction report pages newest first through a store's period: (store_id, at, id) serves
  // the period, the order and the keyset. It covers what ledger_store_at (store_id, at) served.
  await db.schema.createIndex('ledger_store_at_id').on('ledger').columns(['store_id', 'at', 'id']).execute();
  await db.schema.dropIndex('ledger_store_at').execute();
  if (dialect === 'postgres') await sql`ANALYZE ledger`.execute(db);
}
