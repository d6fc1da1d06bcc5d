import type { Kysely } from 'kysely';

/**
 * A store's theme is the layout of the hosts its app is served at (spec section 1: layout by host,
 * `/API/config/domain.json`). The console binds a host of the domain map to a store, so the store's
 * page lists and sets its hosts' layouts and a distributor changes only its own stores' hosts. A host
 * the CLI's `set-layout` mapped stays unbound (the platform's).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('domain_layout').addColumn('store_id', 'integer').execute();
  await db.schema.createIndex('domain_layout_store').ifNotExists().on('domain_layout').column('store_id').execute();
}
