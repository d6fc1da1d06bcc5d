import { Status } from '@moneybox/contract';
import { hashToken } from '../auth/token.js';
import { isoAgo, isoNow } from '../clock.js';
import type { ConsoleActor } from '../domain/console-actor.js';
import { refuse } from '../domain/status-refusal.js';
import { platformAccountRepository } from '../repositories/platform-account.repository.js';
import { roleOfAccount } from '../services/console/console-role.js';
import type { Deps } from './call.js';
import { tokenShapeOk, uidShapeOk } from './authenticate.js';

const TOUCH_EVERY_MS = 60_000;

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
  const now = Date.now();
  if (s.last_seen_at < isoAgo(deps.settings.consoleIdleMs, now)) {
    await platformAccountRepository.revokeSession(db, s.id, isoNow());
    refuse(Status.SESSION_REPLACED);
  }
  if (s.last_seen_at < isoAgo(Math.min(TOUCH_EVERY_MS, deps.settings.consoleIdleMs / 4), now)) await platformAccountRepository.touchSession(db, s.id, isoNow());
  return { sessionId: s.id, accountId: s.account_id, username: s.username, role: roleOfAccount(s.role), parentId: s.parent_id };
}
