import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The platform console's accounts (issue 22, docs/DECISIONS.md "Platform console"), apart from
 * store staff: their own table, sessions and recovery codes, so no store session can ever be a
 * console session or the other way round.
 *
 * - platform_account: admin, distributor or support; password (scrypt), TOTP secret (pending until
 *   the first code confirms it), the last TOTP time step accepted (a replayed code is refused),
 *   failed tries and the lock, like staff. A support account belongs to a distributor (its stores)
 *   or to the operator (parent_id null: every store).
 * - platform_account_store: the stores a distributor is bound to (one distributor per store).
 * - platform_recovery_code: one-time recovery codes, hashed.
 * - platform_session: a token (SHA-256) at a stage: 'second_factor' (password right, code due),
 *   'enrol' (password right, TOTP to set up) or 'full'.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';
  const idCol = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable('platform_account')
    .addColumn('id', serial, idCol)
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'bigint', (c) => c.references('platform_account.id'))
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending', 'text')
    .addColumn('totp_last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_login_at', 'text')
    .execute();
  await db.schema.createIndex('platform_account_username').on('platform_account').column('username').unique().execute();

  await db.schema
    .createTable('platform_account_store')
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('platform_account.id'))
    .addColumn('store_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('platform_account_store_pk', ['account_id', 'store_id'])
    .execute();
  // A store has at most one distributor.
  await db.schema.createIndex('platform_account_store_store').on('platform_account_store').column('store_id').unique().execute();

  await db.schema
    .createTable('platform_recovery_code')
    .addColumn('id', serial, idCol)
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('platform_account.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('platform_recovery_code_account').on('platform_recovery_code').column('account_id').execute();

  await db.schema
    .createTable('platform_session')
    .addColumn('id', serial, idCol)
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('platform_account.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('platform_session_token').on('platform_session').column('token_hash').unique().execute();
  await db.schema.createIndex('platform_session_account').on('platform_session').column('account_id').execute();
}
