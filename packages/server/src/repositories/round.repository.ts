import type { Db } from '../db/database.js';

export interface TimeRange {
  from: string;
  to: string;
}

/** A customer's game rounds (reported by machines), newest first. */
export const roundRepository = {
  list(db: Db, storeId: number, customerId: number, range: TimeRange, offset: number, limit: number) {
    return db
      .selectFrom('round')
      .select(['round_no', 'serial_no', 'at', 'game_name', 'begin_credits', 'end_credits', 'jp_bet', 'game_bet', 'extra_bet', 'buy_bonus_cost', 'win'])
      .where('store_id', '=', storeId)
      .where('customer_id', '=', customerId)
      .where('at', '>=', range.from)
      .where('at', '<', range.to)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  },
  async count(db: Db, storeId: number, customerId: number, range: TimeRange): Promise<number> {
    const r = await db
      .selectFrom('round')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', storeId)
      .where('customer_id', '=', customerId)
      .where('at', '>=', range.from)
      .where('at', '<', range.to)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },
};
