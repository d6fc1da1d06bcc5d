import { Status, type Cents } from '@moneybox/contract';
import type { AuthedContext } from '../../http/call.js';
import { refuse } from '../../http/errors.js';
import { setInitialAmount } from '../../money/drawer-money.js';
import { drawerRepository } from '../../repositories/drawer.repository.js';
import { shiftRepository } from '../../repositories/shift.repository.js';
import type { Db } from '../../db/database.js';

/** The caller's open shift and its drawer; 10 when the caller holds none. */
export async function callerShift(db: Db, ctx: AuthedContext) {
  const shift = await shiftRepository.openForAccount(db, ctx.caller.storeId, ctx.caller.accountId);
  if (!shift || shift.store_id !== ctx.caller.storeId) refuse(Status.SHIFT_ERROR);
  const drawer = await drawerRepository.find(db, ctx.caller.storeId, shift.drawer_id);
  if (!drawer) refuse(Status.DRAWER_ERROR);
  return { shift: shift, drawer: drawer! };
}

/** The HTTP adapter of the money core's initial amount (money/drawer-money.ts). */
export function initDrawer(amount: Cents, key: string, ctx: AuthedContext) {
  return setInitialAmount(ctx.deps, ctx.caller, { amount, key });
}
