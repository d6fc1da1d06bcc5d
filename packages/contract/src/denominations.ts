/**
 * The bills and coins a store counts (issue 23). Zod-free: the web imports it directly
 * (`@moneybox/contract/denominations`). A denomination is written as the wire writes amounts:
 * currency units with at most two decimals ("100", "0.25").
 */
import { parseAmount } from './money.js';

/** US dollar bills and coins, largest first: the defaults for "$". */
const DOLLAR = ['100', '50', '20', '10', '5', '2', '1', '0.25', '0.10', '0.05', '0.01'] as const;
/** Costa Rican colón bills and coins, largest first: the defaults for the colon sign of layout 2. */
const COLON = ['20000', '10000', '5000', '2000', '1000', '500', '100', '50', '25', '10', '5'] as const;

/** The defaults by currency sign; a store that sets none counts these. */
export const DEFAULT_DENOMINATIONS: Readonly<Record<string, readonly string[]>> = { $: DOLLAR, '₡': COLON };

/** Most denominations a store may set (and a count may list). */
export const DENOMINATIONS_MAX = 30;

/** A store's list for a currency sign: its own when it set one, else the sign's defaults (the dollar's for any other sign). */
export function denominationsFor(storeList: readonly string[], coinSign: string): readonly string[] {
  return storeList.length > 0 ? storeList : (DEFAULT_DENOMINATIONS[coinSign] ?? DOLLAR);
}

/**
 * A list as a boss types it ("100, 50, 20, 0.25"): each a positive amount, no repeats, largest first,
 * written as cents allow ("0.1" → "0.10"). Null when any entry is not an amount or there are too many.
 */
export function parseDenominations(text: string | readonly string[]): string[] | null {
  const parts = (typeof text === 'string' ? text.split(/[\s,;]+/) : [...text]).map((p) => p.trim()).filter((p) => p !== '');
  if (parts.length > DENOMINATIONS_MAX) return null;
  const cents = new Set<number>();
  for (const p of parts) {
    const c = parseAmount(p);
    if (c === null || c <= 0) return null;
    cents.add(c);
  }
  return [...cents].sort((a, b) => b - a).map(writeDenomination);
}

/** Cents as a denomination: "100" for whole units, "0.25" otherwise. */
export function writeDenomination(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/**
 * Whether every denomination of a count is one the store counts: its own list, or, without one,
 * any of the defaults (the server does not know which layout the counter shows).
 */
export function countUsesStoreDenominations(detail: Record<string, number>, storeList: readonly string[]): boolean {
  const allowed = new Set((storeList.length > 0 ? storeList : Object.values(DEFAULT_DENOMINATIONS).flat()).map((d) => parseAmount(d)));
  return Object.keys(detail).every((d) => allowed.has(parseAmount(d)));
}

/**
 * A count as the initial amount's ledger note keeps it: "100×1 20×5 0.25×4" (largest first),
 * readable in the movement list and read back by `readCountNote`.
 */
export function writeCountNote(detail: Record<string, number>): string {
  return Object.entries(detail)
    .filter(([, n]) => n > 0)
    .map(([d, n]) => [parseAmount(d) ?? 0, n] as const)
    .sort((a, b) => b[0] - a[0])
    .map(([c, n]) => `${writeDenomination(c)}×${n}`)
    .join(' ');
}

/** The count a note written by `writeCountNote` holds; null for any other note. */
export function readCountNote(note: string): Record<string, number> | null {
  if (note === '') return null;
  const detail: Record<string, number> = {};
  for (const part of note.split(' ')) {
    const m = /^(\d{1,10}(?:\.\d{1,2})?)×(\d{1,6})$/.exec(part);
    if (!m) return null;
    detail[m[1]!] = Number(m[2]);
  }
  return detail;
}
