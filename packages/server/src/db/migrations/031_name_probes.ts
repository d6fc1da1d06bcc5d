import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Staff names refused as in use, per prober (a console account or a store boss): usernames are one
 * platform-wide namespace, so a refusal tells that a name exists somewhere; `name_probe` bounds how
 * many such answers one prober gets per hour (services/user/name-probes.ts). A row is reserved
 * before the name is checked and removed when the check was not a refusal; rows past the window are purged.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';
  await db.schema
    .createTable('name_probe')
    .addColumn('id', serial, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('prober', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('name_probe_prober_at').on('name_probe').columns(['prober', 'at']).execute();
  await db.schema.createIndex('name_probe_at').on('name_probe').column('at').execute();
}
