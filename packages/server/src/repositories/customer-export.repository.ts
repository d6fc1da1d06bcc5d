import type { Db } from '../db/database.js';

/** What a customer's data export reads beside their record: their ledger rows and the audit rows about them. */
export const customerExportRepository = {
  /** The customer's ledger rows in their store, oldest first. */
  movements(db: Db, storeId: number, customerId: number) {
    return db
      .selectFrom('ledger')
      .select(['id', 'at', 'kind', 'channel', 'amount_cents'])
      .where('store_id', '=', storeId)
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute();
  },
  /** The audit rows whose target is the customer, oldest first. */
  actions(db: Db, storeId: number, customerId: number) {
    return db
      .selectFrom('audit')
      .select(['at', 'kind', 'actor_name'])
      .where('store_id', '=', storeId)
      .where('target_type', '=', 'customer')
      .where('target_id', '=', customerId)
      .orderBy('id')
      .execute();
  },
};
