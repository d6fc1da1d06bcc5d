import { RefusalReason, toUnits } from '@moneybox/contract';
import type { DatabaseHandle, Db } from '../db/database.js';
import { payoutRepository } from '../repositories/payout.repository.js';
import type { CheckedPayout, PresentedId } from './payouts.js';
import type { CallerLookup, CounterCaller, CounterRead } from '../repositories/customer-movement.repository.js';
import type { MovementPlan } from './apply-movement.js';
import { balancesAfter, callerSeesBalance, runCounterCall } from './counter-call.js';
import { balanceField } from '../domain/expected-balance.js';
import { customerMayMove, movementCash, payoutCheck, type CustomerMove } from './customer-rules.js';
import { recordCash } from './cash-entries.js';
import { MOVEMENTS, type CustomerMoneyKind } from './movements.js';
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

/** One customer money call as the core takes it: the customer, the cents (0 when the call has none) and the one-time key; the contract's CustomerMoneyInput is the whole request (credentials, optional amount). */
export interface CustomerMoneyMove {
  /** The customer's id in the actor's store. */
  id: number;
  amount: number;
  key: string;
  /** A redeem's: the customer's ID as the cashier typed it from the document (payouts.ts). */
  shownId?: PresentedId | undefined;
}

/** A checked payout as recorded beside its ledger row (for the caller's audit row, written in the same transaction). */
export interface CheckedPayoutDone extends CheckedPayout {
  movementId: number;
  customerId: number;
  amount: number;
}

/**
 * The caller's writes with a checked payout, in the redeem's transaction: its audit row, and on a
 * record without an ID number (`recordsId`) the number checked, audited as the record's change.
 */
export type AuditPayout = (tx: Db, payout: CheckedPayoutDone) => Promise<void>;

export type CustomerMoneyResult = {
  id: number;
  movement_id: number;
  amount: number;
  entries: number;
  winnings: number;
  /** The drawer's cash after the movement; absent for a cashier under blind count. */
  balance?: number;
};

/** Only what the customer bought in this shift (net of reverts) and has not played yet can be taken back. */
export function revertableCents(entriesCents: number, shiftNetPurchasesCents: number): number {
  return Math.max(0, Math.min(entriesCents, shiftNetPurchasesCents));
}

/**
 * Purchase, revert purchase, redeem and special comps at the counter, on SQLite and PostgreSQL
 * alike: read (one statement), the rules (planCustomerMoney), apply (money/apply-movement.ts).
 */
export async function moveCustomerMoney(deps: MoneyDeps, actor: CounterActor, kind: CustomerMoneyKind, input: CustomerMoneyMove, audit?: AuditPayout): Promise<CustomerMoneyResult> {
  return (await runCustomerMoney(deps.handle, actor, kind, input, audit))!;
}

/**
 * The same call for a caller the read looks up itself, in the same statement (the HTTP envelope's
 * fast path hands one in). Undefined when the lookup finds no caller or does not admit it: the
 * adapter then goes its ordinary way. No ID is taken here: a checked payout needs its audit row,
 * written by the ordinary way (a redeem above the threshold without an ID is refused either way).
 */
export function moveCustomerMoneyFor(
  handle: DatabaseHandle,
  lookup: CallerLookup,
  kind: CustomerMoneyKind,
  input: CustomerMoneyMove,
): Promise<CustomerMoneyResult | undefined> {
  return runCustomerMoney(handle, { lookup }, kind, input);
}

/** The customer money call as a counter call: its read, its rules, its reply. */
function runCustomerMoney(
  handle: DatabaseHandle,
  caller: CounterCaller,
  kind: CustomerMoneyKind,
  input: CustomerMoneyMove,
  audit?: AuditPayout,
): Promise<CustomerMoneyResult | undefined> {
  return runCounterCall(handle, {
    caller,
    key: input.key,
    customerId: input.id,
    needs: kind === 'purchase' ? 'windows' : kind === 'revert' ? 'shift_net' : kind === 'redeem' ? 'payouts' : undefined,
    cash: kind !== 'special_comps',
    decide: (read, at) => planCustomerMoney(read, kind, input, at, audit),
    answer: (read, plan, done) => {
      const after = balancesAfter(read, plan, done);
      return {
        id: read.customer!.id,
        movement_id: done.movementId,
        amount: toUnits(plan.movement.amount),
        entries: toUnits(after.entries),
        winnings: toUnits(after.winnings),
        ...balanceField(callerSeesBalance(read), after.balance),
      };
    },
  });
}

/**
 * The rules of a customer money call, in their one order: key (12), open shift (10), then the
 * rules every channel shares (customer-rules.ts: store closed or frozen 1/46, customer known and not
 * blocked 17, not playing 25/27/29/31, minimum 35, purchase limits 35, balances 35/38/32) with the
 * counter's own at their places: after the store, the drawer frozen (45) and the initial amount
 * (24/26/28/30); before the balances, a revert's revertable amount (35). A pure function of what
 * was read: it refuses (Refusal) or returns the plan to apply.
 */
function planCustomerMoney(read: CounterRead, kind: CustomerMoneyKind, input: CustomerMoneyMove, at: string, audit?: AuditPayout): MovementPlan {
  const refuse: (reason: RefusalReason, figures?: Record<string, unknown>) => never = (reason, figures) => refuseMovement(reason, kind, figures);
  const { store, shift } = read;
  if (!read.key_ok) refuse(RefusalReason.KEY);
  const a = input.amount;
  const definition = MOVEMENTS[kind];
  const e = definition.effects(a);
  const move: CustomerMove<NonNullable<CounterRead['customer']>> = {
    kind,
    channel: definition.channel,
    amount: a,
    at,
    effects: e,
    store,
    customer: read.customer,
    windows: read.windows,
    drawerCents: shift?.balance_cents,
    desk: { attended: true, id: input.shownId },
    recentPayouts: read.payouts,
    recentCash: read.cash,
  };
  const customer = customerMayMove(
    move,
    {
      afterStore: () => {
        if (!shift) refuse(RefusalReason.NO_SHIFT);
        if (shift.drawer_frozen === 1) refuse(RefusalReason.DRAWER_FROZEN);
        if (shift.init_set !== 1) refuse(RefusalReason.NEEDS_INIT);
      },
      beforeBalances: (c) => {
        if (kind !== 'revert') return;
        const revertable = revertableCents(c.entries_cents, read.shift_net!);
        if (a > revertable) refuse(RefusalReason.OVER_REVERTABLE, { revertable_cents: revertable });
      },
    },
  );
  // The shared rules ran the shift check (afterStore): it is there.
  const drawer = shift!;
  // The shared rules allowed the payout (payoutCheck); the same rule says what to record beside it.
  const checked = payoutCheck(move, customer);
  // The same rule says what the cash log records beside the movement (cash-log.ts).
  const cash = movementCash(move);
  const alongside = [
    checked && recordCheckedPayout(read, customer.id, a, at, checked, audit),
    cash?.entries.length ? recordCash(cash, { storeId: read.store_id, customer, at, channel: definition.channel, amount: a, accountId: read.account_id, machineId: null }) : null,
  ].filter((w) => !!w);
  return {
    ...(alongside.length ? { alongside: async (tx: Db, movementId: number) => { for (const w of alongside) await w(tx, movementId); } } : {}),
    useKey: input.key,
    customerVersion: customer.version,
    movement: {
      storeId: read.store_id,
      kind,
      channel: definition.channel,
      amount: a,
      accountId: read.account_id,
      drawerId: drawer.drawer_id,
      shiftId: drawer.shift_id,
      customerId: customer.id,
      key: input.key,
      at,
      ...e,
    },
  };
}

/** A checked payout's record (payout_check) and the caller's writes (AuditPayout), in the redeem's transaction. */
function recordCheckedPayout(read: CounterRead, customerId: number, amount: number, at: string, checked: CheckedPayout, audit: AuditPayout | undefined) {
  return async (tx: Db, movementId: number) => {
    await payoutRepository.record(tx, {
      store_id: read.store_id,
      ledger_id: movementId,
      at,
      customer_id: customerId,
      account_id: read.account_id,
      amount_cents: amount,
      id_type: checked.idType,
      id_number: checked.idNumber,
      large: checked.large ? 1 : 0,
      day_total_cents: checked.dayTotal,
    });
    await audit?.(tx, { ...checked, movementId, customerId, amount });
  };
}
