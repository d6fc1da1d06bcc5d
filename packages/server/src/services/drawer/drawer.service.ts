import { Status, type Cents } from '@moneybox/contract';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { refuse } from '../../domain/status-refusal.js';
import { setInitialAmount } from '../../money/drawer-money.js';
import type { Db } from '../../db/database.js';
import { storeScope } from '../../repositories/store-scope.js';

/** The caller's open shift and its drawer; 10 when the caller holds none. */
export async function callerShift(db: Db, actor: Actor) {
  const store = storeScope(db, actor.storeId);
  const shift = await store.shifts.openForAccount(actor.accountId);
  if (!shift) refuse(Status.SHIFT_ERROR);
  const drawer = await store.drawers.find(shift.drawer_id);
  if (!drawer) refuse(Status.DRAWER_ERROR);
  return { shift: shift, drawer: drawer! };
}

/** The money core's initial amount (money/drawer-money.ts). */
export function initDrawer(deps: Deps, actor: Actor, input: { amount: Cents; key: string }) {
  return setInitialAmount(deps, actor, input);
}
