import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';
  const idCol = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  // The audit trail: one row per change a person (or the operator's CLI) makes, written in the same
  // transaction as the change. Money movements are NOT repeated here: their ledger row is their
  // audit row (see docs/DECISIONS.md, "Audit trail").
  await db.schema
    .createTable('audit')
    .addColumn('id', serial, idCol)
    // Null only for platform-wide operator commands (domain layouts, announcements, maintenance).
    .addColumn('store_id', 'bigint')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_account_id', 'bigint')
    // The name at the time of the change, so the trail reads the same after a removal.
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('actor_role', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('target_id', 'bigint')
    .addColumn('target_label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .execute();
  await db.schema.createIndex('audit_store_at').on('audit').columns(['store_id', 'at']).execute();
  await db.schema.createIndex('audit_store_actor_at').on('audit').columns(['store_id', 'actor_account_id', 'at']).execute();
  await db.schema.createIndex('audit_store_kind_at').on('audit').columns(['store_id', 'kind', 'at']).execute();

  // Append-only, enforced by the database itself: no code path can rewrite history.
  if (dialect === 'postgres') {
    await sql`CREATE FUNCTION mbx_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit is append-only'; END $$`.execute(db);
    await sql`CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE ON audit
      FOR EACH ROW EXECUTE FUNCTION mbx_audit_append_only()`.execute(db);
  } else {
    await sql`CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit BEGIN SELECT RAISE(ABORT, 'audit is append-only'); END`.execute(db);
    await sql`CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit BEGIN SELECT RAISE(ABORT, 'audit is append-only'); END`.execute(db);
  }

  // The operator's caps on the purchase limits: the boss may set the limits up to these (0 = no cap).
  for (const w of ['hourly', 'daily', 'weekly']) {
    await db.schema.alterTable('store').addColumn(`cap_${w}_cents`, 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  }
  await sql`UPDATE store SET cap_hourly_cents = limit_hourly_cents, cap_daily_cents = limit_daily_cents, cap_weekly_cents = limit_weekly_cents`.execute(db);
}
