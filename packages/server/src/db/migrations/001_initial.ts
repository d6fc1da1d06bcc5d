import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';
  const idCol = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const now = (c: any) => c.notNull();

  await db.schema
    .createTable('store')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('zip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('frozen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('freeze_msg', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('closed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_machines', 'integer', (c) => c.notNull().defaultTo(20))
    .addColumn('max_drawers', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('exchange_rate', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('credit_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('comps_budget_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('limit_day', 'integer', (c) => c.notNull().defaultTo(31))
    .addColumn('limit_hourly_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('limit_daily_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('limit_weekly_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('min_amount_cents', 'bigint', (c) => c.notNull().defaultTo(100))
    .addColumn('blind_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('max_failed_logins', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('created_at', 'text', now)
    .execute();

  await db.schema
    .createTable('account')
    .addColumn('id', serial, idCol)
    .addColumn('store_id', 'bigint', (c) => c.notNull().references('store.id'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('sa_type', 'integer', (c) => c.notNull())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', now)
    .addColumn('last_login_at', 'text')
    .execute();
  // Usernames are unique across the platform: the login call carries no kiosk id in the spec.
  await db.schema.createIndex('account_username').on('account').column('username').unique().execute();

  await db.schema
    .createTable('session')
    .addColumn('id', serial, idCol)
    .addColumn('store_id', 'bigint', (c) => c.notNull())
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('account.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', now)
    .addColumn('last_seen_at', 'text', now)
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('session_token').on('session').column('token_hash').unique().execute();
  await db.schema.createIndex('session_account').on('session').columns(['account_id', 'revoked_at']).execute();

  await db.schema
    .createTable('login_attempt')
    .addColumn('id', serial, idCol)
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', now)
    .execute();
  await db.schema.createIndex('login_attempt_ip').on('login_attempt').columns(['ip', 'at']).execute();
  await db.schema.createIndex('login_attempt_user').on('login_attempt').columns(['username', 'at']).execute();

  await db.schema
    .createTable('drawer')
    .addColumn('id', serial, idCol)
    .addColumn('store_id', 'bigint', (c) => c.notNull().references('store.id'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('frozen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', now)
    .addColumn('last_login_at', 'text')
    .execute();
  await db.schema.createIndex('drawer_store_number').on('drawer').columns(['store_id', 'number']).unique().execute();

  await db.schema
    .createTable('shift')
    .addColumn('id', serial, idCol)
    .addColumn('store_id', 'bigint', (c) => c.notNull().references('store.id'))
    .addColumn('drawer_id', 'bigint', (c) => c.notNull().references('drawer.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('account.id'))
    .addColumn('started_at', 'text', now)
    .addColumn('ended_at', 'text')
    .addColumn('closed_by_account_id', 'bigint')
    .addColumn('init_set', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('initial_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('fills_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bleeds_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('purchases_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('redeems_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('comps_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('special_comps_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('reverts_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('balance_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('counted_cents', 'bigint')
    .addColumn('count_detail', 'text')
    .execute();
  // At most one open shift per drawer and per account: the database, not the code, decides races.
  await sql`CREATE UNIQUE INDEX shift_open_drawer ON shift (drawer_id) WHERE ended_at IS NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX shift_open_account ON shift (account_id) WHERE ended_at IS NULL`.execute(db);
  await db.schema.createIndex('shift_store_started').on('shift').columns(['store_id', 'started_at']).execute();

  await db.schema
    .createTable('customer')
    .addColumn('id', serial, idCol)
    .addColumn('store_id', 'bigint', (c) => c.notNull().references('store.id'))
    .addColumn('mobile_id', 'text', (c) => c.notNull())
    .addColumn('pin_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name_search', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('drivers_license', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('birthday', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gender', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bank', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_account', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('account_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('blocked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('playing_machine_id', 'bigint')
    .addColumn('entries_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('winnings_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute();
  await db.schema.createIndex('customer_mobile').on('customer').column('mobile_id').unique().execute();
  await db.schema.createIndex('customer_store_id').on('customer').columns(['store_id', 'id']).execute();
  await db.schema.createIndex('customer_store_phone').on('customer').columns(['store_id', 'phone']).execute();
  await db.schema.createIndex('customer_store_name').on('customer').columns(['store_id', 'name_search']).execute();
  if (dialect === 'postgres') {
    // text_pattern_ops lets LIKE 'prefix%' use the index whatever the database collation.
    await sql`CREATE INDEX customer_store_name_prefix ON customer (store_id, name_search text_pattern_ops)`.execute(db);
    await sql`CREATE INDEX customer_store_phone_prefix ON customer (store_id, phone text_pattern_ops)`.execute(db);
  }

  await db.schema
    .createTable('ledger')
    .addColumn('id', serial, idCol)
    .addColumn('store_id', 'bigint', (c) => c.notNull().references('store.id'))
    .addColumn('at', 'text', now)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('pos'))
    .addColumn('account_id', 'bigint')
    .addColumn('drawer_id', 'bigint')
    .addColumn('shift_id', 'bigint')
    .addColumn('customer_id', 'bigint')
    .addColumn('machine_id', 'bigint')
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('d_drawer_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('d_entries_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('d_winnings_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('d_credit_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('d_budget_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('key', 'text')
    .addColumn('reverts_id', 'bigint')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('ledger_key').on('ledger').column('key').unique().execute();
  await db.schema.createIndex('ledger_shift').on('ledger').columns(['shift_id', 'id']).execute();
  await db.schema.createIndex('ledger_customer_at').on('ledger').columns(['customer_id', 'kind', 'at']).execute();
  await db.schema.createIndex('ledger_store_at').on('ledger').columns(['store_id', 'at']).execute();

  await db.schema
    .createTable('one_time_key')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', now)
    .addColumn('expires_at', 'text', now)
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('one_time_key_expires').on('one_time_key').column('expires_at').execute();

  await db.schema
    .createTable('machine')
    .addColumn('id', serial, idCol)
    .addColumn('store_id', 'bigint', (c) => c.notNull().references('store.id'))
    .addColumn('machine_id', 'bigint', (c) => c.notNull())
    .addColumn('connected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('customer_id', 'bigint')
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', now)
    .addColumn('last_seen_at', 'text')
    .execute();
  await db.schema.createIndex('machine_store').on('machine').columns(['store_id', 'machine_id']).execute();

  await db.schema
    .createTable('round')
    .addColumn('id', serial, idCol)
    .addColumn('store_id', 'bigint', (c) => c.notNull())
    .addColumn('customer_id', 'bigint', (c) => c.notNull())
    .addColumn('machine_id', 'bigint', (c) => c.notNull())
    .addColumn('round_no', 'text', (c) => c.notNull())
    .addColumn('serial_no', 'text', (c) => c.notNull())
    .addColumn('at', 'text', now)
    .addColumn('game_name', 'text', (c) => c.notNull())
    .addColumn('begin_credits', 'bigint', (c) => c.notNull())
    .addColumn('end_credits', 'bigint', (c) => c.notNull())
    .addColumn('jp_bet', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('game_bet', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('extra_bet', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('buy_bonus_cost', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('win', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('round_customer_at').on('round').columns(['store_id', 'customer_id', 'at']).execute();

  await db.schema
    .createTable('gift')
    .addColumn('id', serial, idCol)
    .addColumn('store_id', 'bigint', (c) => c.notNull())
    .addColumn('customer_id', 'bigint', (c) => c.notNull())
    .addColumn('at', 'text', now)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('award_type', 'text', (c) => c.notNull())
    .addColumn('award_amount_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('award_item', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('item_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('gift_customer_at').on('gift').columns(['store_id', 'customer_id', 'at']).execute();

  await db.schema
    .createTable('announcement')
    .addColumn('id', serial, idCol)
    .addColumn('msg', 'text', (c) => c.notNull())
    .addColumn('modes', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', now)
    .execute();

  await db.schema
    .createTable('domain_layout')
    .addColumn('host', 'text', (c) => c.primaryKey())
    .addColumn('layout', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('setting')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
