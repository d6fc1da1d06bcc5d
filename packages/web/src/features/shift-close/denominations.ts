import { denominationsFor } from '@moneybox/contract/denominations';
import { parseAmount } from '@moneybox/contract/money';
import { formatDenomination } from '../../money/units';

/** Pieces counted per denomination (currency units as the wire writes them), as typed (empty = none). */
export type PieceCounts = Partial<Record<string, string>>;

/** The bills and coins to count: the store's own list, or the defaults of the layout's currency sign. */
export function storeDenominations(storeList: readonly string[] | undefined, coinSign: string): readonly string[] {
  return denominationsFor(storeList ?? [], coinSign);
}

export function denominationCents(d: string): number {
  return parseAmount(d) ?? 0;
}

/** A piece count as typed: a whole number, or null when it is not one. Empty means 0. */
export function parsePieces(text: string | undefined): number | null {
  const s = (text ?? '').trim();
  if (s === '') return 0;
  if (!/^\d{1,6}$/.test(s)) return null;
  return Number(s);
}

/** The live total of a count by denomination, in cents; null while any entry is not a whole number. */
export function countTotalCents(counts: PieceCounts, denominations: readonly string[]): number | null {
  let sum = 0;
  for (const d of denominations) {
    const n = parsePieces(counts[d]);
    if (n === null) return null;
    sum += denominationCents(d) * n;
  }
  return sum;
}

/** The count as the calls take it: only the denominations that were counted. */
export function countDetail(counts: PieceCounts, denominations: readonly string[]): Record<string, number> {
  const detail: Record<string, number> = {};
  for (const d of denominations) {
    const n = parsePieces(counts[d]);
    if (n) detail[d] = n;
  }
  return detail;
}

/** "$100" for bills, "$0.25" for coins. */
export function denominationLabel(d: string, coinSign: string): string {
  return formatDenomination(denominationCents(d), coinSign);
}
