import { toUnits, type ShiftLogRow } from '@moneybox/contract';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { presentShiftWithNames } from '../drawer/shift-report.js';
import { presentPeriod } from './period.js';
import { reportScope } from './report-scope.js';
import { storeTime } from './store-days.js';
import { expectedCashFigures, seesExpectedBalance } from '../../domain/expected-balance.js';

const TOTALLED = ['initial_amount', 'fills', 'bleeds', 'purchases', 'redeems', 'comps', 'special_comps', 'balance'] as const;


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
  // (domain/expected-balance.ts), from its row and from the totals (sums of the figures shown).
  const list: ShiftLogRow[] = rows.map((row) => {
    const { count_detail: _detail, ...report } = presentShiftWithNames(row);
    return {
      ...expectedCashFigures(shown(row), report),
      open: row.ended_at === null,
      store_start: storeTime(Date.parse(row.started_at), period.timeZone),
      store_end: row.ended_at === null ? null : storeTime(Date.parse(row.ended_at), period.timeZone),
    };
  });
  // Totals in cents, so the sum of many amounts carries no floating-point error.
  const cents = Object.fromEntries(TOTALLED.map((k) => [k, 0])) as Record<(typeof TOTALLED)[number], number>;
  let counted = 0;
  let overShort = 0;
  for (const row of rows.filter(shown)) {
    cents.initial_amount += Number(row.initial_cents);
    cents.fills += Number(row.fills_cents);
    cents.bleeds += Number(row.bleeds_cents);
    cents.purchases += Number(row.purchases_cents);
    cents.redeems += Number(row.redeems_cents);
    cents.comps += Number(row.comps_cents);
    cents.special_comps += Number(row.special_comps_cents);
    cents.balance += Number(row.balance_cents);
    if (row.counted_cents !== null) {
      counted += Number(row.counted_cents);
      overShort += Number(row.counted_cents) - Number(row.balance_cents);
    }
  }
  const totals = {
    shifts: rows.length,
    ...(Object.fromEntries(TOTALLED.map((k) => [k, toUnits(cents[k])])) as Record<(typeof TOTALLED)[number], number>),
    counted: toUnits(counted),
    over_short: toUnits(overShort),
  };
  return { list, totals, period: presentPeriod(period) };
}
