import { Status, type ShiftReport } from '@moneybox/contract';
import type { AuthedContext } from '../../http/call.js';
import { refuse } from '../../http/errors.js';
import { presentShiftWithNames } from './shift-report.js';
import { storeScope } from '../../repositories/store-scope.js';

/**
 * Reprint of a closed shift's report from its stored numbers. Unknown, other store's or still
 * open shift: 10. A cashier asking for someone else's shift: 21.
 */
export async function shiftReportFor(shiftId: number, ctx: AuthedContext): Promise<ShiftReport> {
  const row = await storeScope(ctx.deps.handle.db, ctx.caller.storeId).shifts.findWithNames(shiftId);
  if (!row || row.ended_at === null) refuse(Status.SHIFT_ERROR);
  if (ctx.caller.role !== 'boss' && row.account_id !== ctx.caller.accountId) refuse(Status.PERMISSION_ERROR);
  return presentShiftWithNames(row);
}

/** The latest closed shifts: a cashier's own, or the whole store's for a boss. */
export async function recentShifts(limit: number, ctx: AuthedContext): Promise<ShiftReport[]> {
  const accountId = ctx.caller.role === 'boss' ? null : ctx.caller.accountId;
  const rows = await storeScope(ctx.deps.handle.db, ctx.caller.storeId).shifts.recentClosed(accountId, limit);
  return rows.map(presentShiftWithNames);
}
