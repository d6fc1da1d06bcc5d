import { RefusalReason, toUnits } from '@moneybox/contract';
import { isoNow } from '../clock.js';
import type { DatabaseHandle, Db } from '../db/database.js';
import { customerMovementRepository as counter } from '../repositories/customer-movement.repository.js';
import { customerRepository } from '../repositories/customer.repository.js';
import { storeRepository } from '../repositories/store.repository.js';
import { consumeKey, post } from './ledger.js';
import { runMoneyTransaction } from './money-transaction.js';
import { MOVEMENTS, type CustomerMoneyKind } from './movements.js';
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
 * alike: one transaction (on SQLite a savepoint of the group commit), the key used first.
 */
export function moveCustomerMoney(deps: MoneyDeps, actor: CounterActor, kind: CustomerMoneyKind, input: CustomerMoneyInput): Promise<CustomerMoneyResult> {
  return runMoneyTransaction(deps.handle, (tx) => moveCustomerMoneyIn(tx, deps.handle.dialect, actor, kind, input));
}

/**
 * The rules of a customer money call, in their one order: key (12), open shift (10), store closed
 * or frozen (1/46), drawer frozen (45), initial amount (24/26/28/30), customer known and not
 * blocked (17), not playing (25/27/29/31), minimum (35), purchase limits or revertable amount (35),
 * entries or winnings (35), then the guarded balances: drawer cash (38), store credit or budget (32).
 *
 * Locks (PostgreSQL), in the order every money call takes them: the caller's shift, the customer,
 * then (ledger.post, last, right before the commit) the store. No transaction takes a customer's
 * row before a shift's, so two calls may wait on each other but never in a cycle. The customer
 * lock makes the limit and revert sums exact under concurrency: a second purchase for the same
 * customer waits until the first commits, then sums a ledger that includes it. On SQLite the
 * single connection runs one transaction at a time.
 */
export async function moveCustomerMoneyIn(tx: Db, dialect: DatabaseHandle['dialect'], actor: CounterActor, kind: CustomerMoneyKind, input: CustomerMoneyInput): Promise<CustomerMoneyResult> {
  const { storeId, accountId } = actor;
  const refuse: (reason: RefusalReason, figures?: Record<string, unknown>) => never = (reason, figures) => refuseMovement(reason, kind, figures);
  const at = isoNow();
  await consumeKey(tx, input.key, at);

  const state = await counter.lockCounter(tx, dialect, storeId, accountId);
  if (!state) {
    // No open shift: a closed or frozen store still says so first.
    const store = await storeRepository.find(tx, storeId);
    if (!store || store.closed === 1) refuse(RefusalReason.STORE_CLOSED);
    if (store.frozen === 1) refuse(RefusalReason.STORE_FROZEN, { freeze_msg: store.freeze_msg });
    refuse(RefusalReason.NO_SHIFT);
  }
  if (state.store_closed === 1) refuse(RefusalReason.STORE_CLOSED);
  if (state.store_frozen === 1) refuse(RefusalReason.STORE_FROZEN, { freeze_msg: state.freeze_msg });
  if (state.drawer_frozen === 1) refuse(RefusalReason.DRAWER_FROZEN);
  if (state.init_set !== 1) refuse(RefusalReason.NEEDS_INIT);

  const customer = await customerRepository.lock(tx, dialect, storeId, input.id);
  // A blocked account moves no money at the counter until a boss or cashier unblocks it.
  if (!customer || customer.blocked === 1) refuse(RefusalReason.CUSTOMER);
  if (customer.playing_machine_id !== null) refuse(RefusalReason.PLAYING);

  const a = input.amount;
  if (a <= 0 || a < state.min_amount_cents) refuse(RefusalReason.MIN_AMOUNT, { min_amount_cents: state.min_amount_cents });

  if (kind === 'purchase') {
    const used = await counter.purchaseWindows(tx, storeId, customer.id, windowStarts(Date.parse(at)));
    const over = overrun(state, used, a);
    if (over) refuse(RefusalReason.PURCHASE_LIMIT, { limit: over.limit, left_cents: over.left });
  }
  if (kind === 'revert') {
    const bought = await counter.shiftNetPurchases(tx, storeId, state.shift_id, state.started_at, customer.id);
    const revertable = revertableCents(customer.entries_cents, bought);
    if (a > revertable) refuse(RefusalReason.OVER_REVERTABLE, { revertable_cents: revertable });
  }
  const definition = MOVEMENTS[kind];
  const e = definition.effects(a);
  if ((e.entries ?? 0) < 0 && customer.entries_cents < a) refuse(RefusalReason.ENTRIES);
  if ((e.winnings ?? 0) < 0 && customer.winnings_cents < a) refuse(RefusalReason.WINNINGS);

  const movementId = await post(tx, {
    storeId,
    kind,
    channel: definition.channel,
    amount: a,
    accountId,
    drawerId: state.drawer_id,
    shiftId: state.shift_id,
    customerId: customer.id,
    key: input.key,
    at,
    ...e,
  });
  // Both rows are locked by this transaction (or it runs alone on SQLite): old value + delta is the new value.
  return {
    id: customer.id,
    movement_id: movementId,
    amount: toUnits(a),
    entries: toUnits(customer.entries_cents + (e.entries ?? 0)),
    winnings: toUnits(customer.winnings_cents + (e.winnings ?? 0)),
    balance: toUnits(state.balance_cents + (e.drawer ?? 0)),
  };
}
