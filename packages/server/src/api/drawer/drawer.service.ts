import { Status, type Cents } from '@moneybox/contract';
import type { AuthedContext } from '../../http/call.js';
import { refuse } from '../../http/errors.js';
import { setInitialAmount } from '../../money/drawer-money.js';
import type { Db } from '../../db/database.js';
import { storeScope } from '../../repositories/store-scope.js';

/** The caller's open shift and its drawer; 10 when the caller holds none. */
export async function callerShift(db: Db, ctx: AuthedContext) {
  const store = storeScope(db, ctx.caller.storeId);
  const shift = await store.shifts.openForAccount(ctx.caller.accountId);
  if (!shift) refuse(Status.SHIFT_ERROR);
  const drawer = await store.drawers.find(shift.drawer_id);
  if (!drawer) refuse(Status.DRAWER_ERROR);
  return { shift: shift, drawer: drawer! };
}

/** The HTTP adapter of the money core's initial amount (money/drawer-money.ts). */
export function initDrawer(amount: Cents, key: string, ctx: AuthedContext) {
  return setInitialAmount(ctx.deps, ctx.caller, { amount, key });
}
