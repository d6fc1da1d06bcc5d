import { readCountNote, toUnits, type ShiftReport } from '@moneybox/contract';
import type { Shift } from '../../db/schema.js';
import type { ShiftWithNames } from '../../repositories/shift.repository.js';

function parseCountDetail(text: string | null): Record<string, number> | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, number>) : null;
  } catch {
    return null;
  }
}

/** A shift's money totals in currency units; all zero for a drawer with no open shift. */
export function presentShiftTotals(shift: Shift | undefined) {
  const n = (c: number | undefined) => toUnits(c ?? 0);
  return {
    initial_amount: n(shift?.initial_cents),
    fills: n(shift?.fills_cents),
    bleeds: n(shift?.bleeds_cents),
    purchases: n(shift?.purchases_cents),
    redeems: n(shift?.redeems_cents),
    comps: n(shift?.comps_cents),
    special_comps: n(shift?.special_comps_cents),
  };
}

/** Presents a shift's stored numbers as the spec's shift-close reply (currency units, ISO times). */
function presentShift(shift: Shift, drawerNumber: number, account: string, closedBy: string | null, carried: number | null, initNote: string | null, noSales: number): ShiftReport {
  return {
    shift_id: shift.id,
    moneybox: drawerNumber,
    account,
    closedBy,
    createTime: shift.started_at,
    shiftTime: shift.ended_at,
    ...presentShiftTotals(shift),
    balance: toUnits(shift.balance_cents),
    counted: shift.counted_cents === null ? null : toUnits(shift.counted_cents),
    over_short: shift.counted_cents === null ? null : toUnits(shift.counted_cents - shift.balance_cents),
    count_detail: parseCountDetail(shift.count_detail),
    carried: carried === null ? null : toUnits(carried),
    float_difference: carried === null || shift.init_set !== 1 ? null : toUnits(shift.initial_cents - carried),
    init_count_detail: initNote === null ? null : readCountNote(initNote),
    no_sales: noSales,
  };
}

export function presentShiftWithNames(row: ShiftWithNames): ShiftReport {
  return presentShift(row, row.drawer_number, row.owner, row.closer, row.carried_cents === null ? null : Number(row.carried_cents), row.init_note, Number(row.no_sales));
}
