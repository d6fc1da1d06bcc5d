import { RefusalReason, toUnits } from '@moneybox/contract';
import { isoNow } from '../clock.js';
import type { DatabaseHandle, Db } from '../db/database.js';
import {
  customerMovementRepository as counter,
  type CallerSession,
  type CounterCaller,
  type CounterRead,
} from '../repositories/customer-movement.repository.js';
import { applyMovement, isStale, moneyTestHooks, type MovementPlan } from './apply-movement.js';
import { runMoneyCall, runMoneyTransaction } from './money-transaction.js';
import { MOVEMENTS, overdrawn, type CustomerMoneyKind } from './movements.js';
import { overrun, windowStarts } from './purchase-limits.js';
import { refuseMovement } from './refusal.js';

/** What the money core needs from the running server: the database. */
export interface MoneyDeps {
  handle: DatabaseHandle;
}

/** Who moves the money: a staff member at a counter of their store. */
export interface CounterActor {
  storeId: number;
  accountId: number;
}

export interface CustomerMoneyInput {
  /** The customer's id in the actor's store. */
  id: number;
  amount: number;
  key: string;
}

export type CustomerMoneyResult = {
  id: number;
  movement_id: number;
  amount: number;
  entries: number;
  winnings: number;
  balance: number;
};

/** Only what the customer bought in this shift (net of reverts) and has not played yet can be taken back. */
export function revertableCents(entriesCents: number, shiftNetPurchasesCents: number): number {
  return Math.max(0, Math.min(entriesCents, shiftNetPurchasesCents));
}

/**
 * Purchase, revert purchase, redeem and special comps at the counter, on SQLite and PostgreSQL
 * alike: read (one statement), the rules (planCustomerMoney), apply (money/apply-movement.ts).
 */
export async function moveCustomerMoney(deps: MoneyDeps, actor: CounterActor, kind: CustomerMoneyKind, input: CustomerMoneyInput): Promise<CustomerMoneyResult> {
  return (await runCustomerMoney(deps.handle, actor, kind, input, () => true))!;
}

/**
 * The same call for a session token (the HTTP envelope's fast path): the session is read in the
 * same statement as the rest, and `accept` decides on it (http/authenticate.ts provenFresh).
 * Undefined when the session is unknown or not accepted: the caller then authenticates as usual.
 */
export function moveCustomerMoneyWithSession(
  handle: DatabaseHandle,
  tokenHash: string,
  accept: (s: CallerSession) => boolean,
  kind: CustomerMoneyKind,
  input: CustomerMoneyInput,
): Promise<CustomerMoneyResult | undefined> {
  return runCustomerMoney(handle, { tokenHash }, kind, input, (s) => !!s && accept(s));
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
async function runCustomerMoney(
  handle: DatabaseHandle,
  caller: CounterCaller,
  kind: CustomerMoneyKind,
  input: CustomerMoneyInput,
  accept: (s: CallerSession | undefined) => boolean,
): Promise<CustomerMoneyResult | undefined> {
  if (handle.dialect !== 'postgres') return runMoneyTransaction(handle, (tx) => attempt(handle, tx, caller, kind, input, accept, 1));
  return runMoneyCall(handle, async () => {
    let known: { storeId: number; accountId: number } | undefined;
    for (let n = 1; ; n++) {
      try {
        if (n <= OPTIMISTIC_ATTEMPTS || !known) return await attempt(handle, handle.db, caller, kind, input, accept, n, (r) => (known = { storeId: r.store_id, accountId: r.account_id }));
        const who = known;
        return await handle.db.transaction().execute(async (tx) => {
          await counter.lockForMove(tx, who.storeId, who.accountId, input.id);
          return attempt(handle, tx, caller, kind, input, accept, n);
        });
      } catch (err) {
        if (!isStale(err) || n >= MAX_ATTEMPTS) throw err;
      }
    }
  });
}

/** One read, the rules on what it read, and the apply of their plan. */
async function attempt(
  handle: DatabaseHandle,
  db: Db,
  caller: CounterCaller,
  kind: CustomerMoneyKind,
  input: CustomerMoneyInput,
  accept: (s: CallerSession | undefined) => boolean,
  n: number,
  onRead?: (r: CounterRead) => void,
): Promise<CustomerMoneyResult | undefined> {
  const at = isoNow();
  const read = await counter.readCounter(handle, db, caller, {
    customerId: input.id,
    key: input.key,
    at,
    windows: kind === 'purchase' ? windowStarts(Date.parse(at)) : undefined,
    shiftNet: kind === 'revert',
  });
  if (!read || !accept(read.session)) return undefined;
  onRead?.(read);
  await moneyTestHooks.afterRead?.(n);
  const plan = planCustomerMoney(read, kind, input, at);
  const done = await applyMovement(handle, db, plan);
  const m = plan.movement;
  const c = read.customer!;
  // SQLite ran alone since its read: old value + delta is the new value. PostgreSQL's apply reports them.
  return {
    id: c.id,
    movement_id: done.movementId,
    amount: toUnits(m.amount),
    entries: toUnits(done.entriesCents ?? c.entries_cents + (m.entries ?? 0)),
    winnings: toUnits(done.winningsCents ?? c.winnings_cents + (m.winnings ?? 0)),
    balance: toUnits(done.balanceCents ?? read.shift!.balance_cents + (m.drawer ?? 0)),
  };
}

/**
 * The rules of a customer money call, in their one order: key (12), open shift (10), store closed
 * or frozen (1/46), drawer frozen (45), initial amount (24/26/28/30), customer known and not
 * blocked (17), not playing (25/27/29/31), minimum (35), purchase limits or revertable amount (35),
 * then the balances (movements.ts overdrawn): entries or winnings (35), drawer cash (38), store
 * credit or budget (32). A pure function of what was read: it refuses (Refusal) or returns the
 * plan to apply.
 */
export function planCustomerMoney(read: CounterRead, kind: CustomerMoneyKind, input: CustomerMoneyInput, at: string): MovementPlan {
  const refuse: (reason: RefusalReason, figures?: Record<string, unknown>) => never = (reason, figures) => refuseMovement(reason, kind, figures);
  const { store, shift, customer } = read;
  if (!read.key_ok) refuse(RefusalReason.KEY);
  if (store.closed === 1) refuse(RefusalReason.STORE_CLOSED);
  if (store.frozen === 1) refuse(RefusalReason.STORE_FROZEN, { freeze_msg: store.freeze_msg });
  if (!shift) refuse(RefusalReason.NO_SHIFT);
  if (shift.drawer_frozen === 1) refuse(RefusalReason.DRAWER_FROZEN);
  if (shift.init_set !== 1) refuse(RefusalReason.NEEDS_INIT);

  // A blocked account moves no money at the counter until a boss or cashier unblocks it.
  if (!customer || customer.blocked === 1) refuse(RefusalReason.CUSTOMER);
  if (customer.playing_machine_id !== null) refuse(RefusalReason.PLAYING);

  const a = input.amount;
  if (a <= 0 || a < store.min_amount_cents) refuse(RefusalReason.MIN_AMOUNT, { min_amount_cents: store.min_amount_cents });

  if (kind === 'purchase') {
    const over = overrun(store, read.windows!, a);
    if (over) refuse(RefusalReason.PURCHASE_LIMIT, { limit: over.limit, left_cents: over.left });
  }
  if (kind === 'revert') {
    const revertable = revertableCents(customer.entries_cents, read.shift_net!);
    if (a > revertable) refuse(RefusalReason.OVER_REVERTABLE, { revertable_cents: revertable });
  }
  const definition = MOVEMENTS[kind];
  const e = definition.effects(a);
  const short = overdrawn(e, {
    drawer: shift.balance_cents,
    entries: customer.entries_cents,
    winnings: customer.winnings_cents,
    credit: store.credit_cents,
    budget: store.comps_budget_cents,
  });
  if (short) refuse(short);

  return {
    useKey: input.key,
    customerVersion: customer.version,
    movement: {
      storeId: read.store_id,
      kind,
      channel: definition.channel,
      amount: a,
      accountId: read.account_id,
      drawerId: shift.drawer_id,
      shiftId: shift.shift_id,
      customerId: customer.id,
      key: input.key,
      at,
      ...e,
    },
  };
}
