/**
 * Money in the web app: integer cents inside, currency units on the wire (a JSON number with at most
 * two decimals), shown with two decimals and the layout's currency sign. The one place that converts.
 */
import { formatCents, MAX_AMOUNT_CENTS, parseAmount, toUnits } from '@moneybox/contract/money';

export { formatCents };

/** Wire units to cents (rounded: 0.1 + 0.2 units is 30 cents). */
export function unitsToCents(units: number): number {
  return Math.round(units * 100);
}

/** Cents to wire units, as a call's `amount` takes them. */
export const centsToUnits: (cents: number) => number = toUnits;

/** Wire units as money with the sign, e.g. `$1,234.50`; `-` when there is no number. */
export function formatUnits(units: number | null | undefined, sign: string): string {
  return typeof units === 'number' && Number.isFinite(units) ? formatCents(unitsToCents(units), sign) : '-';
}

/** A chart axis tick: the sign kept, cents only when there are any (`$1,200`, `-$5.50`, `₡300`). */
export function formatAxisUnits(units: number | null | undefined, sign: string): string {
  const text = formatUnits(units, sign);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

/** A bill or coin: without cents when whole (`$20`, `₡20,000`), with them otherwise (`$0.25`). */
export function formatDenomination(cents: number, sign: string): string {
  const text = formatCents(cents, sign);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

/** A signed change (`+$5.00`, `-$5.00`, zero as `$0.00`); `-` when there is no number. */
export function formatSignedUnits(units: number | null | undefined, sign: string): string {
  if (typeof units !== 'number' || !Number.isFinite(units)) return '-';
  const c = unitsToCents(units);
  if (c === 0) return formatCents(0, sign);
  return c > 0 ? `+${formatCents(c, sign)}` : formatCents(c, sign);
}

export type AmountProblem = 'empty' | 'format' | 'belowMin' | 'aboveMax';
type AmountRead = { ok: true; cents: number } | { ok: false; problem: AmountProblem; minCents: number };

/** The largest amount any call accepts (the contract's), in cents: what an `aboveMax` message names. */
export const MAX_CENTS = MAX_AMOUNT_CENTS;

/** Thousands grouped by commas (`1,234.56`); a lone comma (`1,5`, a decimal comma) is not a separator. */
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d+)?$/;

/**
 * An amount as typed, to cents: not empty, at most two decimals, no sign or exponent (`format`), at
 * most the contract's maximum (`aboveMax`), and at least `minCents` (default 1 cent; 0 allows zero).
 */
export function readAmount(text: string, { minCents = 1 }: { minCents?: number } = {}): AmountRead {
  let s = text.trim();
  if (!s) return { ok: false, problem: 'empty', minCents };
  if (GROUPED.test(s)) s = s.replace(/,/g, '');
  const cents = parseAmount(s);
  // A well-formed number past the maximum is too large, not malformed: each failure has its own message.
  if (cents === null) return { ok: false, problem: /^\d+(\.\d{1,2})?$/.test(s) ? 'aboveMax' : 'format', minCents };
  if (cents < minCents) return { ok: false, problem: 'belowMin', minCents };
  return { ok: true, cents };
}

/**
 * Wire units as a plain number with two decimals and no sign or grouping (`1234.50`, `-3.00`): how a
 * CSV carries amounts so spreadsheet programs read them as numbers.
 */
export function plainUnits(units: number): string {
  const c = unitsToCents(units);
  const abs = Math.abs(c);
  return `${c < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
