import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * A platform account taken off the console (issue 37, `/operator/accountRemove`): `removed` 1. The row
 * stays (the audit trail, credit moves and sessions name it) and so does its username; a removed
 * account is disabled too (it cannot sign in, its sessions ended) and no list shows it.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('platform_account').addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}
