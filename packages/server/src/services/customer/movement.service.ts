import type { CustomerMoneyInput } from '@moneybox/contract';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { moveCustomerMoney } from '../../money/customer-money.js';
import type { CustomerMoneyKind } from '../../money/movements.js';

export type MoneyKind = CustomerMoneyKind;
export { revertableCents } from '../../money/customer-money.js';
export { PURCHASE_LIMIT_MESSAGE } from '../../money/refusal-status.js';

/**
 * The customer money calls of the money core (money/customer-money.ts), by movement kind. Once
 * committed, the customer's open screens refetch (live/); a refusal throws and notes nothing.
 */
export async function moveMoney(deps: Deps, actor: Actor, input: CustomerMoneyInput & { kind: MoneyKind }) {
  const r = await moveCustomerMoney(deps, actor, input.kind, { id: input.id, amount: input.amount ?? 0, key: input.key });
  deps.live?.note(actor.storeId, { customers: [input.id] });
  return r;
}
