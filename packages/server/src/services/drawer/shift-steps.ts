import { Status, type ShiftReport } from '@moneybox/contract';
import { countedCents, type CountInput } from '../../domain/shift-count.js';
import { isoNow } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { Shift } from '../../db/schema.js';
import type { Actor } from '../../domain/actor.js';
import { refuse } from '../../domain/status-refusal.js';
import { storeScope } from '../../repositories/store-scope.js';
import { assertStoreDenominations } from '../store/denominations.js';
import { presentShiftWithNames } from './shift-report.js';

/*
 * Steps the drawer calls share inside their own transaction (the database they are given is it):
 * not calls themselves, so they sit outside the service files.
 */

/** The caller's open shift and its drawer; 10 when the caller holds none. */
export async function callerShift(db: Db, actor: Actor) {
  const store = storeScope(db, actor.storeId);
  const shift = await store.shifts.openForAccount(actor.accountId);
  if (!shift) refuse(Status.SHIFT_ERROR);
  const drawer = await store.drawers.find(shift.drawer_id);
  if (!drawer) refuse(Status.DRAWER_ERROR);
  return { shift: shift, drawer: drawer! };
}

/**
 * The guarded close (`ended_at IS NULL`) waits on PostgreSQL for any money call holding the shift
 * row, and every later money call finds the shift closed (10): the report is final.
 */
export async function closeShift(db: Db, shift: Shift, closedBy: number, count: CountInput): Promise<ShiftReport> {
  const counted = countedCents(count);
  const detail = count.count_detail ? JSON.stringify(count.count_detail) : null;
  // The shift was read from the caller's store: its own store is the scope.
  const scope = storeScope(db, shift.store_id);
  const shifts = scope.shifts;
  if (count.count_detail) assertStoreDenominations((await scope.store.find())!, count.count_detail);
  const closed = await shifts.close(shift.id, isoNow(), closedBy, counted, detail);
  if (!closed) refuse(Status.SHIFT_ERROR);
  const after = await shifts.findWithNames(shift.id);
  if (!after) refuse(Status.SHIFT_ERROR);
  return presentShiftWithNames(after);
}
