import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The store day close (issue 23): the denominations a store counts (empty: the currency's defaults,
 * contract `denominations.ts`), its threshold for a large over/short, and the closed days with the
 * report as it was closed (JSON), one row per store day; reload kiosks' cash boxes (cash taken and paid out,
 * collections); the index that finds a drawer's previous shift
 * (the float it carries over).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';
  const idCol = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema.alterTable('store').addColumn('denominations', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('store').addColumn('large_diff_cents', 'bigint', (c) => c.notNull().defaultTo(2000)).execute();
  await db.schema
    .createTable('day_close')
    .addColumn('store_id', 'bigint', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text', (c) => c.notNull())
    .addColumn('closed_by_account_id', 'bigint', (c) => c.notNull())
    .addColumn('report', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('day_close_pk', ['store_id', 'day'])
    .execute();
  // A reload kiosk's cash box: each bill taken ('in') or cash paid out ('out') as the terminal reported it
  // (a sequenced command, applied once), with its cumulative meter for that direction after it.
  await db.schema
    .createTable('kiosk_cash')
    .addColumn('id', serial, idCol)
    .addColumn('store_id', 'bigint', (c) => c.notNull())
    .addColumn('machine_id', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('meter_cents', 'bigint', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('kiosk_cash_machine_id').on('kiosk_cash').columns(['machine_id', 'id']).execute();
  await db.schema.createIndex('kiosk_cash_store_at').on('kiosk_cash').columns(['store_id', 'at']).execute();
  // A collection empties a kiosk's box: expected is what it took since the last one (kiosk_cash up to
  // up_to_cash_id), counted what the collector found (null: not collected, with a reason).
  await db.schema
    .createTable('kiosk_collection')
    .addColumn('id', serial, idCol)
    .addColumn('store_id', 'bigint', (c) => c.notNull())
    .addColumn('machine_id', 'bigint', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('up_to_cash_id', 'bigint', (c) => c.notNull())
    .addColumn('expected_cents', 'bigint', (c) => c.notNull())
    .addColumn('counted_cents', 'bigint')
    .addColumn('count_detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema.createIndex('kiosk_collection_machine').on('kiosk_collection').columns(['machine_id', 'id']).execute();
  await db.schema.createIndex('kiosk_collection_store_at').on('kiosk_collection').columns(['store_id', 'at']).execute();
  // A shift's carried float is the count of the drawer's shift before it: found by drawer, newest id first.
  await db.schema.createIndex('shift_drawer_id').on('shift').columns(['drawer_id', 'id']).execute();
}
