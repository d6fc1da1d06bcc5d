import { Status } from '@moneybox/contract';
import { hashToken } from '../auth/token.js';
import { isoNow, isoAgo } from '../clock.js';
import { sessionRepository } from '../repositories/session.repository.js';
import { platformAccountRepository } from '../repositories/platform-account.repository.js';
import type { Caller, Deps } from './call.js';
import type { ConsoleActor } from '../domain/console-actor.js';
import { refuse } from '../domain/status-refusal.js';
import { roleOf } from '../domain/expected-balance.js';
import { sessionSignsIn } from '../domain/session-rule.js';
import { roleOfAccount } from '../services/console/console-role.js';

/**
 * Sessions, the store's and the console's alike, touch last_seen at most this often, so a busy
 * counter does not write on every read; never less often than a quarter of the idle time, or a busy
 * session would expire.
 */
const TOUCH_EVERY_MS = 60_000;

/** A session of either kind last seen at or after this instant is active and needs no touch. */
function freshAfter(idleMs: number, now: number): string {
  return isoAgo(Math.min(TOUCH_EVERY_MS, idleMs / 4), now);
}

/**
 * A store session last seen at or after this instant is active and needs no touch: the case a call may
 * check inside its own statement (the PostgreSQL money function) instead of calling authenticate().
 */
export function sessionFreshAfter(settings: Deps['settings'], now = Date.now()): string {
  return freshAfter(settings.sessionIdleMs, now);
}

/**
 * The one idle rule of every session: idle past `idleMs` it is revoked and the call answers 5; not
 * fresh, it is touched. `revoke` and `touch` are the session table's.
 */
async function keepAlive(lastSeenAt: string, idleMs: number, session: { revoke(at: string): Promise<unknown>; touch(at: string): Promise<unknown> }): Promise<void> {
  const now = Date.now();
  if (lastSeenAt < isoAgo(idleMs, now)) {
    await session.revoke(isoNow());
    refuse(Status.SESSION_REPLACED);
  }
  if (lastSeenAt < freshAfter(idleMs, now)) await session.touch(isoNow());
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
  if (!sessionSignsIn(session, uid)) refuse(Status.SESSION_REPLACED);
  await keepAlive(session.last_seen_at, deps.settings.sessionIdleMs, {
    revoke: (at) => sessionRepository.revoke(db, session.id, at),
    touch: (at) => sessionRepository.touch(db, session.id, at),
  });
  return {
    sessionId: session.id,
    accountId: session.account_id,
    storeId: session.store_id,
    username: session.username,
    role: roleOf(session.sa_type),
    mode: session.mode === 'viewer' ? 'viewer' : 'pos',
  };
}

/**
 * Resolves a console call's UID + TOKEN to its platform account. Only a full console session (password
 * and second factor both passed) counts: a store session's token is not in this table, a ticket
 * between the two steps is not full. Missing, unknown, revoked, disabled, locked (locking ends the
 * account's sessions; this refuses one even while the lock's last try is being checked) or idle past
 * CONSOLE_IDLE_MINUTES: 5, and the console returns to its sign-in.
 */
export async function authenticateConsole(deps: Deps, uid: unknown, token: unknown): Promise<ConsoleActor> {
  if (!tokenShapeOk(token) || !uidShapeOk(uid)) refuse(Status.SESSION_REPLACED);
  const db = deps.handle.db;
  const s = await platformAccountRepository.findSession(db, hashToken(token));
  if (!s || s.stage !== 'full' || s.revoked_at !== null || s.disabled === 1 || s.locked === 1 || String(s.account_id) !== String(uid)) refuse(Status.SESSION_REPLACED);
  await keepAlive(s.last_seen_at, deps.settings.consoleIdleMs, {
    revoke: (at) => platformAccountRepository.revokeSession(db, s.id, at),
    touch: (at) => platformAccountRepository.touchSession(db, s.id, at),
  });
  return { sessionId: s.id, accountId: s.account_id, username: s.username, role: roleOfAccount(s.role), parentId: s.parent_id };
}
