import type { Kysely } from 'kysely';

/**
 * The customer's home address (issue 38): typed at sign-up or filled from a scanned driver's licence
 * (AAMVA street, city, state and postal code), kept as one line of text like the licence prints it;
 * '' for the customers before it.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customer').addColumn('address', 'text', (c) => c.notNull().defaultTo('')).execute();
}
