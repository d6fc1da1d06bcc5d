import { sql, type Kysely } from 'kysely';

/**
 * A game machine's meters across resets (a RAM clear sets a real machine's meters back to zero). The
 * machine's `meter_*` stay its cumulative meters since enrolment as the server counts them (every
 * reading's growth, a reading after a reset counting from zero); `meter_raw_*` keep the last reading as
 * the machine sent it, to tell a reset (a reading lower than it) from growth; `meter_resets` counts the
 * resets and `meter_reset_at` dates the last. `machine_meter_day.resets` is the machine's reset count
 * as of the day's last reading, so a day's resets are that less the day before's, like its meters.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['meter_raw_played', 'meter_raw_won', 'meter_raw_games', 'meter_resets']) {
    await db.schema.alterTable('machine').addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  }
  await db.schema.alterTable('machine').addColumn('meter_reset_at', 'text').execute();
  await sql`UPDATE machine SET meter_raw_played = meter_played, meter_raw_won = meter_won, meter_raw_games = meter_games`.execute(db);
  await db.schema.alterTable('machine_meter_day').addColumn('resets', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
}
