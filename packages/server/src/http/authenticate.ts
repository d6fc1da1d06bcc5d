import { Status } from '@moneybox/contract';
import { hashToken } from '../auth/token.js';
import { isoNow, isoAgo } from '../clock.js';
import { sessionRepository } from '../repositories/session.repository.js';
import type { Caller, Deps } from './call.js';
import { refuse } from '../domain/status-refusal.js';
import { roleOf } from '../domain/expected-balance.js';

/**
 * Sessions touch last_seen at most this often, so a busy counter does not write on every read;
 * never less often than a quarter of the idle time, or a busy session would expire.
 */
const TOUCH_EVERY_MS = 60_000;

/**
 * A session last seen at or after this instant is active and needs no touch: the case a call may
 * check inside its own statement (the PostgreSQL money function) instead of calling authenticate().
 */
export function sessionFreshAfter(settings: Deps['settings'], now = Date.now()): string {
  return isoAgo(Math.min(TOUCH_EVERY_MS, settings.sessionIdleMs / 4), now);
}

/** A token as authenticate() accepts it before looking it up. */
export function tokenShapeOk(token: unknown): token is string {
  return typeof token === 'string' && token.length > 0 && token.length <= 200;
}

/**
 * A UID as authenticate() compares it: a plain string or number. Anything else (an object whose
 * toString is not a function, an array that prints as the right id) is nobody's, before String() sees it.
 */
export function uidShapeOk(uid: unknown): uid is string | number {
  return typeof uid === 'string' || (typeof uid === 'number' && Number.isFinite(uid));
}

/**
 * Resolves UID + TOKEN to the caller. A missing, unknown, revoked or idle-expired token,
 * or one that does not belong to UID, answers 5: the client then returns to login.
 */
export async function authenticate(deps: Deps, uid: unknown, token: unknown): Promise<Caller> {
  if (!tokenShapeOk(token) || !uidShapeOk(uid)) refuse(Status.SESSION_REPLACED);
  const db = deps.handle.db;
  const session = await sessionRepository.findByTokenHash(db, hashToken(token));
  if (!session || session.revoked_at !== null || session.disabled === 1 || session.removed === 1) refuse(Status.SESSION_REPLACED);
  if (String(session.account_id) !== String(uid)) refuse(Status.SESSION_REPLACED);
  const now = Date.now();
  if (session.last_seen_at < isoAgo(deps.settings.sessionIdleMs, now)) {
    await sessionRepository.revoke(db, session.id, isoNow());
    refuse(Status.SESSION_REPLACED);
  }
  if (session.last_seen_at < sessionFreshAfter(deps.settings, now)) await sessionRepository.touch(db, session.id, isoNow());
  return {
    sessionId: session.id,
    accountId: session.account_id,
    storeId: session.store_id,
    username: session.username,
    role: roleOf(session.sa_type),
    mode: session.mode === 'viewer' ? 'viewer' : 'pos',
  };
}
