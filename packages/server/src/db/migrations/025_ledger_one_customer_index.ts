import type { Kysely } from 'kysely';

/**
 * The ledger keeps one index for a customer's rows, not two (issue 25, the money path): every
 * purchase inserts a ledger row into each of the ledger's indexes, and on SQLite each index touched
 * is a random page more to write in the commit. Migration 002's `ledger_store_customer_kind_at
 * (store_id, customer_id, kind, at)` repeats `ledger_customer_at (customer_id, kind, at)` with the
 * store in front: a customer's rows are all its own store's, so a read by store and customer finds
 * the same rows through the customer's index (the store only filters, and removes none). The
 * reads that filter by customer use `ledger_customer_at` (db/ledger-indexes.test.ts checks their plans).
 * Without it a purchase's ledger insert took 31 instead of 38-40 µs on SQLite, and its commit 48
 * instead of about 60 µs (bench/HISTORY.md).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ledger_store_customer_kind_at').ifExists().execute();
}
