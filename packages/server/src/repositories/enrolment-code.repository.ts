import type { Db } from '../db/database.js';

export const enrolmentCodeRepository = {
  async insert(db: Db, storeId: number, row: { code_hash: string; kind: string; machine_name: number; account_id: number; created_at: string; expires_at: string }) {
    await db.insertInto('enrolment_code').values({ ...row, store_id: storeId }).execute();
  },
  /** An unused, unexpired code by its hash (the terminal's enrolment: its store is the code's). */
  findUsable(db: Db, codeHash: string, at: string) {
    return db
      .selectFrom('enrolment_code')
      .select(['id', 'store_id', 'kind', 'machine_name'])
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
  },
  /** Marks the code used; false when a racing enrolment used it first. */
  async use(tx: Db, id: number, at: string, machineRowId: number): Promise<boolean> {
    const r = await tx.updateTable('enrolment_code').set({ used_at: at, machine_row_id: machineRowId }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
};
