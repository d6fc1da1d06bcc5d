import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** What the PostgreSQL function mbx_customer_money (migration 002) returns for an applied movement. */
export interface CustomerMoneyResult {
  customer_id: number;
  movement_id: number;
  entries_cents: number;
  winnings_cents: number;
  balance_cents: number;
}

/** The function's refusal: a reason (e.g. 'key', 'needs_init', 'purchase_limit') and its figures in cents. */
export class MoneyRefused extends Error {
  constructor(readonly refusal: { reason: string } & Record<string, unknown>) {
    super(`money call refused: ${refusal.reason}`);
  }
}

export interface CustomerMoneyCall {
  kind: 'purchase' | 'revert' | 'redeem' | 'special_comps';
  storeId: number;
  accountId: number;
  customerId: number;
  amount: number;
  key: string;
  at: string;
  windows: { hour: string; day: string; week: string };
}

/**
 * One customer money call on PostgreSQL in ONE round trip: the statement is the transaction
 * (autocommit), so every lock it takes is held only while the server works, never across the
 * network. A refusal aborts the statement: nothing, not even the key use, is kept.
 */
export async function customerMoneyInOneStatement(db: Db, c: CustomerMoneyCall): Promise<CustomerMoneyResult> {
  try {
    const r = await sql<CustomerMoneyResult>`SELECT * FROM mbx_customer_money(
      ${c.kind}::text, ${c.storeId}::bigint, ${c.accountId}::bigint, ${c.customerId}::bigint, ${c.amount}::bigint, ${c.key}::text,
      ${c.at}::text, ${c.windows.hour}::text, ${c.windows.day}::text, ${c.windows.week}::text)`.execute(db);
    return r.rows[0]!;
  } catch (err) {
    if (err && typeof err === 'object' && (err as { code?: unknown }).code === 'MBREF') {
      throw new MoneyRefused(JSON.parse((err as Error).message) as { reason: string });
    }
    throw err;
  }
}
