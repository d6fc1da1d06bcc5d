import type { Db } from '../db/database.js';
import type { TimeRange } from './round.repository.js';

/** A customer's gift log (bonuses awarded), newest first. */
export const giftRepository = {
  list(db: Db, storeId: number, customerId: number, range: TimeRange, offset: number, limit: number) {
    return db
      .selectFrom('gift')
      .select(['at', 'title', 'award_type', 'award_amount_cents', 'award_item', 'item_amount', 'level'])
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
      .selectFrom('gift')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', storeId)
      .where('customer_id', '=', customerId)
      .where('at', '>=', range.from)
      .where('at', '<', range.to)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },
};
