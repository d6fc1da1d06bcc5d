import { countDetailCents, Status, writeCountNote, type Cents } from '@moneybox/contract';
import { assertStoreDenominations } from '../store/denominations.js';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { refuse } from '../../domain/status-refusal.js';
import { setInitialAmount } from '../../money/drawer-money.js';
import { storeScope } from '../../repositories/store-scope.js';

/**
 * The money core's initial amount (money/drawer-money.ts). Counted by denomination: the count must
 * sum to the amount (35) in the store's denominations (13), and it is kept as the ledger row's note.
 */
export async function initDrawer(deps: Deps, actor: Actor, input: { amount: Cents; key: string; count_detail?: Record<string, number> | undefined }) {
  let note: string | undefined;
  if (input.count_detail) {
    if (countDetailCents(input.count_detail) !== input.amount) refuse(Status.AMOUNT_ERROR);
    assertStoreDenominations((await storeScope(deps.handle.db, actor.storeId).store.find())!, input.count_detail);
    note = writeCountNote(input.count_detail);
  }
  return setInitialAmount(deps, actor, { amount: input.amount, key: input.key, ...(note ? { note } : {}) });
}
