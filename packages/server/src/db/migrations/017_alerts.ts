import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Alerts by exception and their webhooks (issue 22, docs/DECISIONS.md "Alerts by exception").
 *
 * - alert: one exception (kind, store, subject such as `shift:55`), raised by the sweep
 *   (services/alerts/). `open_key` is `kind|subject` while its cause stands and null once it is
 *   cleared: its unique index is what makes an alert raised once, by whichever server sweeps first
 *   (NULLs never collide, on both databases). Acknowledged and resolved by a platform account, with a note.
 * - alert_threshold: a rule's threshold, store 0 the platform default, any other store its override.
 * - webhook: a URL the operator configured and its signing secret (kept as given: HMAC needs it; never
 *   logged, never answered after creation).
 * - webhook_delivery: the durable outbox, one row per alert event × webhook, written in the alert's own
 *   transaction; a deliverer claims rows with a lease (`claimed_until`), so two servers never send one
 *   at once, and records `delivered_at`.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';
  const idCol = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable('alert')
    .addColumn('id', serial, idCol)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('store_id', 'bigint')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('open_key', 'text')
    .addColumn('raised_at', 'text', (c) => c.notNull())
    .addColumn('cleared_at', 'text')
    .addColumn('acknowledged_at', 'text')
    .addColumn('acknowledged_by', 'text')
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by', 'text')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('alert_open_key').on('alert').column('open_key').unique().execute();
  await db.schema.createIndex('alert_store_raised').on('alert').columns(['store_id', 'raised_at']).execute();
  await db.schema.createIndex('alert_raised').on('alert').column('raised_at').execute();

  await db.schema
    .createTable('alert_threshold')
    .addColumn('store_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_threshold_pk', ['store_id', 'kind'])
    .execute();

  await db.schema
    .createTable('webhook')
    .addColumn('id', serial, idCol)
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('removed_at', 'text')
    .execute();

  await db.schema
    .createTable('webhook_delivery')
    .addColumn('id', serial, idCol)
    .addColumn('webhook_id', 'bigint', (c) => c.notNull().references('webhook.id'))
    .addColumn('alert_id', 'bigint', (c) => c.notNull().references('alert.id'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // The deliverer's scan: undelivered rows by when they are due.
  await db.schema.createIndex('webhook_delivery_due').on('webhook_delivery').columns(['delivered_at', 'next_at']).execute();
}
