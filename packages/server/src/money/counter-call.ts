import { isoNow } from '../clock.js';
import type { DatabaseHandle, Db } from '../db/database.js';
import {
  customerMovementRepository as counter,
  type CounterCaller,
  type CounterRead,
} from '../repositories/customer-movement.repository.js';
import { applyMovement, isStale, moneyTestHooks, type Applied, type MovementPlan } from './apply-movement.js';
import { runMoneyCall, runMoneyTransaction } from './money-transaction.js';
import { recentPayoutsSince } from './payouts.js';
import { windowStarts } from './purchase-limits.js';
import { roleOf, seesExpectedBalance } from '../domain/expected-balance.js';
import { RefusalReason } from '@moneybox/contract';
import { Refusal } from './refusal.js';

/**
 * A money call at a counter (customer money, fills, bleeds): what to read, the rules that decide
 * on the read (a pure function that refuses or returns the plan), and the reply built from the
 * read and the apply.
 */
interface CounterCall<R> {
  caller: CounterCaller;
  key: string;
  /** The customer the call is for (customer money); none for the drawer's own cash. */
  customerId?: number;
  /** Purchases need the limit windows, reverts the shift's net purchases, redeems the customer's recent payouts. */
  needs?: 'windows' | 'shift_net' | 'payouts';
  /** A cash movement (purchase, revert, redeem): the customer's recent cash, read while the store sets a cash threshold (cash-log.ts). */
  cash?: boolean;
  decide(read: CounterRead, at: string): MovementPlan;
  answer(read: CounterRead, plan: MovementPlan, applied: Applied): R;
}

/** Optimistic attempts on PostgreSQL before a call locks its rows for the read (it kept losing races). */
const OPTIMISTIC_ATTEMPTS = 3;
/** A bound that only a broken database would reach: every attempt after the optimistic ones holds the locks. */
const MAX_ATTEMPTS = 8;

/**
 * Read, decide, apply. SQLite: one attempt inside the group commit (nothing runs between the read
 * and the apply). PostgreSQL: two round trips, no transaction: the read, then the apply function;
 * when its guards say a row changed since the read (a concurrent call for the same customer, a
 * shift closed, the key used meanwhile), the call reads again and the rules decide again, so
 * nothing is lost or doubled and the limits sum a ledger that includes the concurrent call. After
 * OPTIMISTIC_ATTEMPTS, the attempt runs in a transaction that first locks the shift and the
 * customer, so a call under heavy contention still gets through.
 */
export async function runCounterCall<R>(handle: DatabaseHandle, call: CounterCall<R>): Promise<R | undefined> {
  if (handle.dialect !== 'postgres') return runMoneyTransaction(handle, (tx) => attempt(handle, tx, call, 1));
  return runMoneyCall(handle, async (watch) => {
    let known: { storeId: number; accountId: number } | undefined;
    for (let n = 1; ; n++) {
      try {
        if (n <= OPTIMISTIC_ATTEMPTS || !known) return await attempt(handle, handle.db, call, n, (r) => (known = { storeId: r.store_id, accountId: r.account_id }), watch);
        const who = known;
        return await handle.db.transaction().execute(async (tx) => {
          watch(tx);
          await counter.lockForMove(tx, who.storeId, who.accountId, call.customerId);
          return attempt(handle, tx, call, n);
        });
      } catch (err) {
        if (!isStale(err) || n >= MAX_ATTEMPTS) throw err;
      }
    }
  });
}

/** One read, the rules on what it read, and the apply of their plan. */
async function attempt<R>(handle: DatabaseHandle, db: Db, call: CounterCall<R>, n: number, onRead?: (r: CounterRead) => void, watch?: (tx: Db) => void): Promise<R | undefined> {
  const at = isoNow();
  const read = await counter.readCounter(handle, db, call.caller, {
    customerId: call.customerId,
    key: call.key,
    at,
    windows: call.needs === 'windows' ? windowStarts(Date.parse(at)) : undefined,
    shiftNet: call.needs === 'shift_net',
    payoutsSince: call.needs === 'payouts' ? recentPayoutsSince(at) : undefined,
    cashSince: call.cash ? recentPayoutsSince(at) : undefined,
  });
  // A looked-up caller not found or not admitted (the caller's adapter then goes its ordinary way).
  if (!read) return undefined;
  onRead?.(read);
  await moneyTestHooks.afterRead?.(n);
  try {
    const plan = call.decide(read, at);
    return call.answer(read, plan, await applyPlan(handle, db, plan, watch));
  } catch (err) {
    throw blindRefusal(err, read);
  }
}

/**
 * A drawer that cannot cover a movement, refused to a caller who may not see its expected balance: the
 * refusal says so (`blind`), so its answer sends them to the boss and names no figure of the drawer.
 */
function blindRefusal(err: unknown, read: CounterRead): unknown {
  if (!(err instanceof Refusal) || err.reason !== RefusalReason.DRAWER_SHORT || callerSeesBalance(read)) return err;
  return new Refusal(err.reason, err.kind, { blind: true });
}

/**
 * The apply, and what the plan writes beside it in the same transaction: SQLite's group commit and
 * PostgreSQL's locked attempts are one already; PostgreSQL's optimistic attempt (autocommit) opens
 * one for the two. The read stays outside it: the apply's guards still refuse a stale plan.
 */
async function applyPlan(handle: DatabaseHandle, db: Db, plan: MovementPlan, watch?: (tx: Db) => void): Promise<Applied> {
  const alongside = plan.alongside;
  if (!alongside) return applyMovement(handle, db, plan);
  const both = async (tx: Db) => {
    const done = await applyMovement(handle, tx, plan);
    await alongside(tx, done.movementId);
    return done;
  };
  if (handle.dialect !== 'postgres' || db.isTransaction) return both(db);
  return db.transaction().execute((tx) => {
    watch?.(tx);
    return both(tx);
  });
}

/**
 * The balances after a counter call, in cents: PostgreSQL's apply reports them (concurrent calls
 * may have moved the shift since the read); SQLite ran alone since its read, so old value + delta.
 */
export function balancesAfter(read: CounterRead, plan: MovementPlan, done: Applied) {
  const m = plan.movement;
  const totals = m.shiftTotals ?? {};
  const shift = read.shift;
  const c = read.customer;
  return {
    balance: done.balanceCents ?? (shift?.balance_cents ?? 0) + (m.drawer ?? 0),
    fills: done.fillsCents ?? (shift?.fills_cents ?? 0) + (totals.fills_cents ?? 0),
    bleeds: done.bleedsCents ?? (shift?.bleeds_cents ?? 0) + (totals.bleeds_cents ?? 0),
    entries: done.entriesCents ?? (c?.entries_cents ?? 0) + (m.entries ?? 0),
    winnings: done.winningsCents ?? (c?.winnings_cents ?? 0) + (m.winnings ?? 0),
  };
}

/** Whether this counter call's caller may see the drawer's expected balance in its reply (blind count). */
export function callerSeesBalance(read: CounterRead): boolean {
  return seesExpectedBalance(roleOf(read.sa_type), read.store);
}
