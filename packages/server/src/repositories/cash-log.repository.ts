import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { CashLogTable } from '../db/schema.js';

/** What a cash movement writes for one level it is at (money/cash-log.ts cashStep's entries). */
export type CashLogWrite = Omit<Insertable<CashLogTable>, 'id' | 'movements' | 'last_at'>;

/**
 * The cash transaction log (issue 40, migration 041): written by the money core beside a cash movement's
 * ledger row, in its transaction (money/customer-money.ts, services/terminal/reload.service.ts); read by
 * the store's /drawer/cashLog (in storeScope as `cashLog`) and the console's store view of it.
 */
export const cashLogRepository = {
  /**
   * A level's entry of the customer's store day and direction: made by the movement that reached it (its
   * ledger row, time, cashier or kiosk, amount, the identity then), brought up to date by each later one
   * (the day's sum, the count, the latest time). One row per (store, customer, day, direction, level).
   */
  async record(db: Db, row: CashLogWrite): Promise<void> {
    await db
      .insertInto('cash_log')
      .values({ ...row, movements: 1, last_at: row.at })
      .onConflict((oc) =>
        oc.columns(['store_id', 'customer_id', 'day', 'direction', 'level']).doUpdateSet((eb) => ({
          total_cents: eb.ref('excluded.total_cents'),
          last_at: eb.ref('excluded.last_at'),
          movements: eb('cash_log.movements', '+', 1),
        })),
      )
      .execute();
  },

  /** The store's entries of one level reached in [from, to), oldest first, with the cashier's name, the kiosk's number and the customer's mobile id. */
  list(db: Db, storeId: number, level: CashLogTable['level'], fromIso: string, toIso: string) {
    return db
      .selectFrom('cash_log as l')
      .innerJoin('customer as c', 'c.id', 'l.customer_id')
      .leftJoin('account as a', 'a.id', 'l.account_id')
      .leftJoin('machine as m', 'm.id', 'l.machine_id')
      .select([
        'l.id', 'l.day', 'l.direction', 'l.level', 'l.threshold_cents', 'l.ledger_id', 'l.at', 'l.channel', 'l.amount_cents', 'l.total_cents', 'l.movements',
        'l.last_at', 'l.identity', 'l.customer_id', 'c.mobile_id', 'a.username', 'm.machine_id as machine_number',
      ])
      .where('l.store_id', '=', storeId)
      .where('l.level', '=', level)
      .where('l.at', '>=', fromIso)
      .where('l.at', '<', toIso)
      .orderBy('l.at')
      .orderBy('l.id')
      .limit(10_000)
      .execute();
  },
};
