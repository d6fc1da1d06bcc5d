import type { CustomerMoneyInput } from '@moneybox/contract';
import { sessionFreshAfter, tokenShapeOk, uidShapeOk } from '../../authenticate.js';
import type { CallContext } from '../../call.js';
import { moveCustomerMoneyFast } from '../../../money/money-worker.js';
import type { MoneyKind } from '../../../services/customer/movement.service.js';

/**
 * The envelope's fast path (call.ts withSession) for the money calls: the session is read in the
 * money call's own read statement (on SQLite inside the group commit, which the batch's calls
 * share; on a SQLite file in the money worker, money/money-worker.ts) instead of authenticate() running a
 * transaction of its own first. Undefined whenever the
 * session is not plainly valid and fresh (money/fresh-session.ts provenFresh): the envelope then
 * authenticates as usual (5, 21, touch, revoke) and calls moveMoney (movement.service.ts).
 */
export async function moveMoneyWithSession(kind: MoneyKind, input: CustomerMoneyInput & { id_number?: string | undefined }, credentials: { uid: unknown; token: unknown }, ctx: CallContext) {
  // A redeem with the customer's ID is a checked payout: its audit row needs the actor (the ordinary way).
  if (input.id_number !== undefined) return undefined;
  const { token, uid } = credentials;
  if (!tokenShapeOk(token) || !uidShapeOk(uid)) return undefined;
  // Committed, the money core's event tells the customer's open screens (app.ts onMovementCommitted).
  const { result } = await moveCustomerMoneyFast(ctx.deps.handle, {
    kind,
    input: { id: input.id, amount: input.amount ?? 0, key: input.key },
    token,
    uid,
    freshAfter: sessionFreshAfter(ctx.deps.settings),
  });
  return result;
}
