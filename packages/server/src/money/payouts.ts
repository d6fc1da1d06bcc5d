import { RefusalReason, normalizeIdNumber, type IdType } from '@moneybox/contract';
import type { LedgerKind } from './ledger-kind.js';
import { refuseMovement } from './refusal.js';

/**
 * Checked payouts and the birthday a store may require (issue 24): THE rules, pure, used by the
 * money rules of every channel (customer-rules.ts customerMayMove) and the plan that records a
 * checked payout (customer-money.ts).
 */

/** The store's payout thresholds (cents; 0 = off). */
export interface PayoutThresholds {
  id_check_cents: number;
  large_payout_cents: number;
}

/** The ID shown at the counter for a redeem: its type and number as entered (or the record's, confirmed). */
export interface PresentedId {
  type: IdType;
  number: string;
}

/** How a channel pays out: at a counter, where staff can check an ID; or unattended (a reload kiosk), where nobody can. */
export type PayoutDesk = { attended: true; id: PresentedId | undefined } | { attended: false };

/** Whether a redeem of `amount` needs the customer's ID checked. */
export function needsIdCheck(store: PayoutThresholds, amount: number): boolean {
  return store.id_check_cents > 0 && amount > store.id_check_cents;
}

/** Whether a redeem of `amount` is a large payout (flagged for the boss's report). */
export function isLargePayout(store: PayoutThresholds, amount: number): boolean {
  return store.large_payout_cents > 0 && amount > store.large_payout_cents;
}

/** What a checked payout records beside its ledger row. */
export interface CheckedPayout {
  idType: IdType;
  idNumber: string;
  large: boolean;
}

/**
 * A redeem above the ID-check threshold: refused unattended (17 'id_check' 'counter': the customer
 * goes to the counter); at a counter it needs the ID, whose number must be the record's ID number
 * when the record has one (letters and digits compared); a record without one takes the number
 * shown. Returns what to record, or null when no check was needed.
 */
export function checkPayout(kind: LedgerKind, store: PayoutThresholds, amount: number, desk: PayoutDesk, recordId: string): CheckedPayout | null {
  if (kind !== 'redeem' || !needsIdCheck(store, amount)) return null;
  const refuse = (why: 'missing' | 'mismatch' | 'counter') => refuseMovement(RefusalReason.ID_CHECK, kind, { id_check: why, above_cents: store.id_check_cents });
  if (!desk.attended) return refuse('counter');
  const shown = desk.id ? normalizeIdNumber(desk.id.number) : '';
  if (!desk.id || shown === '') return refuse('missing');
  const record = normalizeIdNumber(recordId);
  if (record !== '' && record !== shown) return refuse('mismatch');
  return { idType: desk.id.type, idNumber: desk.id.number.trim(), large: isLargePayout(store, amount) };
}

/** The store asks for a birthday before money moves, and the customer has none: no money moves until it is filled in. */
export function birthdayMissing(store: { birthday_required: number }, customer: { birthday: string }): boolean {
  return store.birthday_required === 1 && customer.birthday.trim() === '';
}
