import { RefusalReason, normalizeIdNumber, payoutNeeds, type IdType, type PayoutThresholds } from '@moneybox/contract';
import { storeTodayStart } from '../domain/store-days.js';
import type { LedgerKind } from './ledger-kind.js';
import { refuseMovement } from './refusal.js';

/**
 * Checked payouts and the birthday a store may require (issue 24): THE rules, pure, used by the
 * money rules of every channel (customer-rules.ts customerMayMove) and the plan that records a
 * checked payout (customer-money.ts). The thresholds apply to the store day's payouts summed
 * (the contract's payout-rules.ts payoutNeeds, which the web's redeem dialog asks too).
 */

/** The store's payout thresholds (cents; 0 = off): the contract's rule (payout-rules.ts) applies them. */
export type { PayoutThresholds };

/** The ID shown at the counter for a redeem: its type and the number the cashier typed from the document. */
export interface PresentedId {
  type: IdType;
  number: string;
}

/** How a channel pays out: at a counter, where staff can check an ID; or unattended (a reload kiosk), where nobody can. */
export type PayoutDesk = { attended: true; id: PresentedId | undefined } | { attended: false };

/** One of the customer's recent payouts (a redeem's ledger row on any channel): when and how much. */
export interface RecentPayout {
  at: string;
  cents: number;
}

/** Store days last at most 25 hours (a daylight-saving change): the payouts read for a redeem at `at` start this long before it. */
const RECENT_PAYOUTS_MS = 26 * 3_600_000;

/** Since when a redeem at `at` reads the customer's payouts (the reads), of which payoutsToday keeps the store day's. */
export function recentPayoutsSince(at: string): string {
  return new Date(Date.parse(at) - RECENT_PAYOUTS_MS).toISOString();
}

/**
 * The customer's payouts of the store day `at` falls on (the store's zone), every channel. A payout
 * stamped after `at` (a concurrent one committed first, another server's clock) counts too.
 */
export function payoutsToday(recent: readonly RecentPayout[], at: string, timeZone: string): number {
  const dayStart = new Date(storeTodayStart(Date.parse(at), timeZone)).toISOString();
  return recent.reduce((sum, p) => (p.at >= dayStart ? sum + p.cents : sum), 0);
}

/** What a checked payout records beside its ledger row. */
export interface CheckedPayout {
  idType: IdType;
  /** As typed (trimmed). */
  idNumber: string;
  large: boolean;
  /** The customer's payouts of the store day with this one. */
  dayTotal: number;
  /** The record had no ID number: the number checked goes on the record, with the payout. */
  recordsId: boolean;
}

/**
 * A redeem whose store day's total (`paidToday` + `amount`, payoutNeeds) is above the ID-check
 * threshold: refused unattended (17 'id_check' 'counter': the customer goes to the counter); at a
 * counter it needs the number typed from the customer's document, which must be the record's ID
 * number when the record has one (letters and digits compared, normalizeIdNumber); a record without
 * one takes the number shown (recordsId). Returns what to record, or null when no check was needed.
 */
export function checkPayout(kind: LedgerKind, store: PayoutThresholds, amount: number, paidToday: number, desk: PayoutDesk, recordId: string): CheckedPayout | null {
  if (kind !== 'redeem') return null;
  const needs = payoutNeeds(store, paidToday, amount);
  if (!needs.idCheck) return null;
  const refuse = (why: 'missing' | 'mismatch' | 'counter') =>
    refuseMovement(RefusalReason.ID_CHECK, kind, { id_check: why, above_cents: store.id_check_cents, paid_today_cents: paidToday });
  if (!desk.attended) return refuse('counter');
  const shown = desk.id ? normalizeIdNumber(desk.id.number) : '';
  if (!desk.id || shown === '') return refuse('missing');
  const record = normalizeIdNumber(recordId);
  if (record !== '' && record !== shown) return refuse('mismatch');
  return { idType: desk.id.type, idNumber: desk.id.number.trim(), large: needs.large, dayTotal: needs.dayTotalCents, recordsId: record === '' };
}

/** The store asks for a birthday before money moves, and the customer has none: no money moves until it is filled in. */
export function birthdayMissing(store: { birthday_required: number }, customer: { birthday: string }): boolean {
  return store.birthday_required === 1 && customer.birthday.trim() === '';
}
