import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database.js';
import type { GiftTable, RoundTable } from '../db/schema.js';
import type { Insertable } from 'kysely';

/** What the machines write and read about customers and their play. */
export const playRepository = {
  customerForLogin(db: Db, storeId: number, mobileId: string) {
    return db.selectFrom('customer').select(['id', 'pin_hash']).where('store_id', '=', storeId).where('mobile_id', '=', mobileId).executeTakeFirst();
  },

  async lockForLogin(tx: Db, dialect: Dialect, storeId: number, id: number) {
    const r = await sql<{
      id: number;
      pin_hash: string;
      blocked: number;
      pin_failures: number;
      playing_machine_id: number | null;
      entries_cents: number;
      winnings_cents: number;
      first_name: string;
      last_name: string;
      protect_kind: string;
      protect_since: string | null;
      protect_until: string | null;
      shared_since: string | null;
      shared_until: string | null;
    }>`SELECT id, pin_hash, blocked, pin_failures, playing_machine_id, entries_cents, winnings_cents, first_name, last_name,
        protect_kind, protect_since, protect_until, shared_since, shared_until FROM customer
      WHERE store_id = ${storeId} AND id = ${id}${dialect === 'postgres' ? sql` FOR UPDATE` : sql``}`.execute(tx);
    return r.rows[0];
  },

  async storeState(tx: Db, storeId: number) {
    return tx.selectFrom('store').select(['closed', 'frozen', 'max_failed_logins']).where('id', '=', storeId).executeTakeFirstOrThrow();
  },

  async setPinFailures(tx: Db, id: number, n: number) {
    await tx.updateTable('customer').set({ pin_failures: n }).where('id', '=', id).execute();
  },

  /** Seats the customer at the machine (the customer row; the machine row follows). A good PIN clears the failures. */
  async seat(tx: Db, customerId: number, machineRowId: number, at: string) {
    await tx.updateTable('customer').set({ playing_machine_id: machineRowId, pin_failures: 0, updated_at: at }).where('id', '=', customerId).execute();
  },

  async insertRound(tx: Db, row: Insertable<RoundTable>) {
    await tx.insertInto('round').values(row).execute();
  },

  async insertGift(tx: Db, row: Insertable<GiftTable>) {
    await tx.insertInto('gift').values(row).execute();
  },
};
