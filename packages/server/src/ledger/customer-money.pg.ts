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

/**
 * The caller's session, for the function to check itself (one round trip for the whole call):
 * the token's hash, the UID sent with it, and how recently it must have been seen (see
 * http/authenticate.ts sessionFreshAfter). Refused as reason 'session' when not plainly valid.
 */
export interface SessionProof {
  tokenHash: string;
  uid: string;
  freshAfter: string;
}

export interface CustomerMoneyCall {
  kind: 'purchase' | 'revert' | 'redeem' | 'special_comps';
  /** Either the caller as authenticated already, or the session proof that the function checks. */
  caller: { storeId: number; accountId: number } | { session: SessionProof };
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
  let gate = gates.get(db);
  if (!gate) gates.set(db, (gate = new Gate(MONEY_STATEMENTS_IN_FLIGHT)));
  return gate.run(() => execute(db, c));
}

/**
 * How many money statements run in the database at once (per pool). Every purchase of a store
 * updates its store row, so they commit one after the other whatever the concurrency; more of
 * them in flight only queue on the row lock inside PostgreSQL, where each waiter costs lock-manager
 * work and CPU that the lock holder needs (on 2 cores: 20 in flight ran 10-40% slower than 5).
 * A few in flight let the next calls do their reads while the current one commits.
 */
const MONEY_STATEMENTS_IN_FLIGHT = 6;

/** A counting semaphore: callers beyond the limit wait in line, in arrival order. */
class Gate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active < this.limit) this.active++;
    // A waiter is handed the finishing call's slot (active stays the same): nobody can overtake.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

const gates = new WeakMap<Db, Gate>();

async function execute(db: Db, c: CustomerMoneyCall): Promise<CustomerMoneyResult> {
  const known = 'session' in c.caller ? null : c.caller;
  const proof = 'session' in c.caller ? c.caller.session : null;
  try {
    const r = await sql<CustomerMoneyResult>`SELECT * FROM mbx_customer_money(
      ${c.kind}::text, ${known?.storeId ?? null}::bigint, ${known?.accountId ?? null}::bigint, ${c.customerId}::bigint, ${c.amount}::bigint, ${c.key}::text,
      ${c.at}::text, ${c.windows.hour}::text, ${c.windows.day}::text, ${c.windows.week}::text,
      ${proof?.tokenHash ?? null}::text, ${proof?.uid ?? null}::text, ${proof?.freshAfter ?? null}::text)`.execute(db);
    return r.rows[0]!;
  } catch (err) {
    if (err && typeof err === 'object' && (err as { code?: unknown }).code === 'MBREF') {
      throw new MoneyRefused(JSON.parse((err as Error).message) as { reason: string });
    }
    throw err;
  }
}
