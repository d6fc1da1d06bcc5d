import { type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';

/**
 * Self-exclusions shared across an operator's stores (migration 021, docs/DECISIONS.md "Shared
 * exclusions"). A store's operator (its owner) is the distributor it is bound to, or 0 (the platform's
 * own stores). Only the ID card's hash and the exclusion's dates are shared.
 */

/** The owner of store `storeId`: its distributor's account id, or 0. */
export async function ownerOf(db: Db, storeId: number): Promise<number> {
  const r = await db.selectFrom('platform_account_store').select('account_id').where('store_id', '=', storeId).executeTakeFirst();
  return r ? Number(r.account_id) : 0;
}

export async function sharingOn(db: Db, owner: number): Promise<boolean> {
  return (await db.selectFrom('exclusion_sharing').select('owner_id').where('owner_id', '=', owner).executeTakeFirst()) !== undefined;
}

/** The customer rows of the owner's stores. */
export function inCircle(eb: ExpressionBuilder<Database, 'customer'>, owner: number): Expression<SqlBool> {
  const bound = eb.selectFrom('platform_account_store').select('store_id');
  return owner === 0 ? eb('customer.store_id', 'not in', bound) : eb('customer.store_id', 'in', bound.where('account_id', '=', owner));
}

export interface Exclusion {
  customerId: number;
  hash: string;
  since: string;
  until: string;
}

/** Writes a shared exclusion and puts it on the matching customers of the owner's other stores (unless theirs ends later). */
export async function spread(db: Db, owner: number, storeId: number, x: Exclusion): Promise<number> {
  await db
    .insertInto('shared_exclusion')
    .values({ owner_id: owner, id_hash: x.hash, store_id: storeId, customer_id: x.customerId, since: x.since, until: x.until })
    .execute();
  const r = await db
    .updateTable('customer')
    .set({ shared_since: x.since, shared_until: x.until })
    .where('id_hash', '=', x.hash)
    .where('store_id', '<>', storeId)
    .where((eb) => inCircle(eb, owner))
    .where((eb) => eb.or([eb('shared_until', 'is', null), eb('shared_until', '<', x.until)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The store-bound queries (storeScope's `sharedExclusions`). */
export const sharedExclusionRepository = {
  /** A self-exclusion recorded in the store: shared when its owner shares (the number of customers it now reaches elsewhere). */
  async share(db: Db, storeId: number, x: Exclusion): Promise<number> {
    const owner = await ownerOf(db, storeId);
    if (!(await sharingOn(db, owner))) return 0;
    return spread(db, owner, storeId, x);
  },

  /** The running exclusion of another store of the owner on this ID hash (the latest end), when the owner shares. */
  async match(db: Db, storeId: number, hash: string, at: string): Promise<{ since: string; until: string } | null> {
    if (hash === '') return null;
    const owner = await ownerOf(db, storeId);
    if (!(await sharingOn(db, owner))) return null;
    const r = await db
      .selectFrom('shared_exclusion')
      .select(['since', 'until'])
      .where('owner_id', '=', owner)
      .where('id_hash', '=', hash)
      .where('until', '>', at)
      .where('store_id', '<>', storeId)
      .orderBy('until', 'desc')
      .limit(1)
      .executeTakeFirst();
    return r ?? null;
  },
};
