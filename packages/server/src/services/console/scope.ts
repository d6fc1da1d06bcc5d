import { Status } from '@moneybox/contract';
import type { Db } from '../../db/database.js';
import type { ConsoleActor } from '../../domain/console-actor.js';
import { refuse } from '../../domain/status-refusal.js';
import { consoleStoreRepository, type StoreSet } from '../../repositories/console-store.repository.js';
import { platformAccountRepository } from '../../repositories/platform-account.repository.js';

/**
 * THE console scope rule: an admin reaches every store; a distributor the stores bound to it; a
 * support account its distributor's stores (or every store when it is the operator's own support).
 * Every console read and change of a store goes through it.
 */
export async function storesInScope(db: Db, actor: ConsoleActor): Promise<StoreSet> {
  if (actor.role === 'admin') return 'all';
  const owner = actor.role === 'distributor' ? actor.accountId : actor.parentId;
  if (owner === null) return 'all';
  return (await platformAccountRepository.storesOf(db, owner)).map((r) => r.store_id);
}

/**
 * A store the actor may reach, by kiosk id; 21 otherwise. A store outside the scope and a store that
 * does not exist answer alike, so a distributor learns nothing of the stores that are not its own.
 */
export async function storeInScope(db: Db, actor: ConsoleActor, kid: number) {
  const set = await storesInScope(db, actor);
  if (set !== 'all' && !set.includes(kid)) refuse(Status.PERMISSION_ERROR);
  const [store] = await consoleStoreRepository.stores(db, [kid]);
  if (!store) refuse(Status.PERMISSION_ERROR);
  return store;
}
