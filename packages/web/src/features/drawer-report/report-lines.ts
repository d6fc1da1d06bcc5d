import type { ShiftReport } from '@moneybox/contract';
import { formatCents, formatDenomination, formatSignedUnits, formatUnits, unitsToCents as toCents } from '../../money/units';
import { storeTime } from '../../time/store-time';

/** The numbers a drawer report prints; the same for the logout report and a later reprint. */
export type DrawerReportData = Pick<
  ShiftReport,
  'moneybox' | 'account' | 'createTime' | 'shiftTime' | 'initial_amount' | 'fills' | 'bleeds' | 'purchases' | 'redeems' | 'special_comps'
> &
  Partial<Pick<ShiftReport, 'balance' | 'counted' | 'over_short' | 'closedBy' | 'comps' | 'count_detail' | 'carried' | 'float_difference' | 'init_count_detail' | 'no_sales'>> & {
    /** Present on an X report (the shift still open): when its figures were read. */
    printedAt?: string;
  };

/** An X report: an open shift's figures printed without closing it. */
export function isXReport(r: DrawerReportData): boolean {
  return typeof r.printedAt === 'string';
}

interface ReportLine {
  /** Translation key in the drawer-report namespace. */
  key: string;
  value: string;
  /** Translation key of the label when it differs from `key`. */
  label?: string;
  /** Lines drawn bold (totals). */
  strong?: boolean;
  /** A label printed as is (a denomination), instead of a translation. */
  text?: string;
}

/**
 * Balance = initial amount + fills - bleeds + purchases - redeems (spec section 3), in cents; null when the
 * report carries none of its terms (an X report under blind count).
 */
export function balanceCents(r: DrawerReportData): number | null {
  const terms = [r.initial_amount, r.fills, r.bleeds, r.purchases, r.redeems];
  if (terms.some((v) => typeof v !== 'number')) return null;
  const [initial, fills, bleeds, purchases, redeems] = terms.map((v) => toCents(v!)) as [number, number, number, number, number];
  return initial + fills - bleeds + purchases - redeems;
}

export interface ReportContext {
  diffMinutes: number;
  coinSign: string;
  /** Who prints it: the logged-in cashier (defaults to the account that closed the shift). */
  cashierAccount?: string;
}

/** The spec's report content in its order; counted and over/short only when the count was taken. */
export function reportLines(r: DrawerReportData, ctx: ReportContext): ReportLine[] {
  const money = (units: number) => formatUnits(units, ctx.coinSign);
  // Under blind count an X report carries none of the expected cash's figures: their lines are left out.
  const figure = (key: string, units: number | undefined): ReportLine[] => (typeof units === 'number' ? [{ key, value: money(units) }] : []);
  const balance = typeof r.balance === 'number' ? toCents(r.balance) : balanceCents(r);
  const lines: ReportLine[] = [
    { key: 'drawerNumber', value: String(r.moneybox) },
    { key: 'cashierAccount', value: ctx.cashierAccount ?? r.closedBy ?? r.account },
    { key: 'shiftAccount', value: r.account },
    { key: 'shiftStart', value: storeTime(r.createTime, ctx.diffMinutes) },
    isXReport(r) ? { key: 'printedAt', value: storeTime(r.printedAt ?? null, ctx.diffMinutes) } : { key: 'shiftEnd', value: storeTime(r.shiftTime, ctx.diffMinutes) },
    ...figure('initialAmount', r.initial_amount),
    ...denominationLines(r.init_count_detail, ctx.coinSign, 'init'),
    // The float carried over from the drawer's last count, and how far the initial amount was from it.
    ...(typeof r.carried === 'number' ? [{ key: 'carried', value: money(r.carried) }] : []),
    ...(typeof r.float_difference === 'number' && r.float_difference !== 0 ? [{ key: 'floatDifference', value: formatSignedUnits(r.float_difference, ctx.coinSign) }] : []),
    ...figure('fills', r.fills),
    ...figure('bleeds', r.bleeds),
    ...figure('totalPurchase', r.purchases),
    ...figure('totalRedeem', r.redeems),
    // An X report under blind count carries no balance: the cashier must not learn it before counting.
    ...((isXReport(r) && typeof r.balance !== 'number') || balance === null
      ? []
      : [
          {
            key: 'balance',
            value: formatCents(balance, ctx.coinSign),
            strong: true,
            // Beside a cash count the balance is what the drawer should hold: the count is checked against it.
            ...(typeof r.counted === 'number' ? { label: 'expected' } : {}),
          },
        ]),
    ...figure('specialComps', r.special_comps),
  ];
  if (typeof r.counted === 'number') lines.push({ key: 'counted', value: money(r.counted), strong: true });
  lines.push(...denominationLines(r.count_detail, ctx.coinSign, 'count'));
  if (typeof r.over_short === 'number') lines.push({ key: 'overShort', value: formatSignedUnits(r.over_short, ctx.coinSign), strong: true });
  // Every opening of the drawer without a sale, zero included: a boss reads a skim's sign here.
  if (typeof r.no_sales === 'number') lines.push({ key: 'noSales', value: String(r.no_sales) });
  return lines;
}

/** The count by denomination, largest first: "$20 × 7" and its subtotal. */
export function denominationLines(detail: Record<string, number> | null | undefined, coinSign: string, of: 'init' | 'count'): ReportLine[] {
  if (!detail) return [];
  return Object.entries(detail)
    .filter(([, pieces]) => pieces > 0)
    .map(([d, pieces]) => ({ d, pieces, cents: toCents(Number(d)) }))
    .sort((a, b) => b.cents - a.cents)
    .map(({ d, pieces, cents }) => ({
      key: `${of}-${d}`,
      text: `${formatDenomination(cents, coinSign)} × ${pieces}`,
      value: formatCents(cents * pieces, coinSign),
    }));
}
