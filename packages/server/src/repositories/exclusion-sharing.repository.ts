import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { inCircle, ownerOf, sharingOn, spread } from './shared-exclusion.repository.js';

/**
 * The platform console's queries of shared exclusions (migration 021): an operator's switch, across its
 * stores (the store-bound ones are shared-exclusion.repository.ts, in storeScope).
 */
/** The console's queries: an owner's switch, across its stores. */
export const exclusionSharingRepository = {
  ownerOf,
  async state(db: Db, owner: number): Promise<{ since: string } | null> {
    return (await db.selectFrom('exclusion_sharing').select('since').where('owner_id', '=', owner).executeTakeFirst()) ?? null;
  },

  /** The owner's customers with an ID number but no hash yet (rows older than migration 021). */
  unhashed(db: Db, owner: number) {
    return db
      .selectFrom('customer')
      .select(['id', 'drivers_license'])
      .where('id_hash', '=', '')
      .where('drivers_license', '<>', '')
      .where((eb) => inCircle(eb, owner))
      .execute();
  },

  async setHash(db: Db, customerId: number, hash: string): Promise<void> {
    await db.updateTable('customer').set({ id_hash: hash }).where('id', '=', customerId).execute();
  },

  /** Switches sharing on and shares the exclusions running in the owner's stores; false when it was on already. */
  async switchOn(db: Db, owner: number, accountId: number, at: string): Promise<boolean> {
    if (await sharingOn(db, owner)) return false;
    await db.insertInto('exclusion_sharing').values({ owner_id: owner, since: at, account_id: accountId }).execute();
    const running = await db
      .selectFrom('customer')
      .select(['id', 'store_id', 'id_hash', 'protect_since', 'protect_until'])
      .where('protect_kind', '=', 'exclusion')
      .where('protect_until', '>', at)
      .where('id_hash', '<>', '')
      .where((eb) => inCircle(eb, owner))
      .execute();
    for (const c of running) {
      await spread(db, owner, Number(c.store_id), { customerId: Number(c.id), hash: c.id_hash, since: c.protect_since ?? at, until: c.protect_until! });
    }
    return true;
  },

  /** Switches sharing off: the shared rows go, and no customer of the owner's stores carries another store's exclusion; false when it was off. */
  async switchOff(db: Db, owner: number): Promise<boolean> {
    const r = await db.deleteFrom('exclusion_sharing').where('owner_id', '=', owner).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) return false;
    await db.deleteFrom('shared_exclusion').where('owner_id', '=', owner).execute();
    await db
      .updateTable('customer')
      .set({ shared_since: null, shared_until: sql<null>`NULL` })
      .where('shared_until', 'is not', null)
      .where((eb) => inCircle(eb, owner))
      .execute();
    return true;
  },
};

/** The owner's name (a distributor's username; null for the platform's own stores) and how many stores it runs. */
export async function ownerSummary(db: Db, owner: number): Promise<{ name: string | null; stores: number }> {
  const name = owner === 0 ? null : ((await db.selectFrom('platform_account').select('username').where('id', '=', owner).executeTakeFirst())?.username ?? null);
  const bound = db.selectFrom('platform_account_store').select('store_id');
  const r = await db
    .selectFrom('store')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => (owner === 0 ? eb('id', 'not in', bound) : eb('id', 'in', bound.where('account_id', '=', owner))))
    .executeTakeFirstOrThrow();
  return { name, stores: Number(r.n) };
}
