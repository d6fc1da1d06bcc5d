import { RefusalReason, cashIdentityMissing, type CashDirection, type CashIdentityField, type CashLevel, type CashThresholds } from '@moneybox/contract';
import { storeDayOf, storeTodayStart } from '../domain/store-days.js';
import type { Channel, LedgerKind } from './ledger-kind.js';
import { refuseMovement } from './refusal.js';

/**
 * The cash transaction log and the report-threshold stop (issue 40; docs/COMPLIANCE.md "Cash transaction
 * log"): THE rules, pure. A customer's cash movements are summed per store day (the store's zone), cash in
 * and cash out apart; `cashStep` says what one movement does to them, `cashReportCheck` (called by
 * customer-rules.ts customerMayMove for every channel) stops a movement that leaves a day's sum above the
 * report threshold while the identity a report needs is incomplete, and the callers write `cashStep`'s
 * entries beside the movement's ledger row (repositories/cash-log.repository.ts), in its transaction.
 */

export type { CashThresholds };

/** The channels whose money is cash in the store: the counter and a reload kiosk. Online and reloader top-ups are kept apart. */
export const CASH_CHANNELS: readonly Channel[] = ['pos', 'reload_kiosk'];

/** The ledger kinds that move cash on those channels: a purchase brings it in; a redeem, and a revert of a purchase, pay it out. */
export const CASH_KINDS: readonly LedgerKind[] = ['purchase', 'revert', 'redeem'];

/** One of the customer's recent cash movements (a ledger row of CASH_KINDS on CASH_CHANNELS): when, which way, how much. */
export interface RecentCash {
  at: string;
  direction: CashDirection;
  cents: number;
}

/** Which way a movement moves cash, or null when it is no cash movement (another kind, or a channel kept apart). */
export function cashDirection(kind: LedgerKind, channel: Channel): CashDirection | null {
  if (!CASH_CHANNELS.includes(channel)) return null;
  if (kind === 'purchase') return 'in';
  if (kind === 'redeem' || kind === 'revert') return 'out';
  return null;
}

/** A threshold is set: only then do the money reads sum the customer's cash (money-read.ts recentCashColumn). */
export function cashThresholdsOn(store: CashThresholds): boolean {
  return store.cash_log_cents > 0 || store.cash_report_cents > 0;
}

/** The identity a report needs, as the customer record holds it (and as an entry records it). */
export type CashIdentity = Record<CashIdentityField, string>;

/** A level the day's sum is at with this movement: the log's (reached: at or above) or the report's (passed: above). */
export interface CashEntry {
  level: CashLevel;
  thresholdCents: number;
}

/** What one cash movement does to the customer's day sums, with thresholds on. */
export interface CashStep {
  direction: CashDirection;
  /** The store day the movement falls on. */
  day: string;
  /** The day's sum in the movement's direction, with it. */
  totalCents: number;
  /** The other direction's day sum (the stop looks at both). */
  otherCents: number;
  /** The levels the movement's direction is at with it: each makes its entry (once a day) or brings it up to date. */
  entries: CashEntry[];
}

/**
 * The movement's step, or null when it is no cash movement or the store sets no threshold. The day's sums
 * count every recent cash movement on or after the store day's start, one stamped after `at` too (a
 * concurrent one committed first, another server's clock), as payouts.ts payoutsToday does.
 */
export function cashStep(
  store: CashThresholds & { timezone: string },
  move: { kind: LedgerKind; channel: Channel; amount: number; at: string },
  recent: readonly RecentCash[] | null | undefined,
): CashStep | null {
  const direction = cashDirection(move.kind, move.channel);
  if (!direction || !cashThresholdsOn(store)) return null;
  // A channel that forgot the day's cash would judge each movement alone: the split the rule exists for.
  if (!recent) throw new Error("a cash movement needs the customer's recent cash");
  const ms = Date.parse(move.at);
  const dayStart = new Date(storeTodayStart(ms, store.timezone)).toISOString();
  let same = 0;
  let other = 0;
  for (const r of recent) {
    if (r.at < dayStart) continue;
    if (r.direction === direction) same += r.cents;
    else other += r.cents;
  }
  const totalCents = same + move.amount;
  const entries: CashEntry[] = [];
  if (store.cash_log_cents > 0 && totalCents >= store.cash_log_cents) entries.push({ level: 'log', thresholdCents: store.cash_log_cents });
  if (store.cash_report_cents > 0 && totalCents > store.cash_report_cents) entries.push({ level: 'report', thresholdCents: store.cash_report_cents });
  return { direction, day: storeDayOf(ms, store.timezone), totalCents, otherCents: other, entries };
}

/**
 * The report-threshold stop: a cash movement while the customer's cash in or out of the store day (this
 * movement counted) is above the report threshold needs the identity a report needs (the contract's
 * CASH_IDENTITY_FIELDS); without it: 17, reason 'cash_report', naming the missing fields. Nothing moves
 * until they are filled in at the counter; then the movement goes and its report's data is recorded.
 */
export function cashReportCheck(kind: LedgerKind, store: CashThresholds, step: CashStep | null, identity: CashIdentity): void {
  const report = store.cash_report_cents;
  if (!step || report <= 0 || (step.totalCents <= report && step.otherCents <= report)) return;
  const missing = cashIdentityMissing(identity);
  if (missing.length === 0) return;
  refuseMovement(RefusalReason.CASH_REPORT, kind, { missing, direction: step.direction, threshold_cents: report, day_total_cents: step.totalCents });
}

/** The customer's identity as a report records it (blank fields stay blank: a log entry records what there is). */
export function cashIdentity(c: CashIdentity): CashIdentity {
  return { first_name: c.first_name.trim(), last_name: c.last_name.trim(), birthday: c.birthday.trim(), drivers_license: c.drivers_license.trim(), address: c.address.trim() };
}
