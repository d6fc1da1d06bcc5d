import { sql, type Kysely } from 'kysely';

/**
 * A checked payout's store day total (docs/DECISIONS.md "Payouts summed over the store day"): the
 * payout thresholds apply to the customer's payouts of the store day summed, every channel, so the
 * record of a checked payout keeps the day's total with it (what made it checked or large) beside
 * its own amount. The rows before this were checked on their own amount: their day total is it.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payout_check').addColumn('day_total_cents', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await sql`UPDATE payout_check SET day_total_cents = amount_cents`.execute(db);
}
