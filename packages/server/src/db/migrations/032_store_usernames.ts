import type { Kysely } from 'kysely';

/**
 * Staff usernames belong to their store (issue 34, item 17): a boss or a distributor creating an
 * account learns only whether the name is in use in that store, never in another distributor's. The
 * store sign-in names its store (the login URL's kiosk id), so a name may be used once per store,
 * removed accounts included (they keep it in the store's history). The name-probe bound of 031 was
 * there only because a refusal told that a name existed somewhere on the platform; its table goes.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('account_username').execute();
  await db.schema.createIndex('account_store_username').on('account').columns(['store_id', 'username']).unique().execute();
  await db.schema.createIndex('account_username_any').on('account').column('username').execute();
  await db.schema.dropTable('name_probe').execute();
}
