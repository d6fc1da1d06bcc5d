import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Platform news (issue 11, docs/DECISIONS.md "Platform news"): what the operator publishes with the
 * CLI and stores read. Files are stored in the database (bytes, type, size, name), so every server
 * behind a balancer serves the same content and a backup holds them too.
 *
 * - bulletin: one item (news, event item, poster or regulation), for all stores or for the kiosk ids
 *   in bulletin_store; visible from published_at until withdrawn_at.
 * - bulletin_text: its title and Markdown body per language (en, mx, zh_Hans).
 * - bulletin_event: a named event with its period; its items are bulletins of kind 'event'.
 * - bulletin_file: a poster's or regulation's document, a poster's thumbnail, or an image a body
 *   shows (referenced by file name), optionally per language.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';
  const idCol = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';

  await db.schema
    .createTable('bulletin_event')
    .addColumn('id', serial, idCol)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    // Titles per language as JSON {"en": "...", "mx": "..."}: three short strings read with the event.
    .addColumn('titles', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('removed_at', 'text')
    .execute();
  await db.schema.createIndex('bulletin_event_name').on('bulletin_event').column('name').unique().execute();

  await db.schema
    .createTable('bulletin')
    .addColumn('id', serial, idCol)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('event_id', 'bigint', (c) => c.references('bulletin_event.id'))
    .addColumn('all_stores', 'integer', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('withdrawn_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bulletin_kind_published').on('bulletin').columns(['kind', 'published_at']).execute();
  await db.schema.createIndex('bulletin_event_id').on('bulletin').column('event_id').execute();

  await db.schema
    .createTable('bulletin_store')
    .addColumn('bulletin_id', 'bigint', (c) => c.notNull().references('bulletin.id'))
    .addColumn('store_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('bulletin_store_pk', ['bulletin_id', 'store_id'])
    .execute();
  await db.schema.createIndex('bulletin_store_store').on('bulletin_store').column('store_id').execute();

  await db.schema
    .createTable('bulletin_text')
    .addColumn('bulletin_id', 'bigint', (c) => c.notNull().references('bulletin.id'))
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bulletin_text_pk', ['bulletin_id', 'lang'])
    .execute();

  await db.schema
    .createTable('bulletin_file')
    .addColumn('id', serial, idCol)
    .addColumn('bulletin_id', 'bigint', (c) => c.notNull().references('bulletin.id'))
    .addColumn('role', 'text', (c) => c.notNull())
    // Null: for every language.
    .addColumn('lang', 'text')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('bytes', bytes as any, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('removed_at', 'text')
    .execute();
  await db.schema.createIndex('bulletin_file_bulletin').on('bulletin_file').column('bulletin_id').execute();
}
