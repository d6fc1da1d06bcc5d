import type { Kysely } from 'kysely';

/**
 * The Machine screen, the Z report and the meters alert count each machine's rounds for its store
 * (repositories/machine.repository.ts `roundCounts`). The only round index led with the customer, so
 * that count read every round the store ever had; this one lets it read the store's rows by machine.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('round_store_machine').ifNotExists().on('round').columns(['store_id', 'machine_id']).execute();
}
