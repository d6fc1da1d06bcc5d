import { sql, type RawBuilder } from 'kysely';
import { runPrepared, type DatabaseHandle, type Db } from '../db/database.js';
import { customerColumns, moneyCustomerColumns, moneyStoreColumns, netPurchase as net, recentCash, recentCashColumn, recentPayouts, recentPayoutsColumn, storeRuleColumns, windowSums } from './money-read.js';
import type { RecentCash } from '../money/cash-log.js';

export type { PurchaseWindows } from '../money/purchase-limits.js';
import type { PurchaseWindows } from '../money/purchase-limits.js';
import type { CustomerRead } from '../money/customer-rules.js';
import type { RecentPayout } from '../money/payouts.js';

/**
 * A caller the counter read finds itself, in its own statement (no round trip of its own): `source`
 * is a subquery of one row with the caller's `store_id`, `account_id` and `sa_type` and whatever
 * `admits` decides on; no row, or a row it does not admit, and the read answers undefined. The money
 * core learns only that: who looks the caller up, and how, is the adapter's (the HTTP money calls'
 * fast path builds one with repositories/session.repository.ts `caller`).
 */
export interface CallerLookup {
  source: RawBuilder<unknown>;
  admits(row: Record<string, unknown>): boolean;
}

/** Who makes a counter money call: a known actor, or a caller to look up in the same read. */
export type CounterCaller = { storeId: number; accountId: number } | { lookup: CallerLookup };

/**
 * Everything the rules of one customer money call read (money/customer-money.ts), from one
 * statement: the key, the store, the caller's open shift and drawer (null without one), the
 * customer (null when not in the store), and the purchase windows or the shift's net purchases.
 */
export interface CounterRead {
  store_id: number;
  account_id: number;
  /** The caller's account type (1 = boss): whether the reply may carry the drawer's expected balance. */
  sa_type: number;
  key_ok: boolean;
  store: {
    closed: number;
    frozen: number;
    freeze_msg: string;
    min_amount_cents: number;
    limit_hourly_cents: number;
    limit_daily_cents: number;
    limit_weekly_cents: number;
    credit_cents: number;
    comps_budget_cents: number;
    blind_count: number;
    birthday_required: number;
    id_check_cents: number;
    large_payout_cents: number;
    min_age: number;
    cash_log_cents: number;
    cash_report_cents: number;
    timezone: string;
  };
  shift: {
    shift_id: number;
    drawer_id: number;
    init_set: number;
    started_at: string;
    balance_cents: number;
    fills_cents: number;
    bleeds_cents: number;
    drawer_frozen: number;
  } | null;
  customer: (CustomerRead & { version: string | null }) | null;
  windows: PurchaseWindows | null;
  shift_net: number | null;
  /** A redeem's: the customer's payouts since `payoutsSince` (money/payouts.ts). */
  payouts: RecentPayout[] | null;
  /** A cash movement's: the customer's cash movements since `cashSince`, read only while the store sets a cash threshold (money/cash-log.ts). */
  cash: RecentCash[] | null;
}

export const customerMovementRepository = {
  /**
   * One statement for all a customer money call's rules read (see CounterRead); undefined only when a
   * looked-up caller is not found or not admitted. Nothing is locked: the apply's guards (money/apply-movement.ts)
   * refuse a plan whose customer row or shift changed since this read.
   */
  async readCounter(
    handle: DatabaseHandle,
    db: Db,
    caller: CounterCaller,
    q: { customerId?: number; key: string; at: string; windows?: { hour: string; day: string; week: string }; shiftNet?: boolean; payoutsSince?: string; cashSince?: string },
  ): Promise<CounterRead | undefined> {
    const lookup = 'lookup' in caller ? caller.lookup : undefined;
    const dialect = handle.dialect;
    const source =
      'lookup' in caller
        ? caller.lookup.source
        : sql`(SELECT CAST(${caller.storeId} AS BIGINT) AS store_id, CAST(${caller.accountId} AS BIGINT) AS account_id,
            (SELECT sa_type FROM account WHERE id = ${caller.accountId}) AS sa_type)`;
    // By the customer alone: its ledger rows are all its store's, and the sums only count once the
    // customer was found in the caller's store (the join below). So the (customer_id, kind, at)
    // index serves them, whatever the caller's store is known as (a looked-up caller's is not a parameter).
    const mine = sql`customer_id = ${q.customerId} AND kind IN ('purchase', 'revert')`;
    const w = q.windows;
    const query = sql<Record<string, unknown>>`SELECT caller.*,
        (k.used_at IS NULL AND k.expires_at > ${q.at}) AS key_ok,
        store.closed AS store_closed, store.frozen AS store_frozen, store.freeze_msg, store.min_amount_cents, store.limit_hourly_cents,
        store.limit_daily_cents, store.limit_weekly_cents, store.credit_cents, store.comps_budget_cents, store.blind_count, ${moneyStoreColumns('store')},
        shift.id AS shift_id, shift.drawer_id, shift.init_set, shift.started_at, shift.balance_cents, shift.fills_cents, shift.bleeds_cents,
        drawer.frozen AS drawer_frozen${
          q.customerId === undefined
            ? sql``
            : sql`, ${moneyCustomerColumns('customer')},
        ${dialect === 'postgres' ? sql`customer.xmin::text` : sql`NULL`} AS customer_version`
        }${w ? sql`, w.hour AS used_hour, w.day AS used_day, w.week AS used_week` : sql``}${q.shiftNet ? sql`, (SELECT COALESCE(SUM(${net}), 0) FROM ledger WHERE ${mine} AND shift_id = shift.id AND at >= shift.started_at) AS shift_net` : sql``}${
          q.payoutsSince === undefined ? sql`` : sql`, ${recentPayoutsColumn(q.customerId, q.payoutsSince, dialect)}`
        }${q.cashSince === undefined ? sql`` : sql`, ${recentCashColumn(q.customerId, q.cashSince, dialect, 'store')}`}
      FROM ${source} AS caller
      LEFT JOIN one_time_key k ON k.key = ${q.key}
      LEFT JOIN store ON store.id = caller.store_id
      LEFT JOIN shift ON shift.account_id = caller.account_id AND shift.store_id = caller.store_id AND shift.ended_at IS NULL
      LEFT JOIN drawer ON drawer.id = shift.drawer_id
      ${q.customerId === undefined ? sql`` : sql`LEFT JOIN customer ON customer.store_id = caller.store_id AND customer.id = ${q.customerId}`}${
        w
          ? sql`
      LEFT JOIN ${windowSums(q.customerId, w)} w ON 1 = 1`
          : sql``
      }`;
    const r = await runPrepared(handle, db, query);
    const x = r.rows[0];
    if (!x || (lookup && !lookup.admits(x))) return undefined;
    const n = (v: unknown) => Number(v);
    return {
      store_id: n(x.store_id),
      account_id: n(x.account_id),
      sa_type: n(x.sa_type ?? 0),
      key_ok: !!x.key_ok,
      store: {
        closed: x.store_closed == null ? 1 : n(x.store_closed),
        frozen: n(x.store_frozen ?? 0),
        freeze_msg: (x.freeze_msg as string | null) ?? '',
        min_amount_cents: n(x.min_amount_cents ?? 0),
        limit_hourly_cents: n(x.limit_hourly_cents ?? 0),
        limit_daily_cents: n(x.limit_daily_cents ?? 0),
        limit_weekly_cents: n(x.limit_weekly_cents ?? 0),
        credit_cents: n(x.credit_cents ?? 0),
        comps_budget_cents: n(x.comps_budget_cents ?? 0),
        blind_count: n(x.blind_count ?? 1),
        ...storeRuleColumns(x),
      },
      shift:
        x.shift_id == null
          ? null
          : {
              shift_id: n(x.shift_id),
              drawer_id: n(x.drawer_id),
              init_set: n(x.init_set),
              started_at: x.started_at as string,
              balance_cents: n(x.balance_cents),
              fills_cents: n(x.fills_cents),
              bleeds_cents: n(x.bleeds_cents),
              drawer_frozen: n(x.drawer_frozen),
            },
      customer: customerColumns(x),
      windows: q.windows ? { hour: n(x.used_hour), day: n(x.used_day), week: n(x.used_week) } : null,
      shift_net: q.shiftNet ? n(x.shift_net) : null,
      payouts: q.payoutsSince === undefined ? null : recentPayouts(x),
      cash: q.cashSince === undefined ? null : recentCash(x),
    };
  },

  /**
   * PostgreSQL, the last attempts of a call that kept losing races: locks the caller's open shift,
   * then the customer (if any), in the order every money call takes them, so the read that follows cannot
   * go stale before the apply. Runs inside the call's transaction.
   */
  async lockForMove(tx: Db, storeId: number, accountId: number, customerId: number | undefined): Promise<void> {
    await sql`SELECT id FROM shift WHERE account_id = ${accountId} AND store_id = ${storeId} AND ended_at IS NULL FOR UPDATE`.execute(tx);
    if (customerId !== undefined) await sql`SELECT id FROM customer WHERE store_id = ${storeId} AND id = ${customerId} FOR UPDATE`.execute(tx);
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

  /** The customer's payouts (redeems, every channel) since `since`, as the money reads hand them to the rules. */
  async recentPayouts(db: Db, storeId: number, customerId: number, since: string): Promise<RecentPayout[]> {
    const rows = await db
      .selectFrom('ledger')
      .select(['at', 'amount_cents'])
      .where('customer_id', '=', customerId)
      .where('kind', '=', 'redeem')
      .where('at', '>=', since)
      .where('store_id', '=', storeId)
      .execute();
    return rows.map((r) => ({ at: r.at, cents: Number(r.amount_cents) }));
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
