import { hashToken } from '../auth/token.js';
import type { DatabaseHandle } from '../db/database.js';
import { sessionSignsIn } from '../domain/session-rule.js';
import { sessionRepository, type SessionWithAccount } from '../repositories/session.repository.js';
import { moveCustomerMoneyFor, type CustomerMoneyMove, type CustomerMoneyResult } from './customer-money.js';
import type { CustomerMoneyKind } from './movements.js';

/** A customer money call of the HTTP fast path: its session's credentials and the call. */
export interface SessionMoneyCall {
  kind: CustomerMoneyKind;
  input: CustomerMoneyMove;
  token: string;
  uid: string | number;
  /** A session last seen before this needs a touch: not fresh (http/authenticate.ts sessionFreshAfter). */
  freshAfter: string;
}

/** What it did: the reply, or nothing when the session was not plainly fresh. */
export interface SessionMoneyDone {
  result?: CustomerMoneyResult;
}

/**
 * The session row as the fast path may accept it without authenticate(): active, the UID's own,
 * in pos mode (the money calls refuse viewers) and fresh (needs no touch, so not idle-expired).
 * Undefined otherwise: the caller then goes through authenticate(), which answers every other case.
 */
export function provenFresh(s: SessionWithAccount | undefined, uid: number | string, freshAfter: string): { storeId: number; accountId: number } | undefined {
  if (!s || !sessionSignsIn(s, uid) || s.mode === 'viewer' || s.last_seen_at < freshAfter) return undefined;
  return { storeId: s.store_id, accountId: s.account_id };
}

/**
 * The call with its session read in the counter read's own statement (on SQLite inside the group
 * commit) instead of a transaction of its own first. Run on the main thread, or on SQLite by the
 * money worker (money-worker.ts), which hands the same call here.
 */
export async function moveCustomerMoneyWithSession(handle: DatabaseHandle, call: SessionMoneyCall): Promise<SessionMoneyDone> {
  const lookup = sessionRepository.caller(hashToken(call.token), (s) => provenFresh(s, call.uid, call.freshAfter) !== undefined);
  const result = await moveCustomerMoneyFor(handle, lookup, call.kind, call.input);
  return result === undefined ? {} : { result };
}
