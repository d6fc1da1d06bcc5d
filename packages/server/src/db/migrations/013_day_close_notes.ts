import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Notes on a store day's differences (issue 23): a boss ties an over/short of a shift, a kiosk
 * collection or a machine's meters to an explanation. Kept beside `day_close`, whose stored report
 * never changes; each note is audited in its own transaction.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';
  const idCol = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('day_close_note')
    .addColumn('id', serial, idCol)
    .addColumn('store_id', 'bigint', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'bigint', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('day_close_note_store_day').on('day_close_note').columns(['store_id', 'day', 'id']).execute();
}
