import type { Kysely } from 'kysely';

/**
 * A customer's personal fields erased on request once the retention period has passed (issue 40):
 * when it was done; the row, its ledger rows and its compliance records (an exclusion's ID hash) stay.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customer').addColumn('erased_at', 'text').execute();
}
