import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Credit down the platform hierarchy (issue 22, docs/DECISIONS.md "Credit hierarchy"):
 *
 * - platform_account.credit_cents: a distributor's credit on hand (cached; verify recomputes it from
 *   credit_transfer). The operator itself has no row: its issuing is unlimited.
 * - credit_transfer: append-only, one row per move along one edge of the hierarchy, parent (the
 *   operator when parent_account_id is null, else a distributor) to child (a distributor or a store):
 *   d_child_cents positive gives, negative takes back; both sides' balances after it; idempotent by
 *   its unique key. fund 'credit' moves credit (a store's side is also its ledger row, ledger_id);
 *   fund 'comps' is a store's special comps budget given or taken back (the operator's allowance, no
 *   parent balance).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';
  const idCol = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema.alterTable('platform_account').addColumn('credit_cents', 'bigint', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('credit_transfer')
    .addColumn('id', serial, idCol)
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fund', 'text', (c) => c.notNull())
    .addColumn('parent_account_id', 'bigint', (c) => c.references('platform_account.id'))
    .addColumn('child_account_id', 'bigint', (c) => c.references('platform_account.id'))
    .addColumn('child_store_id', 'bigint')
    .addColumn('d_child_cents', 'bigint', (c) => c.notNull())
    .addColumn('parent_balance_cents', 'bigint')
    .addColumn('child_balance_cents', 'bigint', (c) => c.notNull())
    .addColumn('ledger_id', 'bigint')
    .addColumn('actor_account_id', 'bigint', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('credit_transfer_key').on('credit_transfer').column('key').unique().execute();
  await db.schema.createIndex('credit_transfer_parent').on('credit_transfer').columns(['parent_account_id', 'id']).execute();
  await db.schema.createIndex('credit_transfer_child_account').on('credit_transfer').columns(['child_account_id', 'id']).execute();
  await db.schema.createIndex('credit_transfer_child_store').on('credit_transfer').columns(['child_store_id', 'id']).execute();
}
