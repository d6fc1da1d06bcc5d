import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The ledger's digests (issue 40, "a ledger no one can rewrite unseen"; docs/COMPLIANCE.md), written by a
 * background job (jobs/ledger-digests.ts), never by the money path, by the rule of money/ledger-digest.ts:
 * - ledger_digest: per store, one row per closed period of its ledger rows (ids in (prev_last_id, last_id],
 *   at most an hour of them): count, sum, and the SHA-256 chain hash over the previous period's hash and
 *   every row's canonical text in id order. `seq` counts a store's periods from 1.
 * - ledger_row_hash: each digested row's own short hash (its canonical text), for `verify` to name the first
 *   row that differs (the period hash says that one does, not which).
 * - ledger_digest_watermark: one row (id 1): every ledger id up to ledger_id is digested.
 * - day_seal: a store day's digest as the day close signed it with the operator's Ed25519 key: the day's
 *   window, its rows' count, sum and hash, the store's chain head at the close, the signed text's key and signature.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('ledger_digest')
    .addColumn('store_id', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('prev_last_id', 'bigint', (c) => c.notNull())
    .addColumn('first_id', 'bigint', (c) => c.notNull())
    .addColumn('last_id', 'bigint', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addColumn('sum_cents', 'bigint', (c) => c.notNull())
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('made_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ledger_digest_pk', ['store_id', 'seq'])
    .execute();
  await db.schema.createIndex('ledger_digest_store_last').on('ledger_digest').columns(['store_id', 'last_id']).unique().execute();

  await db.schema
    .createTable('ledger_row_hash')
    .addColumn('ledger_id', 'bigint', (c) => c.primaryKey())
    .addColumn('store_id', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ledger_digest_watermark')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('ledger_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto('ledger_digest_watermark').values({ id: 1, ledger_id: 0 }).execute();

  await db.schema
    .createTable('day_seal')
    .addColumn('store_id', 'bigint', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('from_at', 'text', (c) => c.notNull())
    .addColumn('to_at', 'text', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addColumn('sum_cents', 'bigint', (c) => c.notNull())
    .addColumn('first_id', 'bigint')
    .addColumn('last_id', 'bigint')
    .addColumn('rows_hash', 'text', (c) => c.notNull())
    .addColumn('chain_last_id', 'bigint')
    .addColumn('chain_hash', 'text')
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('signed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('day_seal_pk', ['store_id', 'day'])
    .execute();
}
