import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Self-exclusions shared across an operator's stores on an ID match (issue 24, docs/DECISIONS.md
 * "Shared exclusions"). A store's operator is the distributor it is bound to (platform_account_store),
 * or the platform's own operator (owner 0) when it has none.
 *
 * - exclusion_sharing: one row per operator that switched sharing on (absent: off).
 * - shared_exclusion: the exclusions shared while it is on, by the ID card's normalised hash only
 *   (no name, no number, no history): the lookup a new or edited customer's ID is matched against,
 *   indexed by (owner, hash, until).
 * - customer.id_hash: the record's ID card hash ('' when none), kept on create and update;
 *   customer.shared_since / shared_until: the latest running exclusion of another store of the same
 *   operator whose ID matches, written onto the row so the money reads that already read the row
 *   read it too (no query added to the purchase path; on PostgreSQL the write changes the row's
 *   version, so a purchase read before it decides again).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';
  const idCol = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema.alterTable('customer').addColumn('id_hash', 'text', (c: any) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('customer').addColumn('shared_since', 'text').execute();
  await db.schema.alterTable('customer').addColumn('shared_until', 'text').execute();
  await db.schema.createIndex('customer_id_hash').on('customer').columns(['id_hash', 'store_id']).execute();

  await db.schema
    .createTable('exclusion_sharing')
    .addColumn('owner_id', 'bigint', (c) => c.primaryKey())
    .addColumn('since', 'text', (c) => c.notNull())
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('shared_exclusion')
    .addColumn('id', serial, idCol)
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('id_hash', 'text', (c) => c.notNull())
    .addColumn('store_id', 'bigint', (c) => c.notNull())
    .addColumn('customer_id', 'bigint', (c) => c.notNull())
    .addColumn('since', 'text', (c) => c.notNull())
    .addColumn('until', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shared_exclusion_lookup').on('shared_exclusion').columns(['owner_id', 'id_hash', 'until']).execute();
}
