import { Status, type ShiftReport } from '@moneybox/contract';
import type { CountInput } from '../../domain/shift-count.js';
import type { Actor } from '../../domain/actor.js';
import { audited } from '../change.js';
import type { Deps } from '../deps.js';
import { refuse } from '../../domain/status-refusal.js';
import { callerShift, closeShift } from './shift-steps.js';
import { storeScope } from '../../repositories/store-scope.js';

/**
 * Closes the caller's shift (logout). Allowed on a frozen drawer or store: a cashier can always
 * hand the drawer back. Its numbers never change afterwards.
 */
async function closeCallersShift(deps: Deps, actor: Actor, count: CountInput): Promise<ShiftReport> {
  const { db } = deps.handle;
  const { shift } = await callerShift(db, actor);
  return closeShift(db, shift, actor.accountId, count);
}

/** A boss closes the shift left open on a drawer of the store (33 unknown drawer, 10 no open shift). */
async function closeLeftOpen(deps: Deps, actor: Actor, { drawerId, count }: { drawerId: number; count: CountInput }): Promise<ShiftReport> {
  const { db } = deps.handle;
  const store = storeScope(db, actor.storeId);
  const drawer = await store.drawers.find(drawerId);
  if (!drawer) refuse(Status.DRAWER_ERROR);
  const shift = await store.shifts.openForDrawer(drawer.id);
  if (!shift) refuse(Status.SHIFT_ERROR);
  return closeShift(db, shift, actor.accountId, count);
}

/** The caller closes their own shift (logout): the report's numbers, and the blind count, on the trail (same transaction). */
export const closeOwnShift = (deps: Deps, actor: Actor, count: CountInput) =>
  audited(deps, actor, async (tx, audit) => {
    const r = await closeCallersShift(tx, actor, count);
    await audit({
      kind: 'drawer.shift_close',
      target: { type: 'drawer', label: String(r.moneybox) },
      after: { shift_id: r.shift_id, balance: r.balance, counted: r.counted, over_short: r.over_short },
    });
    return r;
  });

/** A boss's force close, on the trail in the same transaction. */
export const forceClose = (deps: Deps, actor: Actor, { drawerId, count }: { drawerId: number; count: CountInput }) =>
  audited(deps, actor, async (tx, audit) => {
    const r = await closeLeftOpen(tx, actor, { drawerId, count });
    await audit({
      kind: 'drawer.force_close',
      target: { type: 'drawer', id: drawerId, label: String(r.moneybox) },
      before: { shift_id: r.shift_id, account: r.account },
      after: { balance: r.balance, counted: r.counted },
    });
    return r;
  });
