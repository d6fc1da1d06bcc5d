import { Status, toUnits, type DrawerInfo, type DrawerMovement } from '@moneybox/contract';
import type { Drawer, Shift } from '../../db/schema.js';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { refuse } from '../../domain/status-refusal.js';
import { accountRepository } from '../../repositories/account.repository.js';
import { pageOf, type PageQuery } from '../paging.js';
import { callerShift } from './shift-steps.js';
import { presentShiftTotals } from './shift-report.js';
import { storeScope } from '../../repositories/store-scope.js';
import { expectedCashFigures, seesExpectedBalance } from '../../domain/expected-balance.js';
import { storeDenominations } from '../store/denominations.js';

/**
 * A drawer's live state. Without `drawerId`: the caller's own drawer (10 when they hold none).
 * With it: a boss may look at any drawer of the store (33 unknown); a cashier only at their own (21).
 * Read-only, so a boss in viewer mode may call it.
 */
export async function drawerInfo(deps: Deps, actor: Actor, drawerId: number | undefined): Promise<Omit<DrawerInfo, 'status'>> {
  const { db } = deps.handle;
  const store = storeScope(db, actor.storeId);
  let drawer: Drawer;
  let shift: Shift | undefined;
  if (drawerId === undefined) {
    ({ drawer, shift } = await callerShift(db, actor));
  } else {
    const found = await store.drawers.find(drawerId);
    if (!found) refuse(Status.DRAWER_ERROR);
    drawer = found;
    shift = await store.shifts.openForDrawer(drawer.id);
    if (actor.role !== 'boss' && shift?.account_id !== actor.accountId) refuse(Status.PERMISSION_ERROR);
  }
  const settings = (await store.store.find())!;
  const owner = shift ? await accountRepository.find(db, shift.account_id) : undefined;
  const carried = await store.shifts.lastCount(drawer.id, shift?.id ?? null);
  // Under blind count a cashier gets none of the figures the expected cash follows from (the rule's list),
  // but for the float offered before the initial amount is set: the amount the cashier is about to count in.
  const offer = shift?.init_set === 1 ? {} : { carried: carried === null ? null : toUnits(carried) };
  const info = expectedCashFigures(seesExpectedBalance(actor.role, settings), {
    drawer_id: drawer.id,
    moneybox: drawer.number,
    freeze: drawer.frozen === 1,
    shift_id: shift?.id ?? null,
    account: owner?.username ?? null,
    createTime: shift?.started_at ?? null,
    initAmount: shift?.init_set === 1,
    ...presentShiftTotals(shift),
    reverts: toUnits(shift?.reverts_cents ?? 0),
    balance: toUnits(shift?.balance_cents ?? 0),
    blind_count: settings.blind_count === 1,
    min_amount: toUnits(settings.min_amount_cents),
    denominations: storeDenominations(settings),
    carried: carried === null ? null : toUnits(carried),
  });
  return { ...info, ...offer };
}

interface MovementsQuery extends PageQuery {
  shiftId?: number | undefined;
}

/**
 * A shift's ledger rows, newest first. Without a shift id: the caller's open shift. A cashier
 * sees only their own shifts (21); a boss any of the store; unknown shift: 10.
 */
export async function shiftMovements(deps: Deps, actor: Actor, q: MovementsQuery) {
  const { db } = deps.handle;
  const store = storeScope(db, actor.storeId);
  let shift: Shift;
  const settings = (await store.store.find())!;
  if (q.shiftId === undefined) {
    ({ shift } = await callerShift(db, actor));
  } else {
    const found = await store.shifts.find(q.shiftId);
    if (!found) refuse(Status.SHIFT_ERROR);
    shift = found;
    if (actor.role !== 'boss' && shift.account_id !== actor.accountId) refuse(Status.PERMISSION_ERROR);
  }
  const sees = seesExpectedBalance(actor.role, settings, { closed: shift.ended_at !== null });
  const page = await pageOf(
    q,
    (offset, limit) => store.shiftMovements.page(shift.id, offset, limit),
    () => store.shiftMovements.count(shift.id),
    (r): DrawerMovement => ({
      id: r.id,
      kind: r.kind,
      // An open shift's rows sum to its expected cash: under blind count a cashier gets them without amounts.
      ...(sees ? { amount: toUnits(r.amount_cents), drawer: toUnits(r.d_drawer_cents) } : {}),
      time: r.at,
      // The initial amount's note is its count by denomination (writeCountNote): a figure like the amount.
      note: sees || r.kind !== 'init' ? r.note : '',
      customer_id: r.customer_id,
      account: r.account,
    }),
  );
  return { shift_id: shift.id, ...page };
}
