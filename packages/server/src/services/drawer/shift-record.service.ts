import { Status, type ShiftReport, type XReport } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import { expectedCashFigures, seesExpectedBalance } from '../../domain/expected-balance.js';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { refuse } from '../../domain/status-refusal.js';
import { callerShift } from './shift-steps.js';
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

/**
 * X report: the open shift's figures now, without closing it. Without `drawerId`: the caller's own
 * shift (10 when they hold none). With it: a drawer of the store (33 unknown, 10 no open shift); a
 * cashier only their own (21). The expected balance and its terms follow the blind-count rule (open shift).
 */
export async function xReport(deps: Deps, actor: Actor, drawerId: number | undefined): Promise<Omit<XReport, 'status'>> {
  const { db } = deps.handle;
  const store = storeScope(db, actor.storeId);
  let shiftId: number;
  if (drawerId === undefined) {
    shiftId = (await callerShift(db, actor)).shift.id;
  } else {
    const drawer = await store.drawers.find(drawerId);
    if (!drawer) refuse(Status.DRAWER_ERROR);
    const shift = await store.shifts.openForDrawer(drawer.id);
    if (!shift) refuse(Status.SHIFT_ERROR);
    if (actor.role !== 'boss' && shift.account_id !== actor.accountId) refuse(Status.PERMISSION_ERROR);
    shiftId = shift.id;
  }
  const [row, settings] = await Promise.all([store.shifts.findWithNames(shiftId), store.store.find()]);
  if (!row || row.ended_at !== null || !settings) refuse(Status.SHIFT_ERROR);
  return { ...expectedCashFigures(seesExpectedBalance(actor.role, settings), presentShiftWithNames(row)), printedAt: isoNow() };
}
