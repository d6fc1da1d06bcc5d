import type { Db } from '../db/database.js';
import type { Drawer } from '../db/schema.js';
import { DRAWER_COLUMNS } from './columns.js';

export interface DrawerWithShift {
  id: number;
  number: number;
  frozen: number;
  created_at: string;
  last_login_at: string | null;
  shift_id: number | null;
  account: string | null;
  shift_started_at: string | null;
  init_set: number | null;
  balance_cents: number | null;
}

export const drawerRepository = {
  /** Drawers of a store with the open shift (if any) and the account using it. */
  listWithShift(db: Db, storeId: number): Promise<DrawerWithShift[]> {
    return db
      .selectFrom('drawer')
      .leftJoin('shift', (j) => j.onRef('shift.drawer_id', '=', 'drawer.id').on('shift.ended_at', 'is', null))
      .leftJoin('account', 'account.id', 'shift.account_id')
      .select([
        'drawer.id',
        'drawer.number',
        'drawer.frozen',
        'drawer.created_at',
        'drawer.last_login_at',
        'shift.id as shift_id',
        'account.username as account',
        'shift.started_at as shift_started_at',
        'shift.init_set',
        'shift.balance_cents',
      ])
      .where('drawer.store_id', '=', storeId)
      .orderBy('drawer.number')
      .execute();
  },
  findByNumber(db: Db, storeId: number, number: number): Promise<Drawer | undefined> {
    return db.selectFrom('drawer').select(DRAWER_COLUMNS).where('store_id', '=', storeId).where('number', '=', number).executeTakeFirst();
  },
  find(db: Db, storeId: number, id: number): Promise<Drawer | undefined> {
    return db.selectFrom('drawer').select(DRAWER_COLUMNS).where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
  },
  async count(db: Db, storeId: number): Promise<number> {
    const r = await db
      .selectFrom('drawer')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },
  /** Count and highest number read in one statement, so a racing create sees both or neither. */
  async numbers(db: Db, storeId: number): Promise<{ count: number; highest: number }> {
    const r = await db
      .selectFrom('drawer')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max<number | null>('number').as('highest')])
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow();
    return { count: Number(r.n), highest: Number(r.highest ?? 0) };
  },
  async insert(db: Db, storeId: number, number: number, at: string): Promise<number> {
    const r = await db
      .insertInto('drawer')
      .values({ store_id: storeId, number, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  },
  touchLogin(db: Db, storeId: number, id: number, at: string) {
    return db.updateTable('drawer').set({ last_login_at: at }).where('store_id', '=', storeId).where('id', '=', id).execute();
  },
  setFrozen(db: Db, storeId: number, id: number, frozen: boolean) {
    return db.updateTable('drawer').set({ frozen: frozen ? 1 : 0 }).where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
  },
};
