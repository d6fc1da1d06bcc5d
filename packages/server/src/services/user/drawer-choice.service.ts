import { SERVER_VERSION, Status } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { refuse } from '../../domain/status-refusal.js';
import { openStore } from '../store/store-guard.js';
import { isUniqueViolation } from '../../db/errors.js';
import { storeScope } from '../../repositories/store-scope.js';
import { actorOf } from '../audit/audit.js';
import { runChange } from '../change.js';

const MAX_DRAWER_NUMBER = 2_147_483_647;

/**
 * Hands a drawer to the caller and opens a shift on it. Two cashiers racing for one drawer:
 * the partial unique index on open shifts lets exactly one insert win; the other gets 4.
 */
export async function chooseDrawer(deps: Deps, actor: Actor, moneybox: number) {
  const { db } = deps.handle;
  const caller = actor;
  if (caller.mode === 'viewer') refuse(Status.PERMISSION_ERROR);
  const scope = storeScope(db, caller.storeId);
  const store = await openStore(scope);
  const { drawers, shifts } = scope;
  // drawer.number is a 32-bit INTEGER: PostgreSQL fails the query (14) on a larger parameter.
  if (moneybox < 1 || moneybox > MAX_DRAWER_NUMBER) refuse(Status.DRAWER_NOT_AVAILABLE);
  const drawer = await drawers.findByNumber(moneybox);
  if (!drawer) refuse(Status.DRAWER_NOT_AVAILABLE);
  if (drawer.frozen === 1) refuse(Status.DRAWER_FROZEN);

  // A double-submit of this account's own choice may have opened the shift a moment ago:
  // that is a resume, not a conflict.
  let shift = (await shifts.openForAccount(caller.accountId)) ?? (await shifts.openForDrawer(drawer.id));
  if (!shift) {
    try {
      // A shift opened: the console's live stores screen counts it, once the change has committed.
      await runChange(deps, actorOf(caller), async (tx, change) => {
        await storeScope(tx.handle.db, caller.storeId).shifts.insert({ drawer_id: drawer.id, account_id: caller.accountId, at: isoNow() });
        change.moved(store.id);
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Lost a race: to someone else, to this account on another drawer, or to its own double-submit.
    }
    shift = await shifts.openForAccount(caller.accountId);
    if (!shift) refuse(Status.DRAWER_OCCUPIED);
  }
  if (shift.account_id !== caller.accountId) refuse(Status.DRAWER_OCCUPIED);
  if (shift.drawer_id !== drawer.id) refuse(Status.OTHER_DRAWER);
  await drawers.touchLogin(drawer.id, isoNow());
  return {
    kid: store.id,
    account: caller.username,
    moneybox: drawer.number,
    storename: store.name,
    serverVer: SERVER_VERSION,
    env: deps.settings.env,
    initAmount: shift.init_set === 1,
    shift_id: shift.id,
  };
}
