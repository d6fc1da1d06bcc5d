import type { Db } from '../db/database.js';
import type { Shift } from '../db/schema.js';
import { SHIFT_COLUMNS, SHIFT_COLUMNS_QUALIFIED } from './columns.js';

/**
 * A shift with what its report names: the drawer number, the owner and who closed it, and the float
 * it was offered: the count of the drawer's shift before it (null when that one was not counted), and the
 * initial amount's ledger note (its count by denomination, when it was counted so), and how often its
 * drawer was opened with No sale while it was open (the audit's drawer.no_sale rows).
 */
export type ShiftWithNames = Shift & { drawer_number: number; owner: string; closer: string | null; carried_cents: number | null; init_note: string | null; no_sales: number | string | null };

/** Shifts with their names, carried float and initial count: the one query every shift report reads. */
export function withNames(db: Db) {
  return db
    .selectFrom('shift')
    .innerJoin('drawer', 'drawer.id', 'shift.drawer_id')
    .innerJoin('account as owner', 'owner.id', 'shift.account_id')
    .leftJoin('account as closer', 'closer.id', 'shift.closed_by_account_id')
    .select(SHIFT_COLUMNS_QUALIFIED)
    .select(['drawer.number as drawer_number', 'owner.username as owner', 'closer.username as closer'])
    .select((eb) =>
      eb
        .selectFrom('shift as prev')
        .select('prev.counted_cents')
        .whereRef('prev.drawer_id', '=', 'shift.drawer_id')
        .whereRef('prev.id', '<', 'shift.id')
        .orderBy('prev.id', 'desc')
        .limit(1)
        .as('carried_cents'),
    )
    .select((eb) => eb.selectFrom('ledger').select('ledger.note').whereRef('ledger.shift_id', '=', 'shift.id').where('ledger.kind', '=', 'init').limit(1).as('init_note'))
    .select((eb) =>
      eb
        .selectFrom('audit')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('audit.store_id', '=', 'shift.store_id')
        .where('audit.kind', '=', 'drawer.no_sale')
        .whereRef('audit.target_id', '=', 'shift.drawer_id')
        .whereRef('audit.at', '>=', 'shift.started_at')
        .where((w) => w.or([w('shift.ended_at', 'is', null), w('audit.at', '<=', w.ref('shift.ended_at'))]))
        .as('no_sales'),
    );
}

export const shiftRepository = {
  /** Shifts open now in every store (the /metrics gauge). */
  async countOpenEverywhere(db: Db): Promise<number> {
    const r = await db.selectFrom('shift').select((eb) => eb.fn.countAll<number>().as('n')).where('ended_at', 'is', null).executeTakeFirst();
    return Number(r?.n ?? 0);
  },
  openForAccount(db: Db, storeId: number, accountId: number): Promise<Shift | undefined> {
    return db.selectFrom('shift').select(SHIFT_COLUMNS).where('store_id', '=', storeId).where('account_id', '=', accountId).where('ended_at', 'is', null).executeTakeFirst();
  },
  openForDrawer(db: Db, storeId: number, drawerId: number): Promise<Shift | undefined> {
    return db.selectFrom('shift').select(SHIFT_COLUMNS).where('store_id', '=', storeId).where('drawer_id', '=', drawerId).where('ended_at', 'is', null).executeTakeFirst();
  },
  find(db: Db, storeId: number, id: number): Promise<Shift | undefined> {
    return db.selectFrom('shift').select(SHIFT_COLUMNS).where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
  },
  findWithNames(db: Db, storeId: number, id: number): Promise<ShiftWithNames | undefined> {
    return withNames(db).where('shift.store_id', '=', storeId).where('shift.id', '=', id).executeTakeFirst();
  },
  /** Closed shifts, newest end first; only one account's when `accountId` is given. */
  recentClosed(db: Db, storeId: number, accountId: number | null, limit: number): Promise<ShiftWithNames[]> {
    let q = withNames(db).where('shift.store_id', '=', storeId).where('shift.ended_at', 'is not', null);
    if (accountId !== null) q = q.where('shift.account_id', '=', accountId);
    return q.orderBy('shift.ended_at', 'desc').orderBy('shift.id', 'desc').limit(limit).execute();
  },
  async insert(db: Db, storeId: number, row: { drawer_id: number; account_id: number; at: string }): Promise<number> {
    const r = await db
      .insertInto('shift')
      .values({ store_id: storeId, drawer_id: row.drawer_id, account_id: row.account_id, started_at: row.at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  },
  /** The count of the drawer's last closed shift before `beforeId` (every shift when null): the float it carries over. */
  async lastCount(db: Db, storeId: number, drawerId: number, beforeId: number | null): Promise<number | null> {
    let q = db.selectFrom('shift').select('counted_cents').where('store_id', '=', storeId).where('drawer_id', '=', drawerId).where('ended_at', 'is not', null);
    if (beforeId !== null) q = q.where('id', '<', beforeId);
    const r = await q.orderBy('id', 'desc').limit(1).executeTakeFirst();
    return r?.counted_cents ?? null;
  },
  /**
   * The handover made under one-time key `key` (issue 23): the shift it opened (its initial amount's
   * ledger row carries the key), that shift's cashier, and the drawer's shift before it (the one it closed).
   */
  async handedOver(db: Db, storeId: number, key: string): Promise<{ next_shift_id: number; next_account_id: number; closed_shift_id: number | null } | undefined> {
    const r = await db
      .selectFrom('ledger')
      .innerJoin('shift', 'shift.id', 'ledger.shift_id')
      .select(['shift.id as next_shift_id', 'shift.account_id as next_account_id'])
      .select((eb) =>
        eb.selectFrom('shift as prev').select('prev.id').whereRef('prev.drawer_id', '=', 'shift.drawer_id').whereRef('prev.id', '<', 'shift.id').orderBy('prev.id', 'desc').limit(1).as('closed_shift_id'),
      )
      .where('ledger.store_id', '=', storeId)
      .where('ledger.key', '=', key)
      .where('ledger.kind', '=', 'init')
      .executeTakeFirst();
    return r && { next_shift_id: Number(r.next_shift_id), next_account_id: Number(r.next_account_id), closed_shift_id: r.closed_shift_id === null ? null : Number(r.closed_shift_id) };
  },
  /** Closes an open shift once; returns false when it was already closed. */
  async close(
    db: Db,
    storeId: number,
    id: number,
    at: string,
    closedBy: number,
    counted: number | null,
    countDetail: string | null,
  ): Promise<boolean> {
    const r = await db
      .updateTable('shift')
      .set({ ended_at: at, closed_by_account_id: closedBy, counted_cents: counted, count_detail: countDetail })
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
};
