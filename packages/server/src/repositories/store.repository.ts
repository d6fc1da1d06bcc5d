import type { Db } from '../db/database.js';
import type { Store, StoreTable } from '../db/schema.js';
import type { Insertable, Updateable } from 'kysely';
import { STORE_COLUMNS } from './columns.js';

export const storeRepository = {
  find(db: Db, id: number): Promise<Store | undefined> {
    return db.selectFrom('store').select(STORE_COLUMNS).where('id', '=', id).executeTakeFirst();
  },
  insert(db: Db, row: Insertable<StoreTable>) {
    return db.insertInto('store').values(row).execute();
  },
  update(db: Db, id: number, patch: Omit<Updateable<StoreTable>, 'id' | 'credit_cents' | 'comps_budget_cents'>) {
    return db.updateTable('store').set(patch).where('id', '=', id).executeTakeFirst();
  },
  /** Which of these kiosk ids are stores. */
  async existing(db: Db, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    return new Set((await db.selectFrom('store').select('id').where('id', 'in', ids).execute()).map((r) => Number(r.id)));
  },
  /** Whether the platform has any store yet (the demo seed fills an empty database only). */
  async any(db: Db): Promise<boolean> {
    return (await db.selectFrom('store').select('id').limit(1).executeTakeFirst()) !== undefined;
  },
  list(db: Db) {
    return db.selectFrom('store').select(['id', 'name', 'frozen', 'credit_cents', 'comps_budget_cents']).orderBy('id').execute();
  },
};
