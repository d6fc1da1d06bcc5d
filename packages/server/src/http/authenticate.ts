import { Status } from '@moneybox/contract';
import { hashToken } from '../auth/token.js';
import { isoNow, isoAgo } from '../clock.js';
import { sessionRepository } from '../repositories/session.repository.js';
import type { Caller, Deps } from './call.js';
import { refuse } from './errors.js';

/**
 * Sessions touch last_seen at most this often, so a busy counter does not write on every read;
 * never less often than a quarter of the idle time, or a busy session would expire.
 */
const TOUCH_EVERY_MS = 60_000;

/**
 * Resolves UID + TOKEN to the caller. A missing, unknown, revoked or idle-expired token,
 * or one that does not belong to UID, answers 5: the client then returns to login.
 */
export async function authenticate(deps: Deps, uid: unknown, token: unknown): Promise<Caller> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) refuse(Status.SESSION_REPLACED);
  const db = deps.handle.db;
  const s = await sessionRepository.findByTokenHash(db, hashToken(token as string));
  if (!s || s.revoked_at !== null || s.disabled === 1 || s.removed === 1) refuse(Status.SESSION_REPLACED);
  const session = s!;
  if (String(session.account_id) !== String(uid)) refuse(Status.SESSION_REPLACED);
  const now = Date.now();
  if (session.last_seen_at < isoAgo(deps.settings.sessionIdleMs, now)) {
    await sessionRepository.revoke(db, session.id, isoNow());
    refuse(Status.SESSION_REPLACED);
  }
  if (session.last_seen_at < isoAgo(Math.min(TOUCH_EVERY_MS, deps.settings.sessionIdleMs / 4), now)) await sessionRepository.touch(db, session.id, isoNow());
  return {
    sessionId: session.id,
    accountId: session.account_id,
    storeId: session.store_id,
    username: session.username,
    role: session.sa_type === 1 ? 'boss' : 'cashier',
    mode: session.mode === 'viewer' ? 'viewer' : 'pos',
  };
}
