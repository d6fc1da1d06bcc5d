import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The counter's name search by last name (issue 37): `last_search` is the name as "last first",
 * lowercased and its spaces collapsed (services/customer/present.ts `lastNameSearch`), beside
 * `name_search`'s "first last"; indexed per store like it, so a last-name prefix is one index range
 * (on PostgreSQL through text_pattern_ops, whatever the collation). Existing customers are filled in
 * batches with the same normaliser the service writes with.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('customer').addColumn('last_search', 'text', (c) => c.notNull().defaultTo('')).execute();
  const BATCH = 1000;
  for (let after = 0; ; ) {
    const rows: { id: number | string; first_name: string; last_name: string }[] = await db
      .selectFrom('customer')
      .select(['id', 'first_name', 'last_name'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const r of rows) {
      await db.updateTable('customer').set({ last_search: lastFirst(r.first_name, r.last_name) }).where('id', '=', r.id).execute();
    }
    if (rows.length < BATCH) break;
    after = Number(rows[rows.length - 1]!.id);
  }
  await db.schema.createIndex('customer_store_last_name').on('customer').columns(['store_id', 'last_search']).execute();
  if (dialect === 'postgres') await sql`CREATE INDEX customer_store_last_name_prefix ON customer (store_id, last_search text_pattern_ops)`.execute(db);
}

/** As present.ts `lastNameSearch` wrote it when this migration was made: a migration keeps its own copy. */
function lastFirst(first: string, last: string): string {
  return `${last} ${first}`.trim().replace(/\s+/g, ' ').toLowerCase();
}
