import { Status, toUnits, type DrawerListItem, type DrawerSetupItem } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import { isUniqueViolation, retryOnConflict } from '../../db/errors.js';
import type { Actor, Visitor } from '../../domain/actor.js';
import { type AuditTarget } from '../audit/audit.js';
import { audited } from '../change.js';
import type { Deps } from '../deps.js';
import { refuse } from '../../domain/status-refusal.js';
import { assertStoreOpen } from '../store/store-guard.js';
import type { DrawerWithShift } from '../../repositories/drawer.repository.js';
import { storeScope } from '../../repositories/store-scope.js';

function presentDrawer(r: DrawerWithShift): DrawerListItem {
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

/** For the login page (public): the kiosk's drawers and who holds them (1 when the kiosk is closed). */
export async function kioskDrawers({ handle: { db } }: Deps, visitor: Visitor & { kioskId: number }) {
  const scope = storeScope(db, visitor.kioskId);
  const store = await scope.store.find();
  assertStoreOpen(store);
  const rows = await scope.drawers.listWithShift();
  return { storename: store.name, list: rows.map(presentDrawer) };
}

/** Drawer Setup: every drawer of the store with its open shift, and the store's maximum. */
export async function setupList(deps: Deps, actor: Actor) {
  const { db } = deps.handle;
  const scope = storeScope(db, actor.storeId);
  const store = (await scope.store.find())!;
  const rows = await scope.drawers.listWithShift();
  return { list: rows.map(presentSetupItem), max_drawers: store.max_drawers };
}

async function drawerItem(deps: Deps, actor: Actor, id: number): Promise<DrawerListItem> {
  const rows = await storeScope(deps.handle.db, actor.storeId).drawers.listWithShift();
  const row = rows.find((r) => r.id === id);
  if (!row) refuse(Status.DRAWER_ERROR);
  return presentDrawer(row);
}

/**
 * Freezes or unfreezes a drawer of the caller's store (33 when unknown). A frozen drawer cannot be
 * chosen at login and refuses money calls; its open shift can still be closed.
 */
async function setFrozen(deps: Deps, actor: Actor, { id, freeze }: { id: number; freeze: boolean }) {
  const r = await storeScope(deps.handle.db, actor.storeId).drawers.setFrozen(id, freeze);
  if (Number(r.numUpdatedRows) !== 1) refuse(Status.DRAWER_ERROR);
  return { drawer: await drawerItem(deps, actor, id) };
}

/** Attempts before a create that keeps losing number races gives up with 15. */
const CREATE_ATTEMPTS = 5;

/**
 * Adds the store's next drawer number (15 at max_drawers). Two bosses creating at once both read
 * the same highest number; the unique (store, number) index lets one insert win and the other
 * reads again, so the count never passes the maximum.
 */
async function addDrawer(deps: Deps, actor: Actor): Promise<{ drawer: DrawerListItem }> {
  const { db } = deps.handle;
  const scope = storeScope(db, actor.storeId);
  const store = (await scope.store.find())!;
  const drawers = scope.drawers;
  for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt++) {
    const { count, highest } = await drawers.numbers();
    if (count >= store.max_drawers) refuse(Status.DRAWER_LIMIT_REACHED);
    try {
      const id = await drawers.insert(highest + 1, isoNow());
      return { drawer: await drawerItem(deps, actor, id) };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  return refuse(Status.DRAWER_LIMIT_REACHED);
}

/** Drawer Setup's changes write their audit row in the same transaction, whatever transport calls them. */
const target = (d: Pick<DrawerListItem, 'id' | 'number'>): AuditTarget => ({ type: 'drawer', id: d.id, label: String(d.number) });

export const freezeDrawer = (deps: Deps, actor: Actor, { id, freeze }: { id: number; freeze: boolean }) =>
  audited(deps, actor, async (tx, audit) => {
    const r = await setFrozen(tx, actor, { id, freeze });
    await audit({ kind: freeze ? 'drawer.freeze' : 'drawer.unfreeze', target: target(r.drawer), after: { freeze: r.drawer.freeze } });
    return r;
  });

/**
 * On PostgreSQL a lost number race (unique violation) aborts the whole transaction, so the retry
 * addDrawer makes inside it cannot run there: the whole audited change is retried instead.
 */
export const createDrawer = (deps: Deps, actor: Actor) =>
  retryOnConflict(() =>
    audited(deps, actor, async (tx, audit) => {
      const r = await addDrawer(tx, actor);
      await audit({ kind: 'drawer.create', target: target(r.drawer), after: { number: r.drawer.number } });
      return r;
    }),
  );
