import type { Kysely } from 'kysely';

/**
 * The housekeeping purge finds login attempts by their time alone (`at < cutoff`, in batches:
 * repositories/login-attempt.repository.ts). The (ip, at) and (username, at) indexes cannot serve
 * that, so each batch read the whole table; this index lets a batch read only the rows it removes.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('login_attempt_at').ifNotExists().on('login_attempt').column('at').execute();
}
