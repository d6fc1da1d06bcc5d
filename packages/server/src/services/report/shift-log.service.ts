import { toUnits, type ShiftLogRow } from '@moneybox/contract';
import type { Actor } from '../../domain/actor.js';
import type { ShiftWithNames } from '../../repositories/shift.repository.js';
import type { Deps } from '../deps.js';
import { presentShiftWithNames } from '../drawer/shift-report.js';
import { presentPeriod } from './period.js';
import { reportScope } from './report-scope.js';
import { storeTime } from './store-days.js';
import { expectedCashFigures, seesExpectedBalance } from '../../domain/expected-balance.js';

const TOTALLED = ['initial_amount', 'fills', 'bleeds', 'purchases', 'redeems', 'comps', 'special_comps', 'balance', 'counted', 'over_short'] as const;
type Totalled = (typeof TOTALLED)[number];

/** A shift's figures in cents as its row shows them: none of the expected cash's when hidden, no count before one. */
function figuresShown(row: ShiftWithNames, shown: boolean): Partial<Record<Totalled, number>> {
  const count = row.counted_cents === null ? {} : { counted: Number(row.counted_cents), over_short: Number(row.counted_cents) - Number(row.balance_cents) };
  if (!shown) return count;
  return {
    initial_amount: Number(row.initial_cents),
    fills: Number(row.fills_cents),
    bleeds: Number(row.bleeds_cents),
    purchases: Number(row.purchases_cents),
    redeems: Number(row.redeems_cents),
    comps: Number(row.comps_cents),
    special_comps: Number(row.special_comps_cents),
    balance: Number(row.balance_cents),
    ...count,
  };
}

/**
 * The totals row: a figure's sum only when every row shows the figure. A sum over some rows would pass
 * for the whole (and, under blind count, one open shift's hidden figure is the total minus the others).
 * Summed in cents, so many amounts carry no floating-point error.
 */
function totalsOf(figures: Partial<Record<Totalled, number>>[]) {
  const totals: { shifts: number } & Partial<Record<Totalled, number>> = { shifts: figures.length };
  for (const k of TOTALLED) {
    if (figures.every((f) => f[k] !== undefined)) totals[k] = toUnits(figures.reduce((sum, f) => sum + f[k]!, 0));
  }
  return totals;
}

/**
 * /drawer/shiftLog: every shift that started in the period, oldest first, with the drawer report's
 * numbers (the shift's running totals, kept in the money transaction with each ledger row) and a
 * totals row. A cashier gets their own shifts only. Closed shifts reprint with /drawer/shiftReport.
 */
export async function shiftLog(deps: Deps, actor: Actor, q: { startTime?: string | number | undefined; endTime?: string | number | undefined }) {
  const scope = await reportScope(deps, actor, q);
  const { period } = scope;
  const rows = await scope.reports.shiftsStarted(period.fromIso, period.toIso, scope.ownShiftsOf);
  const shown = (row: (typeof rows)[number]) => seesExpectedBalance(actor.role, scope.store, { closed: row.ended_at !== null });
  // An open shift's expected cash and its terms are left out for a cashier under blind count
  // (domain/expected-balance.ts), from its row and from the totals (a total whose terms are not all shown is left out).
  const list: ShiftLogRow[] = rows.map((row) => {
    const { count_detail: _detail, ...report } = presentShiftWithNames(row);
    return {
      ...expectedCashFigures(shown(row), report),
      open: row.ended_at === null,
      store_start: storeTime(Date.parse(row.started_at), period.timeZone),
      store_end: row.ended_at === null ? null : storeTime(Date.parse(row.ended_at), period.timeZone),
    };
  });
  const totals = totalsOf(rows.map((row) => figuresShown(row, shown(row))));
  return { list, totals, period: presentPeriod(period) };
}
