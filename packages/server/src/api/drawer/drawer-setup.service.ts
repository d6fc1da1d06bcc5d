import { Status, toUnits, type DrawerListItem, type DrawerSetupItem } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { AuthedContext } from '../../http/call.js';
import { refuse } from '../../http/errors.js';
import { drawerRepository, type DrawerWithShift } from '../../repositories/drawer.repository.js';
import { storeRepository } from '../../repositories/store.repository.js';

export function presentDrawer(r: DrawerWithShift): DrawerListItem {
  return {
    id: r.id,
    number: r.number,
    status: r.frozen === 1 ? 'frozen' : r.shift_id !== null ? 'occupied' : 'available',
    freeze: r.frozen === 1,
    account: r.account,
    createTime: r.created_at,
    lastLogin: r.last_login_at,
  };
}

function presentSetupItem(r: DrawerWithShift): DrawerSetupItem {
  return {
    ...presentDrawer(r),
    shift_id: r.shift_id,
    shiftStart: r.shift_started_at,
    initAmount: r.init_set === 1,
    balance: r.balance_cents === null ? null : toUnits(r.balance_cents),
  };
}

/** Drawer Setup: every drawer of the store with its open shift, and the store's maximum. */
export async function setupList(ctx: AuthedContext) {
  const { db } = ctx.deps.handle;
  const store = (await storeRepository.find(db, ctx.caller.storeId))!;
  const rows = await drawerRepository.listWithShift(db, store.id);
  return { list: rows.map(presentSetupItem), max_drawers: store.max_drawers };
}

async function drawerItem(ctx: AuthedContext, id: number): Promise<DrawerListItem> {
  const rows = await drawerRepository.listWithShift(ctx.deps.handle.db, ctx.caller.storeId);
  const row = rows.find((r) => r.id === id);
  if (!row) refuse(Status.DRAWER_ERROR);
  return presentDrawer(row);
}

/**
 * Freezes or unfreezes a drawer of the caller's store (33 when unknown). A frozen drawer cannot be
 * chosen at login and refuses money calls; its open shift can still be closed.
 */
export async function freezeDrawer(id: number, freeze: boolean, ctx: AuthedContext) {
  const r = await drawerRepository.setFrozen(ctx.deps.handle.db, ctx.caller.storeId, id, freeze);
  if (Number(r.numUpdatedRows) !== 1) refuse(Status.DRAWER_ERROR);
  return { drawer: await drawerItem(ctx, id) };
}

/** Attempts before a create that keeps losing number races gives up with 15. */
const CREATE_ATTEMPTS = 5;

/**
 * Adds the store's next drawer number (15 at max_drawers). Two bosses creating at once both read
 * the same highest number; the unique (store, number) index lets one insert win and the other
 * reads again, so the count never passes the maximum.
 */
export async function createDrawer(ctx: AuthedContext): Promise<{ drawer: DrawerListItem }> {
  const { db } = ctx.deps.handle;
  const store = (await storeRepository.find(db, ctx.caller.storeId))!;
  for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt++) {
    const { count, highest } = await drawerRepository.numbers(db, store.id);
    if (count >= store.max_drawers) refuse(Status.DRAWER_LIMIT_REACHED);
    try {
      const id = await drawerRepository.insert(db, store.id, highest + 1, isoNow());
      return { drawer: await drawerItem(ctx, id) };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  return refuse(Status.DRAWER_LIMIT_REACHED);
}
