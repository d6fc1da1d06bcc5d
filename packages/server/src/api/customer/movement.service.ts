import { Status, toUnits, type CustomerMoneyInput, type StatusCode } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import { hashToken } from '../../auth/token.js';
import type { Db } from '../../db/database.js';
import { provenFresh, sessionFreshAfter, tokenShapeOk } from '../../http/authenticate.js';
import type { AuthedContext, CallContext } from '../../http/call.js';
import { refuse } from '../../http/errors.js';
import { consumeKey, post, type Guards, type Movement } from '../../ledger/ledger.js';
import { customerMoneyInOneStatement, MoneyRefused, type CustomerMoneyCall } from '../../ledger/customer-money.pg.js';
import { runMoneyTransaction } from '../../ledger/money-transaction.js';
import { customerMovementRepository as counter } from '../../repositories/customer-movement.repository.js';
import { customerRepository } from '../../repositories/customer.repository.js';
import { sessionRepository } from '../../repositories/session.repository.js';
import { openStore } from '../store/store-guard.js';
import { overrun, windowStarts } from './limits.js';

export type MoneyKind = 'purchase' | 'revert' | 'redeem' | 'special_comps';

/** Each call's own codes for "drawer needs initial amount" and "customer playing" (spec section 8). */
const CODES: Record<MoneyKind, { needsInit: StatusCode; playing: StatusCode }> = {
  purchase: { needsInit: Status.PURCHASE_NEEDS_INIT, playing: Status.PURCHASE_PLAYING },
  revert: { needsInit: Status.REVERT_NEEDS_INIT, playing: Status.REVERT_PLAYING },
  redeem: { needsInit: Status.REDEEM_NEEDS_INIT, playing: Status.REDEEM_PLAYING },
  special_comps: { needsInit: Status.COMPS_NEEDS_INIT, playing: Status.COMPS_PLAYING },
};

type Effects = Pick<Movement, 'drawer' | 'entries' | 'winnings' | 'credit' | 'budget' | 'shiftTotals'>;

/** DESIGN.md section 2, credit movements: signed effects of `a` cents on each balance. */
function effects(kind: MoneyKind, a: number): Effects {
  switch (kind) {
    case 'purchase':
      return { drawer: a, entries: a, credit: -a, shiftTotals: { purchases_cents: a } };
    case 'revert':
      // Shift purchases are kept net of reverts, so the drawer formula holds.
      return { drawer: -a, entries: -a, credit: a, shiftTotals: { purchases_cents: -a, reverts_cents: a } };
    case 'redeem':
      return { drawer: -a, winnings: -a, credit: a, shiftTotals: { redeems_cents: a } };
    case 'special_comps':
      return { entries: a, budget: -a, shiftTotals: { special_comps_cents: a } };
  }
}

const GUARDS: Guards = {
  drawer: Status.DRAWER_BALANCE_ERROR,
  entries: Status.AMOUNT_ERROR,
  winnings: Status.AMOUNT_ERROR,
  credit: Status.CREDIT_ERROR,
  budget: Status.CREDIT_ERROR,
};

/** Only what the customer bought in this shift (net of reverts) and has not played yet can be taken back. */
export function revertableCents(entriesCents: number, shiftNetPurchasesCents: number): number {
  return Math.max(0, Math.min(entriesCents, shiftNetPurchasesCents));
}

export const PURCHASE_LIMIT_MESSAGE = 'purchase limit reached, contact your provider';

/**
 * Purchase, revert purchase, redeem and special comps: one transaction, the key used first.
 *
 * Locks, in the order ledger.post() updates rows: the caller's shift, then the customer, then
 * (inside post) the store. Every customer money call takes them in this order, and no other
 * transaction takes a customer's row before a shift's, so two calls can wait on each other
 * but never in a cycle (no deadlock). The customer lock is what makes the limit and revert sums
 * below exact under concurrency: a second purchase for the same customer from another drawer
 * waits here until the first commits, then sums a ledger that includes it. On SQLite the single
 * connection runs one transaction at a time, so no lock is needed.
 */
export async function moveMoney(kind: MoneyKind, input: CustomerMoneyInput, ctx: AuthedContext) {
  if (ctx.deps.handle.dialect === 'postgres') return inOneStatement(kind, input, { storeId: ctx.caller.storeId, accountId: ctx.caller.accountId }, ctx);
  return runMoneyTransaction(ctx.deps.handle, (tx) => moveMoneyIn(tx, kind, input, ctx.caller));
}

/** The SQLite path's transaction (a savepoint of the group commit): see moveMoney. */
async function moveMoneyIn(tx: Db, kind: MoneyKind, input: CustomerMoneyInput, caller: { storeId: number; accountId: number }) {
  const dialect = 'sqlite' as const;
  const { storeId, accountId } = caller;
  const codes = CODES[kind];
  const at = isoNow();
  await consumeKey(tx, input.key, at);

  const state = await counter.lockCounter(tx, dialect, storeId, accountId);
  if (!state) {
    // No open shift: a frozen or closed store still says so first.
    await openStore(tx, storeId);
    refuse(Status.SHIFT_ERROR);
  }
  if (state.store_closed === 1) refuse(Status.KIOSK_CLOSED);
  if (state.store_frozen === 1) refuse(Status.STORE_FROZEN, { freeze_msg: state.freeze_msg });
  if (state.drawer_frozen === 1) refuse(Status.DRAWER_FROZEN);
  if (state.init_set !== 1) refuse(codes.needsInit);

  const customer = await customerRepository.lock(tx, dialect, storeId, input.id);
  if (!customer) refuse(Status.CUSTOMER_ERROR);
  // A blocked account moves no money at the counter until a boss or cashier unblocks it.
  if (customer.blocked === 1) refuse(Status.CUSTOMER_ERROR);
  if (customer.playing_machine_id !== null) refuse(codes.playing);

  const a = input.amount ?? 0;
  if (a <= 0 || a < state.min_amount_cents) refuse(Status.AMOUNT_ERROR, { min_amount: toUnits(state.min_amount_cents) });

  if (kind === 'purchase') {
    const used = await counter.purchaseWindows(tx, storeId, customer.id, windowStarts(Date.parse(at)));
    const over = overrun(state, used, a);
    if (over) refuse(Status.AMOUNT_ERROR, { error: PURCHASE_LIMIT_MESSAGE, reason: 'purchase_limit', limit: over.limit, left: toUnits(over.left) });
  }
  if (kind === 'revert') {
    const bought = await counter.shiftNetPurchases(tx, storeId, state.shift_id, state.started_at, customer.id);
    const revertable = revertableCents(customer.entries_cents, bought);
    if (a > revertable) refuse(Status.AMOUNT_ERROR, { reason: 'over_revertable', revertable: toUnits(revertable) });
  }
  const e = effects(kind, a);
  if ((e.entries ?? 0) < 0 && customer.entries_cents < a) refuse(Status.AMOUNT_ERROR, { reason: 'entries' });
  if ((e.winnings ?? 0) < 0 && customer.winnings_cents < a) refuse(Status.AMOUNT_ERROR, { reason: 'winnings' });

  const movementId = await post(
    tx,
    { storeId, kind, channel: 'pos', amount: a, accountId, drawerId: state.drawer_id, shiftId: state.shift_id, customerId: customer.id, key: input.key, at, ...e },
    GUARDS,
  );
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

/**
 * The envelope's fast path (call.ts withSession) for the money calls: the session is checked as
 * part of the call's own database work. On PostgreSQL the money function checks it, so a purchase
 * is ONE round trip in all. On SQLite it is read inside the group commit's transaction, which
 * the batch's calls share, instead of each call starting a read transaction of its own (that
 * cost more CPU than the whole session query). Undefined whenever the session is not plainly
 * valid and fresh (http/authenticate.ts provenFresh): the envelope then authenticates as usual
 * (5, 21, touch, revoke) and calls moveMoney.
 */
export async function moveMoneyWithSession(kind: MoneyKind, input: CustomerMoneyInput, credentials: { uid: unknown; token: unknown }, ctx: CallContext) {
  const { token, uid } = credentials;
  if (!tokenShapeOk(token) || (typeof uid !== 'number' && typeof uid !== 'string')) return undefined;
  const freshAfter = sessionFreshAfter(ctx.deps.settings);
  if (ctx.deps.handle.dialect === 'sqlite') {
    return runMoneyTransaction(ctx.deps.handle, async (tx) => {
      const caller = provenFresh(await sessionRepository.findByTokenHash(tx, hashToken(token)), uid, freshAfter);
      return caller ? moveMoneyIn(tx, kind, input, caller) : undefined;
    });
  }
  try {
    return await inOneStatement(kind, input, { session: { tokenHash: hashToken(token), uid: String(uid), freshAfter } }, ctx);
  } catch (err) {
    if (err instanceof MoneyRefused && err.refusal.reason === SESSION_UNPROVEN) return undefined;
    throw err;
  }
}

/** The function's refusal when it cannot vouch for the session (not a status: the ordinary path decides). */
const SESSION_UNPROVEN = 'session';

/**
 * The call on PostgreSQL, as one statement (db/migrations/002_money_path.ts, the SQL twin of
 * moveMoneyIn above: same checks in the same order, same locks, same ledger row). This maps the
 * function's refusal reasons to the same statuses and fields as the SQLite path.
 */
async function inOneStatement(kind: MoneyKind, input: CustomerMoneyInput, caller: CustomerMoneyCall['caller'], ctx: CallContext) {
  const at = isoNow();
  const a = input.amount ?? 0;
  try {
    const r = await customerMoneyInOneStatement(ctx.deps.handle.db, {
      kind,
      caller,
      customerId: input.id,
      amount: a,
      key: input.key,
      at,
      windows: windowStarts(Date.parse(at)),
    });
    return {
      id: r.customer_id,
      movement_id: r.movement_id,
      amount: toUnits(a),
      entries: toUnits(r.entries_cents),
      winnings: toUnits(r.winnings_cents),
      balance: toUnits(r.balance_cents),
    };
  } catch (err) {
    if (err instanceof MoneyRefused && err.refusal.reason !== SESSION_UNPROVEN) refuseFor(kind, err.refusal);
    throw err;
  }
}

function refuseFor(kind: MoneyKind, r: { reason: string } & Record<string, unknown>): never {
  const cents = (k: string) => toUnits(Number(r[k] ?? 0));
  const answers: Record<string, () => [StatusCode, Record<string, unknown>?]> = {
    key: () => [Status.KEY_ERROR],
    no_shift: () => [Status.SHIFT_ERROR],
    store_closed: () => [Status.KIOSK_CLOSED],
    store_frozen: () => [Status.STORE_FROZEN, { freeze_msg: r.freeze_msg }],
    drawer_frozen: () => [Status.DRAWER_FROZEN],
    needs_init: () => [CODES[kind].needsInit],
    customer: () => [Status.CUSTOMER_ERROR],
    playing: () => [CODES[kind].playing],
    min_amount: () => [Status.AMOUNT_ERROR, { min_amount: cents('min_amount_cents') }],
    purchase_limit: () => [Status.AMOUNT_ERROR, { error: PURCHASE_LIMIT_MESSAGE, reason: 'purchase_limit', limit: r.limit, left: cents('left_cents') }],
    over_revertable: () => [Status.AMOUNT_ERROR, { reason: 'over_revertable', revertable: cents('revertable_cents') }],
    entries: () => [Status.AMOUNT_ERROR, { reason: 'entries' }],
    winnings: () => [Status.AMOUNT_ERROR, { reason: 'winnings' }],
    drawer_short: () => [GUARDS.drawer!],
    credit: () => [GUARDS.credit!],
    budget: () => [GUARDS.budget!],
  };
  const answer = answers[r.reason];
  if (!answer) throw new Error(`unknown money refusal ${r.reason}`);
  refuse(...answer());
}
