import { parseAmount } from '@moneybox/contract/money';
import { formatCents } from '../../money/units';

/** Bills and coins a cashier counts, largest first, as the wire writes them (currency units). */
export const DENOMINATIONS = ['100', '50', '20', '10', '5', '1', '0.25', '0.10', '0.05', '0.01'] as const;
type Denomination = (typeof DENOMINATIONS)[number];

/** Pieces counted per denomination, as typed (empty = none). */
export type PieceCounts = Partial<Record<Denomination, string>>;

export function denominationCents(d: Denomination): number {
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
export function countTotalCents(counts: PieceCounts): number | null {
  let sum = 0;
  for (const d of DENOMINATIONS) {
    const n = parsePieces(counts[d]);
    if (n === null) return null;
    sum += denominationCents(d) * n;
  }
  return sum;
}

/** The count as the shift-close call takes it: only the denominations that were counted. */
export function countDetail(counts: PieceCounts): Record<string, number> {
  const detail: Record<string, number> = {};
  for (const d of DENOMINATIONS) {
    const n = parsePieces(counts[d]);
    if (n) detail[d] = n;
  }
  return detail;
}

/** "$100" for bills, "$0.25" for coins. */
export function denominationLabel(d: Denomination, coinSign: string): string {
  const c = denominationCents(d);
  return c % 100 === 0 ? `${coinSign}${c / 100}` : formatCents(c, coinSign);
}
