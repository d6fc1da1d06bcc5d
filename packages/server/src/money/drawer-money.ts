import { RefusalReason, toUnits } from '@moneybox/contract';
import type { CounterRead } from '../repositories/customer-movement.repository.js';
import type { MovementPlan } from './apply-movement.js';
import { balancesAfter, callerSeesBalance, runCounterCall } from './counter-call.js';
import { expectedCashFigures } from '../domain/expected-balance.js';
import type { CounterActor, MoneyDeps } from './customer-money.js';
import { MOVEMENTS, overdrawn, type CashKind } from './movements.js';
import { refuseMovement } from './refusal.js';

interface DrawerCashInput {
  /** The shift the caller means: it must be the caller's open one. */
  shiftId: number;
  amount: number;
  key: string;
  /** Why the cash moved (the spec's reason), kept as the ledger row's note. */
  reason: string;
}

type DrawerCashResult = {
  movement_id: number;
  shift_id: number;
  amount: number;
  /** The shift's totals and the drawer's cash after the movement; absent for a cashier under blind count. */
  fills?: number;
  bleeds?: number;
  balance?: number;
};

/**
 * A fill (cash into the drawer) or a bleed (cash out, never below zero) on the caller's open
 * shift: the same read, decide, apply as customer money (money/counter-call.ts), no transport.
 */
export async function moveDrawerCash(deps: MoneyDeps, actor: CounterActor, kind: CashKind, input: DrawerCashInput): Promise<DrawerCashResult> {
  const result = await runCounterCall(deps.handle, {
    caller: actor,
    key: input.key,
    decide: (read, at) => planDrawerCash(read, kind, input, at),
    answer: (read, plan, done) => {
      const after = balancesAfter(read, plan, done);
      return expectedCashFigures(callerSeesBalance(read), {
        movement_id: done.movementId,
        shift_id: read.shift!.shift_id,
        amount: toUnits(plan.movement.amount),
        fills: toUnits(after.fills),
        bleeds: toUnits(after.bleeds),
        balance: toUnits(after.balance),
      });
    },
  });
  return result!;
}

/**
 * The rules of a fill or bleed, in the customer money calls' order: key (12), store closed or
 * frozen (1/46), the caller's open shift and the one named (10), drawer frozen (45), initial amount
 * set (11), a positive amount (35), then the drawer's cash (38).
 */
function planDrawerCash(read: CounterRead, kind: CashKind, input: DrawerCashInput, at: string): MovementPlan {
  const refuse: (reason: RefusalReason, figures?: Record<string, unknown>) => never = (reason, figures) => refuseMovement(reason, kind, figures);
  const { store, shift } = read;
  if (!read.key_ok) refuse(RefusalReason.KEY);
  if (store.closed === 1) refuse(RefusalReason.STORE_CLOSED);
  if (store.frozen === 1) refuse(RefusalReason.STORE_FROZEN, { freeze_msg: store.freeze_msg });
  if (!shift || shift.shift_id !== input.shiftId) refuse(RefusalReason.NO_SHIFT);
  if (shift.drawer_frozen === 1) refuse(RefusalReason.DRAWER_FROZEN);
  if (shift.init_set !== 1) refuse(RefusalReason.NEEDS_INIT);
  const a = input.amount;
  if (a <= 0) refuse(RefusalReason.MIN_AMOUNT);
  const e = MOVEMENTS[kind].effects(a);
  const short = overdrawn(e, { drawer: shift.balance_cents, entries: 0, winnings: 0, credit: store.credit_cents, budget: store.comps_budget_cents });
  if (short) refuse(short);
  return {
    useKey: input.key,
    movement: { storeId: read.store_id, kind, amount: a, accountId: read.account_id, drawerId: shift.drawer_id, shiftId: shift.shift_id, ...e, key: input.key, note: input.reason, at },
  };
}

/** Both absent for a cashier under blind count: the initial amount is the first term of the expected cash. */
type InitialAmountResult = { initial_amount?: number; balance?: number };

/** The drawer's opening float, once per shift, never above the store's credit: read, decide, apply. */
export async function setInitialAmount(deps: MoneyDeps, actor: CounterActor, input: { amount: number; key: string; note?: string }): Promise<InitialAmountResult> {
  const result = await runCounterCall(deps.handle, {
    caller: actor,
    key: input.key,
    decide: (read, at) => planInitialAmount(read, input, at),
    answer: (read, plan, done) =>
      expectedCashFigures(callerSeesBalance(read), {
        initial_amount: toUnits(plan.movement.amount),
        balance: toUnits(balancesAfter(read, plan, done).balance),
      }),
  });
  return result!;
}

/**
 * The rules of the initial amount, in the same order: key (12), store closed or frozen (1/46), the
 * caller's open shift (10), drawer frozen (45), not set yet (11), at most the store's credit (16).
 */
function planInitialAmount(read: CounterRead, input: { amount: number; key: string; note?: string }, at: string): MovementPlan {
  const refuse: (reason: RefusalReason, figures?: Record<string, unknown>) => never = (reason, figures) => refuseMovement(reason, 'init', figures);
  const { store, shift } = read;
  if (!read.key_ok) refuse(RefusalReason.KEY);
  if (store.closed === 1) refuse(RefusalReason.STORE_CLOSED);
  if (store.frozen === 1) refuse(RefusalReason.STORE_FROZEN, { freeze_msg: store.freeze_msg });
  if (!shift) refuse(RefusalReason.NO_SHIFT);
  if (shift.drawer_frozen === 1) refuse(RefusalReason.DRAWER_FROZEN);
  if (shift.init_set === 1) refuse(RefusalReason.INIT_ALREADY_SET);
  const a = input.amount;
  if (a > store.credit_cents) refuse(RefusalReason.INIT_OVER_CREDIT);
  const e = MOVEMENTS.init.effects(a);
  return {
    useKey: input.key,
    markInit: true,
    movement: { storeId: read.store_id, kind: 'init', amount: a, accountId: read.account_id, drawerId: shift.drawer_id, shiftId: shift.shift_id, ...e, key: input.key, at, ...(input.note ? { note: input.note } : {}) },
  };
}
