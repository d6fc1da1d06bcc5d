import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Terminals (issue 10, docs/TERMINAL.md): what a machine row needs to speak the protocol, the
 * enrolment codes a boss creates, the stored acknowledgement of every sequenced command (so a
 * resent command gets its first outcome back instead of applying again), and the PIN lock of
 * customers at the machines.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';
  const idCol = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  const machineColumns: Array<[string, string, (c: any) => any]> = [
    ['kind', 'text', (c) => c.notNull().defaultTo('game')],
    // Ed25519 public key (SPKI DER, base64): nothing secret about a terminal is stored here.
    ['public_key', 'text', (c) => c],
    ['last_seq', 'bigint', (c) => c.notNull().defaultTo(0)],
    ['meter_played', 'bigint', (c) => c.notNull().defaultTo(0)],
    ['meter_won', 'bigint', (c) => c.notNull().defaultTo(0)],
    ['meter_games', 'bigint', (c) => c.notNull().defaultTo(0)],
    ['removed_at', 'text', (c) => c],
  ];
  for (const [name, type, build] of machineColumns) {
    await db.schema.alterTable('machine').addColumn(name, type as any, build).execute();
  }
  // Names are unique among a store's machines on the floor; released ones keep theirs in history.
  await sql`CREATE UNIQUE INDEX machine_store_name_live ON machine (store_id, machine_id) WHERE removed = 0`.execute(db);

  await db.schema
    .createTable('enrolment_code')
    .addColumn('id', serial, idCol)
    .addColumn('store_id', 'bigint', (c) => c.notNull().references('store.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('machine_name', 'bigint', (c) => c.notNull())
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('machine_row_id', 'bigint')
    .execute();
  await db.schema.createIndex('enrolment_code_hash').on('enrolment_code').column('code_hash').unique().execute();

  await db.schema
    .createTable('terminal_ack')
    .addColumn('machine_row_id', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('store_id', 'bigint', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('ack', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('terminal_ack_pk', ['machine_row_id', 'seq'])
    .execute();

  await db.schema.alterTable('customer').addColumn('pin_failures', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('round').addColumn('seq', 'bigint').execute();
  await db.schema.alterTable('gift').addColumn('machine_id', 'bigint').execute();
  await db.schema.createIndex('ledger_machine_at').on('ledger').columns(['machine_id', 'at']).execute();
}
