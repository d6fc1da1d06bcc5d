import type { ConsoleActor } from '../../domain/console-actor.js';
import { platformRepository } from '../../repositories/platform.repository.js';
import type { Deps } from '../deps.js';
import { consoleAudited, refuseInput } from './console-audit.js';
import { namedStore } from './scope.js';

/**
 * A store's theme (spec section 1): the layout of each host its app is served at, in the domain map
 * (`/API/config/domain.json`), the host bound to the store. A host bound to another store is refused
 * (13, without naming it); a host of the platform's own (mapped by the CLI, bound to no store) only the
 * admin may bind. Audited with the host's layout before and after.
 */
export async function consoleSetStoreHost(deps: Deps, actor: ConsoleActor, input: { kid: number; host: string; layout: number }) {
  return consoleAudited(deps, actor, async (tx, audit) => {
    const db = tx.handle.db;
    const store = await namedStore(db, input.kid);
    const was = await platformRepository.host(db, input.host);
    const taken = was && was.store_id !== input.kid && (was.store_id !== null || actor.role !== 'admin');
    if (taken) refuseInput('host_taken', 'host already in use');
    await platformRepository.setStoreHost(db, input.host, input.kid, input.layout);
    await audit({
      storeId: input.kid,
      kind: 'console.store_host_set',
      target: { type: 'store', id: input.kid, label: store.name },
      before: was ? { host: was.host, layout: was.layout, store: was.store_id } : null,
      after: { host: input.host, layout: input.layout, store: input.kid },
    });
    return {};
  });
}

/** Takes a host off the store (the host then shows layout 0, the spec's default); 13 when it is not the store's. */
export async function consoleRemoveStoreHost(deps: Deps, actor: ConsoleActor, input: { kid: number; host: string }) {
  return consoleAudited(deps, actor, async (tx, audit) => {
    const db = tx.handle.db;
    const store = await namedStore(db, input.kid);
    const was = await platformRepository.host(db, input.host);
    if (!was || !(await platformRepository.removeStoreHost(db, input.host, input.kid))) refuseInput('not_store_host', 'not a host of this store');
    await audit({ storeId: input.kid, kind: 'console.store_host_remove', target: { type: 'store', id: input.kid, label: store.name }, before: { host: was.host, layout: was.layout }, after: null });
    return {};
  });
}
