import { Status } from '@moneybox/contract';
import type { Db } from '../../db/database.js';
import type { ConsoleActor } from '../../domain/console-actor.js';
import { refuse } from '../../domain/status-refusal.js';
import { consoleStoreRepository, type StoreSet } from '../../repositories/console-store.repository.js';
import { platformAccountRepository } from '../../repositories/platform-account.repository.js';

/**
 * THE console scope rule: an admin reaches every store; a distributor the stores bound to it; a
 * support account its distributor's stores (or every store when it is the operator's own support).
 * Every console read over the scope goes through it; a call naming a store is checked against it
 * by the envelope, from the store fields its registry entry declares (storesNamedInScope).
 */
export async function storesInScope(db: Db, actor: ConsoleActor): Promise<StoreSet> {
  const owner = scopeOwner(actor);
  if (owner === 'all') return 'all';
  return (await platformAccountRepository.storesOf(db, owner)).map((r) => r.store_id);
}

/** Whose stores the actor reaches: every store, or the stores bound to this distributor account. */
export function scopeOwner(actor: ConsoleActor): 'all' | number {
  if (actor.role === 'admin') return 'all';
  const owner = actor.role === 'distributor' ? actor.accountId : actor.parentId;
  return owner ?? 'all';
}

/** The distributor accounts the given stores are bound to now (the owners whose scope has them). */
export async function ownersOf(db: Db, stores: number[]): Promise<Set<number>> {
  return new Set((await platformAccountRepository.distributorsOf(db, stores)).map((r) => r.account_id));
}

/**
 * The stores a console call names (its registry entry's `stores` fields: contract store-scope.ts),
 * each one the actor may reach; 21 otherwise, naming the kiosk ids beyond it (`kids`, so the web says
 * "Store 1007 is not one of yours"). A store outside the scope and a store that does not exist answer
 * alike, so a distributor learns nothing of the stores that are not its own. The envelope runs this
 * before the call's service, which then reads its store with `namedStore`.
 */
export async function storesNamedInScope(db: Db, actor: ConsoleActor, kids: number[]): Promise<void> {
  if (kids.length === 0) return;
  const set = await storesInScope(db, actor);
  const beyond = set === 'all' ? [] : kids.filter((k) => !set.includes(k));
  if (beyond.length > 0) refuseOutOfScope(beyond);
  const found = new Set((await consoleStoreRepository.stores(db, kids)).map((s) => Number(s.id)));
  const unknown = kids.filter((k) => !found.has(k));
  if (unknown.length > 0) refuseOutOfScope(unknown);
}

/** The row of a store the call named, found in the actor's scope by the envelope (storesNamedInScope). */
export async function namedStore(db: Db, kid: number) {
  const [store] = await consoleStoreRepository.stores(db, [kid]);
  if (!store) refuseOutOfScope([kid]);
  return store;
}

/** 21 for kiosk ids the caller named beyond its scope: the reply names them (only ids the caller sent, never another's stores). */
export function refuseOutOfScope(kids: number[]): never {
  refuse(Status.PERMISSION_ERROR, { kids });
}
