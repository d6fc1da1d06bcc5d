import type { Db } from '../db/database.js';

/** A customer's data on request: what an export reads beside their record (ledger and audit rows), and the erasure of their personal fields. */
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
  /** The customer's cash transaction log rows in their store (migration 041), oldest first. */
  cashLog(db: Db, storeId: number, customerId: number) {
    return db
      .selectFrom('cash_log')
      .select(['day', 'direction', 'level', 'at', 'total_cents', 'identity'])
      .where('store_id', '=', storeId)
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute();
  },
  /** When the customer's last ledger row was written (null: none). */
  async lastMovementAt(db: Db, storeId: number, customerId: number): Promise<string | null> {
    const r = await db.selectFrom('ledger').select((eb) => eb.fn.max('at').as('at')).where('store_id', '=', storeId).where('customer_id', '=', customerId).executeTakeFirst();
    return (r?.at as string | null | undefined) ?? null;
  },
  /**
   * Empties the customer's personal fields and blocks them, only while nothing is owed, no machine is in
   * play and it was not done before (the guard holds under a concurrent movement); false otherwise.
   * The ID card's hash stays: a shared self-exclusion still finds the person (migration 021).
   */
  async erase(db: Db, storeId: number, id: number, at: string): Promise<boolean> {
    const r = await db
      .updateTable('customer')
      .set({ first_name: '', last_name: '', name_search: '', last_search: '', drivers_license: '', birthday: '', gender: '', phone: '', mail: '', bank: '', bank_account: '', address: '', blocked: 1, erased_at: at, updated_at: at })
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .where('erased_at', 'is', null)
      .where('entries_cents', '=', 0)
      .where('winnings_cents', '=', 0)
      .where('playing_machine_id', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
};
