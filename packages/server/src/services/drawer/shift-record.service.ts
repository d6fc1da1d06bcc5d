import { Status, type ShiftReport } from '@moneybox/contract';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { refuse } from '../../domain/status-refusal.js';
import { presentShiftWithNames } from './shift-report.js';
import { storeScope } from '../../repositories/store-scope.js';

/**
 * Reprint of a closed shift's report from its stored numbers. Unknown, other store's or still
 * open shift: 10. A cashier asking for someone else's shift: 21.
 */
export async function shiftReportFor(deps: Deps, actor: Actor, shiftId: number): Promise<ShiftReport> {
  const row = await storeScope(deps.handle.db, actor.storeId).shifts.findWithNames(shiftId);
  if (!row || row.ended_at === null) refuse(Status.SHIFT_ERROR);
  if (actor.role !== 'boss' && row.account_id !== actor.accountId) refuse(Status.PERMISSION_ERROR);
  return presentShiftWithNames(row);
}

/** The latest closed shifts: a cashier's own, or the whole store's for a boss. */
export async function recentShifts(deps: Deps, actor: Actor, limit: number): Promise<ShiftReport[]> {
  const accountId = actor.role === 'boss' ? null : actor.accountId;
  const rows = await storeScope(deps.handle.db, actor.storeId).shifts.recentClosed(accountId, limit);
  return rows.map(presentShiftWithNames);
}
