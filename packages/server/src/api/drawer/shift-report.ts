import { toUnits, type ShiftReport } from '@moneybox/contract';
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

/** Presents a shift's stored numbers as the spec's shift-close reply (currency units, ISO times). */
export function presentShift(shift: Shift, drawerNumber: number, account: string, closedBy: string | null): ShiftReport {
  return {
    shift_id: shift.id,
    moneybox: drawerNumber,
    account,
    closedBy,
    createTime: shift.started_at,
    shiftTime: shift.ended_at,
    initial_amount: toUnits(shift.initial_cents),
    fills: toUnits(shift.fills_cents),
    bleeds: toUnits(shift.bleeds_cents),
    purchases: toUnits(shift.purchases_cents),
    redeems: toUnits(shift.redeems_cents),
    comps: toUnits(shift.comps_cents),
    special_comps: toUnits(shift.special_comps_cents),
    balance: toUnits(shift.balance_cents),
    counted: shift.counted_cents === null ? null : toUnits(shift.counted_cents),
    over_short: shift.counted_cents === null ? null : toUnits(shift.counted_cents - shift.balance_cents),
    count_detail: parseCountDetail(shift.count_detail),
  };
}

export function presentShiftWithNames(row: ShiftWithNames): ShiftReport {
  return presentShift(row, row.drawer_number, row.owner, row.closer);
}
