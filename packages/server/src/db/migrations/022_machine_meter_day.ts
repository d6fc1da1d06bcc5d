import { sql, type Kysely } from 'kysely';

/**
 * A game machine's meters per store day (issue 23): the last reading of each store day is kept (one row
 * per machine and day, rewritten by every reading of that day), so a day's meter movement is its last
 * reading less the last reading of the day before it, beside the ledger of the same day in the Z report.
 * The machines' meters as they stand now are kept as a baseline day '0000-00-00' (before any store day).
 * Rounds get an index by store and time: the Z report counts one day's rounds per machine.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('machine_meter_day')
    .addColumn('machine_id', 'bigint', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('store_id', 'bigint', (c) => c.notNull())
    .addColumn('played', 'bigint', (c) => c.notNull())
    .addColumn('won', 'bigint', (c) => c.notNull())
    .addColumn('games', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('machine_meter_day_pk', ['machine_id', 'day'])
    .execute();
  await sql`INSERT INTO machine_meter_day (machine_id, day, store_id, played, won, games)
    SELECT id, '0000-00-00', store_id, meter_played, meter_won, meter_games FROM machine`.execute(db);
  await db.schema.createIndex('round_store_at').ifNotExists().on('round').columns(['store_id', 'at']).execute();
}
