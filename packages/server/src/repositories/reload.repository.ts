import { sql } from 'kysely';
import { runPrepared, type DatabaseHandle, type Db } from '../db/database.js';
import type { CustomerRead, StoreRead } from '../money/customer-rules.js';
import type { PurchaseWindows } from './customer-movement.repository.js';
import { customerColumns, moneyCustomerColumns, moneyStoreColumns, recentCash, recentCashColumn, recentPayouts, recentPayoutsColumn, storeRuleColumns, windowSums } from './money-read.js';
import type { RecentCash } from '../money/cash-log.js';
import type { RecentPayout } from '../money/payouts.js';

/**
 * Everything a reload terminal's purchase or redeem decides on (services/terminal/reload.service.ts),
 * from one statement: the terminal's last seq and seat, the store, the customer of that mobile id
 * in the terminal's store (null when unknown there) with its PIN and row version, and for a
 * purchase its net purchases in the limit windows, for a redeem its recent payouts (every channel).
 */
export interface ReloadRead {
  last_seq: number;
  seat: number | null;
  store: StoreRead & { max_failed_logins: number };
  customer: (CustomerRead & { pin_hash: string; pin_failures: number; version: string | null }) | null;
  windows: PurchaseWindows | null;
  payouts: RecentPayout[] | null;
  /** The customer's recent cash movements (money/cash-log.ts), read while the store sets a cash threshold. */
  cash: RecentCash[] | null;
}

export const reloadRepository = {
  /**
   * The one read (see ReloadRead); undefined when the terminal is removed. Locks nothing: on
   * PostgreSQL's fast path the apply's guards refuse a plan whose rows changed since; in a
   * transaction lockCustomer runs first.
   */
  async read(
    handle: DatabaseHandle,
    db: Db,
    q: { machineId: number; storeId: number; mobileId: string; windows?: { hour: string; day: string; week: string }; payoutsSince?: string; cashSince?: string },
  ): Promise<ReloadRead | undefined> {
    const w = q.windows;
    const customerId = sql`(SELECT id FROM customer WHERE store_id = ${q.storeId} AND mobile_id = ${q.mobileId})`;
    const r = await runPrepared(
      handle,
      db,
      sql<Record<string, unknown>>`SELECT m.last_seq, m.customer_id AS seat,
          s.closed, s.frozen, s.freeze_msg, s.min_amount_cents, s.limit_hourly_cents, s.limit_daily_cents, s.limit_weekly_cents,
          s.credit_cents, s.comps_budget_cents, s.max_failed_logins, ${moneyStoreColumns('s')},
          ${moneyCustomerColumns('c')}, c.pin_hash, c.pin_failures,
          ${handle.dialect === 'postgres' ? sql`c.xmin::text` : sql`NULL`} AS customer_version${w ? sql`, w.hour AS used_hour, w.day AS used_day, w.week AS used_week` : sql``}${
            q.payoutsSince === undefined ? sql`` : sql`, ${recentPayoutsColumn(customerId, q.payoutsSince, handle.dialect)}`
          }${q.cashSince === undefined ? sql`` : sql`, ${recentCashColumn(customerId, q.cashSince, handle.dialect, 's')}`}
        FROM machine m
        JOIN store s ON s.id = m.store_id
        LEFT JOIN customer c ON c.store_id = m.store_id AND c.mobile_id = ${q.mobileId}${
          w
            ? sql`
        LEFT JOIN ${windowSums(customerId, w)} w ON 1 = 1`
            : sql``
        }
        WHERE m.id = ${q.machineId} AND m.store_id = ${q.storeId} AND m.removed = 0`,
    );
    const x = r.rows[0];
    if (!x) return undefined;
    const n = (v: unknown) => Number(v);
    const c = customerColumns(x);
    return {
      last_seq: n(x.last_seq),
      seat: x.seat == null ? null : n(x.seat),
      store: {
        closed: n(x.closed),
        frozen: n(x.frozen),
        freeze_msg: (x.freeze_msg as string | null) ?? '',
        min_amount_cents: n(x.min_amount_cents),
        limit_hourly_cents: n(x.limit_hourly_cents),
        limit_daily_cents: n(x.limit_daily_cents),
        limit_weekly_cents: n(x.limit_weekly_cents),
        credit_cents: n(x.credit_cents),
        comps_budget_cents: n(x.comps_budget_cents),
        max_failed_logins: n(x.max_failed_logins),
        ...storeRuleColumns(x),
      },
      customer: c && { ...c, pin_hash: x.pin_hash as string, pin_failures: n(x.pin_failures) },
      windows: w ? { hour: n(x.used_hour), day: n(x.used_day), week: n(x.used_week) } : null,
      payouts: q.payoutsSince === undefined ? null : recentPayouts(x),
      cash: q.cashSince === undefined ? null : recentCash(x),
    };
  },

  /** PostgreSQL, inside the transactional path: the customer's row locked before the read, so its limits and balances hold until commit. */
  async lockCustomer(tx: Db, storeId: number, mobileId: string): Promise<void> {
    await sql`SELECT id FROM customer WHERE store_id = ${storeId} AND mobile_id = ${mobileId} FOR UPDATE`.execute(tx);
  },
};
