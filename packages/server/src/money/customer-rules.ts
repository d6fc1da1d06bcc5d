import { RefusalReason, ageDay, ageShort, refusedWhileProtected, type MinimumAge } from '@moneybox/contract';
import type { Channel, LedgerKind } from './ledger.js';
import { cashReportCheck, cashStep, type CashStep, type CashThresholds, type RecentCash } from './cash-log.js';
import { overdrawn, type Effects } from './movements.js';
import { birthdayMissing, checkPayout, payoutsToday, type CheckedPayout, type PayoutDesk, type PayoutThresholds, type RecentPayout } from './payouts.js';
import { runningProtection, type ProtectionColumns } from './protection.js';
import { overrun, personalLimits, type PersonalLimitColumns, type PurchaseWindows, type StoreLimits } from './purchase-limits.js';
import { refuseMovement } from './refusal.js';

/** The store as a customer money movement's rules read it. */
export interface StoreRead extends StoreLimits, PayoutThresholds, MinimumAge, CashThresholds {
  /** 1: no money moves for a customer without a birthday (payouts.ts). */
  birthday_required: number;
  /** The store's zone: its store days (the payout thresholds sum a store day's payouts). */
  timezone: string;
  closed: number;
  frozen: number;
  freeze_msg: string;
  min_amount_cents: number;
  credit_cents: number;
  comps_budget_cents: number;
}

/** The customer as the rules read it (in the caller's store; none when unknown there). */
export interface CustomerRead extends ProtectionColumns, PersonalLimitColumns {
  id: number;
  blocked: number;
  playing_machine_id: number | null;
  entries_cents: number;
  winnings_cents: number;
  /** The record's ID number (a checked payout is matched against it) and birthday ('' when none). */
  drivers_license: string;
  birthday: string;
  /** The rest of the identity a cash report needs (money/cash-log.ts; '' when none). */
  first_name: string;
  last_name: string;
  address: string;
}

/** One customer money movement on any channel: the counter, a reload kiosk, a reloader, online. */
export interface CustomerMove<C extends CustomerRead> {
  /** The ledger kind moved (a refusal names it: the counter answers its own code per kind). */
  kind: LedgerKind;
  /** Where it moves: the counter ('pos'), a reload kiosk, a reloader, online (cash-log.ts: which of them is cash). */
  channel: Channel;
  amount: number;
  /** When the movement happens (ISO): a protection runs until its end. */
  at: string;
  /** What the movement does to each balance (movements.ts). */
  effects: Effects;
  store: StoreRead;
  customer: C | null | undefined;
  /** A purchase's: the customer's net purchases in each limit window, every channel summed. */
  windows?: PurchaseWindows | null;
  /** The counter's drawer cash, when the movement draws on it. */
  drawerCents?: number;
  /** A redeem's: whether staff can check the customer's ID here, and the ID shown (payouts.ts). Absent: unattended. */
  desk?: PayoutDesk;
  /** A redeem's: the customer's payouts since recentPayoutsSince on every channel (payouts.ts payoutsToday keeps the store day's). */
  recentPayouts?: readonly RecentPayout[] | null;
  /** A cash movement's (cash-log.ts): the customer's cash movements since recentPayoutsSince, every cash channel; none read while the store sets no cash threshold. */
  recentCash?: readonly RecentCash[] | null;
}

/**
 * A channel's own checks, at their fixed places in the one order: the counter's shift and drawer
 * after the store; the counter's revertable amount or a reload kiosk's PIN before the balances.
 * They throw to refuse, like the rules around them.
 */
interface ChannelChecks<C> {
  afterStore?(): void;
  beforeBalances?(customer: C): void;
}

/**
 * The rules every customer money movement obeys whatever the channel, in their one order: store
 * open (1) and not frozen (46), [the channel's], customer of this store and not blocked (17), a
 * birthday when the store requires one (17, reason 'birthday'), a purchase or special comps only
 * for a customer of the store's minimum age on the movement's (UTC) day (17: reason 'birthday' without
 * a birthday, 'underage' when younger; the contract's minimum-age.ts), a
 * purchase or special comps not while self-excluded or cooling off (17, reason 'protected'), not
 * playing (25/27/29/31), at least the store's minimum (35), a purchase within the hourly, daily
 * and weekly limits summed over every channel (35), [the channel's], then no balance below zero
 * (movements.ts overdrawn: entries or winnings 35, drawer cash 38, store credit or budget 32), then
 * a redeem whose store day's payouts (every channel, this one included) are above the store's
 * ID-check threshold only at a counter with the customer's ID checked (17, reason 'id_check';
 * payoutCheck), then a cash movement while the customer's cash in or out of the store day is above the
 * store's report threshold only with the identity a report needs (17, reason 'cash_report', naming the
 * missing fields; cash-log.ts cashReportCheck).
 * Pure: it refuses (Refusal with the contract's RefusalReason and its figures) or returns the
 * customer it allowed. Each transport words the refusal its own way: the counter's status codes
 * (refusal-status.ts), the terminal protocol's refusal strings (services/terminal/terminal-refusal.ts).
 */
export function customerMayMove<C extends CustomerRead>(m: CustomerMove<C>, channel: ChannelChecks<C> = {}): C {
  const refuse: (reason: RefusalReason, figures?: Record<string, unknown>) => never = (reason, figures) => refuseMovement(reason, m.kind, figures);
  const { store, customer: c, amount: a } = m;
  if (store.closed === 1) refuse(RefusalReason.STORE_CLOSED);
  if (store.frozen === 1) refuse(RefusalReason.STORE_FROZEN, { freeze_msg: store.freeze_msg });
  channel.afterStore?.();

  // A blocked account moves no money anywhere until a boss or cashier unblocks it at the counter.
  if (!c) refuse(RefusalReason.CUSTOMER);
  if (c.blocked === 1) refuse(RefusalReason.CUSTOMER, { blocked: true });
  // The store asks for a birthday: nothing moves until it is filled in at the counter (money/payouts.ts).
  if (birthdayMissing(store, c)) refuse(RefusalReason.BIRTHDAY);
  // The minimum age holds at every purchase, whenever the customer was registered or the minimum raised.
  if (refusedWhileProtected(m.kind)) {
    const short = ageShort(store, c.birthday, ageDay(m.at));
    if (short === 'birthday') refuse(RefusalReason.BIRTHDAY, { min_age: store.min_age });
    if (short === 'under') refuse(RefusalReason.UNDERAGE, { min_age: store.min_age });
  }
  // Self-excluded or cooling off: no purchase, no special comps on any channel; payouts stay allowed (money/protection.ts).
  if (refusedWhileProtected(m.kind)) {
    const p = runningProtection(c, m.at);
    if (p) refuse(RefusalReason.PROTECTED, { protection: p.kind, until: p.until });
  }
  if (c.playing_machine_id !== null) refuse(RefusalReason.PLAYING);

  if (a <= 0 || a < store.min_amount_cents) refuse(RefusalReason.MIN_AMOUNT, { min_amount_cents: store.min_amount_cents });
  if (m.kind === 'purchase') {
    // The store's limits, then the customer's own (money/purchase-limits.ts: a raise only after 24 hours).
    const over = overrun(store, m.windows!, a, personalLimits(c, m.at));
    if (over) refuse(RefusalReason.PURCHASE_LIMIT, { limit: over.limit, left_cents: over.left, personal: over.personal });
  }
  channel.beforeBalances?.(c);

  const short = overdrawn(m.effects, {
    drawer: m.drawerCents ?? 0,
    entries: c.entries_cents,
    winnings: c.winnings_cents,
    credit: store.credit_cents,
    budget: store.comps_budget_cents,
  });
  if (short) refuse(short, { entries_cents: c.entries_cents, winnings_cents: c.winnings_cents });
  payoutCheck(m, c);
  cashReportCheck(m.kind, store, movementCash(m), c);
  return c;
}

/** What the movement does to the customer's cash log (cash-log.ts cashStep): the rules ask it, the channel writes its entries. */
export function movementCash(m: CustomerMove<CustomerRead>): CashStep | null {
  return cashStep(m.store, m, m.recentCash);
}

/**
 * A redeem's check against the payout thresholds, on the store day's payouts with this one
 * (payouts.ts checkPayout): refuses, or says what to record beside a checked payout (null: none
 * needed). customerMayMove runs it last; the counter's plan asks it again for what to record.
 */
export function payoutCheck(m: CustomerMove<CustomerRead>, c: CustomerRead): CheckedPayout | null {
  if (m.kind !== 'redeem') return null;
  // A channel that forgot the day's payouts would check each payout alone: the split the rule exists for.
  if (!m.recentPayouts) throw new Error('a redeem needs the customer\'s recent payouts');
  const paidToday = payoutsToday(m.recentPayouts, m.at, m.store.timezone);
  return checkPayout(m.kind, m.store, m.amount, paidToday, m.desk ?? { attended: false }, c.drivers_license);
}
