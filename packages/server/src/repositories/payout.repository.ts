import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { PayoutCheckTable } from '../db/schema.js';

/**
 * Checked payouts (issue 24, migration 014): written by the money core beside the redeem's ledger
 * row, in its transaction (money/customer-money.ts); read by the large-payouts report
 * (report.repository.ts largePayouts). Append-only: never updated or deleted.
 */
export const payoutRepository = {
  async record(db: Db, row: Insertable<PayoutCheckTable>): Promise<void> {
    await db.insertInto('payout_check').values(row).execute();
  },
};
