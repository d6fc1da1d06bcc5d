import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database.js';

/** A store's staff as Account Setting lists them, with the drawer each holds. */
export interface StaffRow {
  id: number;
  username: string;
  sa_type: number;
  disabled: number;
  locked: number;
  created_at: string;
  last_login_at: string | null;
  store_id: number;
  store_name: string;
  moneybox: number | null;
}

const staffQuery = (db: Db, storeId: number) =>
  db
    .selectFrom('account as a')
    .innerJoin('store as st', 'st.id', 'a.store_id')
    .leftJoin('shift as sh', (j) => j.onRef('sh.account_id', '=', 'a.id').on('sh.ended_at', 'is', null))
    .leftJoin('drawer as d', 'd.id', 'sh.drawer_id')
    .select(['a.id', 'a.username', 'a.sa_type', 'a.disabled', 'a.locked', 'a.created_at', 'a.last_login_at', 'a.store_id', 'st.name as store_name', 'd.number as moneybox'])
    .where('a.store_id', '=', storeId)
    .where('a.removed', '=', 0);

/** Store-scoped: every query filters by the caller's store, so another store's ids find nothing. */
export const staffRepository = {
  list(db: Db, storeId: number): Promise<StaffRow[]> {
    return staffQuery(db, storeId).orderBy('a.sa_type').orderBy('a.username').execute();
  },
  find(db: Db, storeId: number, id: number): Promise<StaffRow | undefined> {
    return staffQuery(db, storeId).where('a.id', '=', id).executeTakeFirst();
  },
  /** Enabled bosses of the store other than `exceptId`. */
  async otherActiveBosses(db: Db, storeId: number, exceptId: number, bossType: number): Promise<number> {
    const r = await db
      .selectFrom('account')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', storeId)
      .where('sa_type', '=', bossType)
      .where('removed', '=', 0)
      .where('disabled', '=', 0)
      .where('id', '!=', exceptId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },
  /**
   * Serializes staff changes of one store (PostgreSQL row lock on the store), so two bosses demoting
   * or disabling each other at once cannot leave the store without a boss. SQLite runs one write
   * transaction at a time already.
   */
  async lockStore(db: Db, storeId: number, dialect: Dialect): Promise<void> {
    if (dialect === 'postgres') await sql`SELECT id FROM store WHERE id = ${storeId} FOR UPDATE`.execute(db);
  },
  update(db: Db, storeId: number, id: number, patch: { password_hash?: string; sa_type?: number; disabled?: number; removed?: number; locked?: number; failed_logins?: number }) {
    return db.updateTable('account').set(patch).where('store_id', '=', storeId).where('id', '=', id).where('removed', '=', 0).executeTakeFirst();
  },
};
