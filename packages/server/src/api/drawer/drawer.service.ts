import { RefusalReason, Status, toUnits, type Cents } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import type { AuthedContext } from '../../http/call.js';
import { refuse } from '../../http/errors.js';
import { consumeKey, post } from '../../money/ledger.js';
import { runMoneyTransaction } from '../../money/money-transaction.js';
import { MOVEMENTS } from '../../money/movements.js';
import { refuseMovement } from '../../money/refusal.js';
import { storeRepository } from '../../repositories/store.repository.js';
import { assertStoreOpen, openStore } from '../store/store-guard.js';
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

/**
 * Read again inside the money transaction, so a freeze committed before it started is seen
 * even when the caller looked before the boss froze the drawer.
 */
export async function assertDrawerNotFrozen(tx: Db, storeId: number, drawerId: number): Promise<void> {
  const drawer = await storeScope(tx, storeId).drawers.find(drawerId);
  if (!drawer) refuse(Status.DRAWER_ERROR);
  if (drawer.frozen === 1) refuse(Status.DRAWER_FROZEN);
}

/** Sets the opening float once per shift; never above the store's credit (16). */
export async function initDrawer(amount: Cents, key: string, ctx: AuthedContext) {
  const { db } = ctx.deps.handle;
  await openStore(db, ctx.caller.storeId);
  const { shift, drawer } = await callerShift(db, ctx);
  if (drawer.frozen === 1) refuse(Status.DRAWER_FROZEN);
  const at = isoNow();
  await runMoneyTransaction(ctx.deps.handle, async (tx) => {
    await consumeKey(tx, key, at);
    await assertDrawerNotFrozen(tx, ctx.caller.storeId, drawer.id);
    const store = await storeRepository.find(tx, ctx.caller.storeId);
    assertStoreOpen(store);
    if (amount > store.credit_cents) refuse(Status.INITIAL_OVER_CREDIT);
    const shifts = storeScope(tx, ctx.caller.storeId).shifts;
    if (!(await shifts.markInitSet(shift.id))) {
      const now = await shifts.find(shift.id);
      refuseMovement(now?.ended_at ? RefusalReason.NO_SHIFT : RefusalReason.INIT_ALREADY_SET, 'init');
    }
    await post(tx, {
      storeId: ctx.caller.storeId,
      kind: 'init',
      amount,
      accountId: ctx.caller.accountId,
      drawerId: drawer.id,
      shiftId: shift.id,
      ...MOVEMENTS.init.effects(amount),
      key,
      at,
    });
  });
  const after = await storeScope(db, ctx.caller.storeId).shifts.find(shift.id);
  return { initial_amount: toUnits(amount), balance: toUnits(after?.balance_cents ?? 0) };
}
