import type { Db } from '../db/database.js';

interface ShiftMovementRow {
  id: number;
  kind: string;
  amount_cents: number;
  d_drawer_cents: number;
  at: string;
  note: string;
  customer_id: number | null;
  account: string | null;
}

/** The ledger rows of one shift, read for the Drawer page (the ledger itself is written only by `post`). */
export const shiftMovementRepository = {
  page(db: Db, storeId: number, shiftId: number, offset: number, limit: number): Promise<ShiftMovementRow[]> {
    return db
      .selectFrom('ledger')
      .leftJoin('account', 'account.id', 'ledger.account_id')
      .select([
        'ledger.id',
        'ledger.kind',
        'ledger.amount_cents',
        'ledger.d_drawer_cents',
        'ledger.at',
        'ledger.note',
        'ledger.customer_id',
        'account.username as account',
      ])
      .where('ledger.store_id', '=', storeId)
      .where('ledger.shift_id', '=', shiftId)
      .orderBy('ledger.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  },
  async count(db: Db, storeId: number, shiftId: number): Promise<number> {
    const r = await db
      .selectFrom('ledger')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', storeId)
      .where('shift_id', '=', shiftId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },
};
