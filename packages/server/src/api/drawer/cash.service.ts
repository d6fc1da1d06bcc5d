import { RefusalReason, Status, toUnits, type Cents } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import type { AuthedContext } from '../../http/call.js';
import { refuse } from '../../http/errors.js';
import { consumeKey, post } from '../../money/ledger.js';
import { runMoneyTransaction } from '../../money/money-transaction.js';
import { MOVEMENTS } from '../../money/movements.js';
import { refuseMovement } from '../../money/refusal.js';
import { openStore } from '../store/store-guard.js';
import { assertDrawerNotFrozen, callerShift } from './drawer.service.js';
import { storeScope } from '../../repositories/store-scope.js';

export interface CashMove {
  shiftId: number;
  amount: Cents;
  key: string;
  reason: string;
}

/**
 * A fill (cash into the drawer) or a bleed (cash out; never below zero, 38). Only on the caller's
 * open shift (10), after its initial amount (11), on a drawer and store that are not frozen (45, 46).
 */
export async function moveCash(kind: 'fill' | 'bleed', m: CashMove, ctx: AuthedContext) {
  const { db } = ctx.deps.handle;
  const { storeId, accountId } = ctx.caller;
  await openStore(db, storeId);
  const { shift, drawer } = await callerShift(db, ctx);
  if (shift.id !== m.shiftId) refuse(Status.SHIFT_ERROR);
  if (drawer.frozen === 1) refuse(Status.DRAWER_FROZEN);
  if (shift.init_set !== 1) refuseMovement(RefusalReason.NEEDS_INIT, kind);
  if (m.amount <= 0) refuse(Status.AMOUNT_ERROR);
  const at = isoNow();
  const movementId = await runMoneyTransaction(ctx.deps.handle, async (tx) => {
    await consumeKey(tx, m.key, at);
    await assertDrawerNotFrozen(tx, storeId, drawer.id);
    return post(
      tx,
      {
        storeId,
        kind,
        amount: m.amount,
        accountId,
        drawerId: drawer.id,
        shiftId: shift.id,
        ...MOVEMENTS[kind].effects(m.amount),
        key: m.key,
        note: m.reason,
        at,
      },
    );
  });
  const after = (await storeScope(db, storeId).shifts.find(shift.id))!;
  return {
    movement_id: movementId,
    shift_id: shift.id,
    amount: toUnits(m.amount),
    fills: toUnits(after.fills_cents),
    bleeds: toUnits(after.bleeds_cents),
    balance: toUnits(after.balance_cents),
  };
}
