import type { Db } from '../db/database.js';
import { countCustomerLog, customerLogPage, type CustomerLogFilter } from './customer-log.js';

/** A customer's gift log (bonuses awarded), newest first. */
export const giftRepository = {
  list(db: Db, storeId: number, f: CustomerLogFilter, offset: number, limit: number) {
    return customerLogPage(db, storeId, 'gift', f, offset, limit)
      .select(['at', 'title', 'award_type', 'award_amount_cents', 'award_item', 'item_amount', 'level'])
      .execute();
  },
  count: (db: Db, storeId: number, f: CustomerLogFilter) => countCustomerLog(db, storeId, 'gift', f),
};
