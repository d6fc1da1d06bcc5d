import type { Db } from '../db/database.js';
import { countCustomerLog, customerLogPage, type CustomerLogFilter } from './customer-log.js';

/** A customer's game rounds (reported by machines), newest first. */
export const roundRepository = {
  list(db: Db, storeId: number, f: CustomerLogFilter, offset: number, limit: number) {
    return customerLogPage(db, storeId, 'round', f, offset, limit)
      .select(['round_no', 'serial_no', 'at', 'game_name', 'begin_credits', 'end_credits', 'jp_bet', 'game_bet', 'extra_bet', 'buy_bonus_cost', 'win'])
      .execute();
  },
  count: (db: Db, storeId: number, f: CustomerLogFilter) => countCustomerLog(db, storeId, 'round', f),
};
