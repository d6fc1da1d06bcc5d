import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The stores an alert is about when it spans several (issue 40, "Structuring and unusual activity"): one row per
 * store of a person's movements across the operator's stores. A bounded console scope (a distributor) sees such
 * an alert only when every one of its stores is in the scope; an alert with no rows here is its own store's.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('alert_store')
    .addColumn('alert_id', 'bigint', (c) => c.notNull().references('alert.id'))
    .addColumn('store_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_store_pk', ['alert_id', 'store_id'])
    .execute();
  await db.schema.createIndex('alert_store_store').on('alert_store').columns(['store_id', 'alert_id']).execute();
}
