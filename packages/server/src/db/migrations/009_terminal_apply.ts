import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The terminal apply function (money/apply-movement.ts) also applies a reload terminal's purchase
 * or redeem: it now names the customer whose money moves apart from the machine's seat, moves the
 * store's credit and returns the ledger row's id. Those are new arguments and a new result, so the
 * old function goes here; every migrate then creates the new one.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`DROP FUNCTION IF EXISTS mbx_apply_command(bigint, bigint, bigint, bigint, text, text, text, jsonb, jsonb, jsonb)`.execute(db);
}
