import { Status } from '@moneybox/contract';
import type { Store } from '../../db/schema.js';
import { refuse } from '../../domain/status-refusal.js';
import type { StoreScope } from '../../repositories/store-scope.js';

/** A closed store answers 1; a frozen one answers 46 with the operator's message. */
export function assertStoreOpen(store: Store | undefined): asserts store is Store {
  if (!store || store.closed === 1) refuse(Status.KIOSK_CLOSED);
  if (store.frozen === 1) refuse(Status.STORE_FROZEN, { freeze_msg: store.freeze_msg });
}

export async function openStore(scope: Pick<StoreScope, 'store'>): Promise<Store> {
  const store = await scope.store.find();
  assertStoreOpen(store);
  return store;
}
