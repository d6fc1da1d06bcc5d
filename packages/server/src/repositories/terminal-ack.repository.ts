import type { Db } from '../db/database.js';

/** The stored outcome of every sequenced terminal command: a resend gets it back unchanged. */
export const terminalAckRepository = {
  async find(db: Db, machineRowId: number, seq: number): Promise<string | undefined> {
    const r = await db.selectFrom('terminal_ack').select('ack').where('machine_row_id', '=', machineRowId).where('seq', '=', seq).executeTakeFirst();
    return r?.ack;
  },
  async insert(tx: Db, row: { machine_row_id: number; seq: number; store_id: number; at: string; ack: string }): Promise<void> {
    await tx.insertInto('terminal_ack').values(row).execute();
  },
};
