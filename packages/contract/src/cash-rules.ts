/**
 * The cash transaction log's vocabulary (issue 40; docs/COMPLIANCE.md "Cash transaction log"), zod-free: the
 * server's money rules and the web both import it. A customer's cash movements (the counter's purchases,
 * reverts and redeems, a reload kiosk's bills and payouts; online and reloader top-ups are kept apart) are summed
 * per store day, cash in and cash out apart. The operator sets two thresholds per store (its jurisdiction's):
 * the day's sum reaching the log threshold makes a log entry; a movement taking it above the report threshold
 * needs the identity a report needs, and records the report's data.
 */

/** The direction of a cash movement, summed apart. */
export const CASH_DIRECTIONS = ['in', 'out'] as const;
export type CashDirection = (typeof CASH_DIRECTIONS)[number];

/** An entry of the log (the log threshold reached) or a report's record (the report threshold passed). */
export const CASH_LEVELS = ['log', 'report'] as const;
export type CashLevel = (typeof CASH_LEVELS)[number];

/** A store's thresholds (cents of one customer's cash in, or out, in one store day; 0 = off). */
export interface CashThresholds {
  cash_log_cents: number;
  cash_report_cents: number;
}

/**
 * What a report needs of the customer's identity, in this order: the fields the refusal names when missing
 * (CASH_REPORT's `missing`), each a field of the customer's record.
 */
export const CASH_IDENTITY_FIELDS = ['first_name', 'last_name', 'birthday', 'drivers_license', 'address'] as const;
export type CashIdentityField = (typeof CASH_IDENTITY_FIELDS)[number];

/** The identity fields a record lacks for a report (blank counts as missing), in CASH_IDENTITY_FIELDS order. */
export function cashIdentityMissing(c: Record<CashIdentityField, string | null | undefined>): CashIdentityField[] {
  return CASH_IDENTITY_FIELDS.filter((f) => (c[f] ?? '').trim() === '');
}

/**
 * The documented example (the United States' Bank Secrecy Act, per gaming day): a log entry once a customer's
 * cash in or out reaches $3,000, a report above $10,000. Not applied anywhere by itself: the operator sets
 * what its jurisdiction requires (currency cents of the store's currency).
 */
export const US_CASH_PRESET: CashThresholds = { cash_log_cents: 300_000, cash_report_cents: 1_000_000 };
