import { Status } from '@moneybox/contract';
import type { Db } from '../../db/database.js';
import type { Store } from '../../db/schema.js';
import { refuse } from '../../http/errors.js';
import { storeRepository } from '../../repositories/store.repository.js';

/** A closed store answers 1; a frozen one answers 46 with the operator's message. */
export function assertStoreOpen(store: Store | undefined): asserts store is Store {
  if (!store || store.closed === 1) refuse(Status.KIOSK_CLOSED);
  if (store.frozen === 1) refuse(Status.STORE_FROZEN, { freeze_msg: store.freeze_msg });
}

export async function openStore(db: Db, storeId: number): Promise<Store> {
  const store = await storeRepository.find(db, storeId);
  assertStoreOpen(store);
  return store;
}
