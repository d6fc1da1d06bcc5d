import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database.js';

/** The caller's open shift with its drawer and store: what a customer money call checks first. */
export interface CounterState {
  shift_id: number;
  drawer_id: number;
  init_set: number;
  started_at: string;
  balance_cents: number;
  drawer_frozen: number;
  store_closed: number;
  store_frozen: number;
  freeze_msg: string;
  min_amount_cents: number;
  limit_hourly_cents: number;
  limit_daily_cents: number;
  limit_weekly_cents: number;
}

export interface PurchaseWindows {
  hour: number;
  day: number;
  week: number;
}

/** Net purchases (purchases minus reverts) signed per row. */
const net = sql<number>`CASE WHEN kind = 'purchase' THEN amount_cents ELSE -amount_cents END`;

export const customerMovementRepository = {
  /**
   * Reads the caller's open shift, its drawer and its store in one round trip and, on PostgreSQL,
   * locks the shift row: the first lock of every customer money call (shift → customer → store).
   */
  async lockCounter(tx: Db, dialect: Dialect, storeId: number, accountId: number): Promise<CounterState | undefined> {
    // Plain SQL, like the other statements every money call runs: the query builder's CPU cost
    // was larger than SQLite's cost of running them.
    const r = await sql<CounterState>`SELECT shift.id AS shift_id, shift.drawer_id, shift.init_set, shift.started_at, shift.balance_cents,
        drawer.frozen AS drawer_frozen, store.closed AS store_closed, store.frozen AS store_frozen, store.freeze_msg, store.min_amount_cents,
        store.limit_hourly_cents, store.limit_daily_cents, store.limit_weekly_cents
      FROM shift INNER JOIN drawer ON drawer.id = shift.drawer_id INNER JOIN store ON store.id = shift.store_id
      WHERE shift.account_id = ${accountId} AND shift.store_id = ${storeId} AND shift.ended_at IS NULL${dialect === 'postgres' ? sql` FOR UPDATE OF shift` : sql``}`.execute(tx);
    return r.rows[0];
  },

  /** The customer's net purchases since each window's start (all channels). */
  async purchaseWindows(db: Db, storeId: number, customerId: number, since: { hour: string; day: string; week: string }): Promise<PurchaseWindows> {
    const r = await sql<PurchaseWindows>`SELECT COALESCE(SUM(CASE WHEN at >= ${since.hour} THEN ${net} ELSE 0 END), 0) AS hour,
        COALESCE(SUM(CASE WHEN at >= ${since.day} THEN ${net} ELSE 0 END), 0) AS day,
        COALESCE(SUM(${net}), 0) AS week
      FROM ledger
      WHERE customer_id = ${customerId} AND kind IN ('purchase', 'revert') AND at >= ${since.week} AND store_id = ${storeId}`.execute(db);
    const w = r.rows[0]!;
    return { hour: Number(w.hour), day: Number(w.day), week: Number(w.week) };
  },

  /** What the customer bought in this shift, net of what was already reverted in it. */
  async shiftNetPurchases(db: Db, storeId: number, shiftId: number, shiftStart: string, customerId: number): Promise<number> {
    const r = await db
      .selectFrom('ledger')
      .select(sql<number>`COALESCE(SUM(${net}), 0)`.as('net'))
      .where('customer_id', '=', customerId)
      .where('kind', 'in', ['purchase', 'revert'])
      .where('at', '>=', shiftStart)
      .where('shift_id', '=', shiftId)
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow();
    return Number(r.net);
  },
};
