import { Status, type Cents } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import type { AuthedContext } from '../../http/call.js';
import { refuse } from '../../http/errors.js';
import { consumeKey, post } from '../../ledger/ledger.js';
import { accountRepository } from '../../repositories/account.repository.js';
import { drawerRepository } from '../../repositories/drawer.repository.js';
import { shiftRepository } from '../../repositories/shift.repository.js';
import { storeRepository } from '../../repositories/store.repository.js';
import { assertStoreOpen, openStore } from '../store/store-guard.js';
import { presentShift } from './shift-report.js';
import type { Shift } from '../../db/schema.js';
import type { Db } from '../../db/database.js';

/** The caller's open shift and its drawer; 10 when the caller holds none. */
export async function callerShift(db: Db, ctx: AuthedContext) {
  const shift = await shiftRepository.openForAccount(db, ctx.caller.accountId);
  if (!shift || shift.store_id !== ctx.caller.storeId) refuse(Status.SHIFT_ERROR);
  const drawer = await drawerRepository.find(db, ctx.caller.storeId, shift!.drawer_id);
  if (!drawer) refuse(Status.DRAWER_ERROR);
  return { shift: shift!, drawer: drawer! };
}

/** Sets the opening float once per shift; never above the store's credit (16). */
export async function initDrawer(amount: Cents, key: string, ctx: AuthedContext) {
  const { db } = ctx.deps.handle;
  await openStore(db, ctx.caller.storeId);
  const { shift, drawer } = await callerShift(db, ctx);
  if (drawer.frozen === 1) refuse(Status.DRAWER_FROZEN);
  const at = isoNow();
  await db.transaction().execute(async (tx) => {
    await consumeKey(tx, key, at);
    const store = await storeRepository.find(tx, ctx.caller.storeId);
    assertStoreOpen(store);
    if (amount > store.credit_cents) refuse(Status.INITIAL_OVER_CREDIT);
    const r = await tx
      .updateTable('shift')
      .set({ init_set: 1 })
      .where('id', '=', shift.id)
      .where('init_set', '=', 0)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) refuse(Status.DRAWER_STATE_ERROR);
    await post(tx, {
      storeId: ctx.caller.storeId,
      kind: 'init',
      amount,
      accountId: ctx.caller.accountId,
      drawerId: drawer.id,
      shiftId: shift.id,
      drawer: amount,
      shiftTotals: { initial_cents: amount },
      key,
      at,
    });
  });
  const after = await shiftRepository.find(db, ctx.caller.storeId, shift.id);
  return { initial_amount: amount / 100, balance: (after?.balance_cents ?? 0) / 100 };
}

export interface CountInput {
  counted?: Cents | undefined;
  count_detail?: Record<string, number> | undefined;
}

/** Closes the caller's shift (logout); its numbers never change afterwards. */
export async function closeOwnShift(count: CountInput, ctx: AuthedContext) {
  const { db } = ctx.deps.handle;
  const { shift, drawer } = await callerShift(db, ctx);
  return closeShift(db, shift, drawer.number, ctx.caller.accountId, count);
}

export async function closeShift(db: Db, shift: Shift, drawerNumber: number, closedBy: number, count: CountInput) {
  const closed = await shiftRepository.close(
    db,
    shift.id,
    isoNow(),
    closedBy,
    count.counted ?? null,
    count.count_detail ? JSON.stringify(count.count_detail) : null,
  );
  if (!closed) refuse(Status.SHIFT_ERROR);
  const after = (await shiftRepository.find(db, shift.store_id, shift.id))!;
  const owner = await accountRepository.find(db, after.account_id);
  const closer = closedBy === after.account_id ? owner : await accountRepository.find(db, closedBy);
  return presentShift(after, drawerNumber, owner?.username ?? '', closer?.username ?? null);
}
