import { SERVER_VERSION, SaType, Status } from '@moneybox/contract';
import { actorOfAccount, writeAudit } from '../audit/audit.js';
import { dummySecretHash, verifySecret } from '../../auth/password.js';
import { hashToken, newToken } from '../../auth/token.js';
import { isoAgo, isoNow } from '../../clock.js';
import type { Actor, Visitor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { refuse } from '../../domain/status-refusal.js';
import { accountRepository } from '../../repositories/account.repository.js';
import { loginAttemptRepository } from '../../repositories/login-attempt.repository.js';
import { sessionRepository } from '../../repositories/session.repository.js';
import { RateLimited } from '../../domain/rate-limited.js';
import { assertStoreOpen } from '../store/store-guard.js';
import { checkPasswordCountingTries } from './password-tries.js';
import { checkCredentialsShape } from './credential-status.js';
import { storeScope } from '../../repositories/store-scope.js';

interface LoginInput {
  mode: 'pos' | 'viewer';
  username: string;
  password: string;
}

/** A staff sign-in by a visitor (its address counted by the limits; its kiosk, when given, must be the account's store). */
export async function posLogin(deps: Deps, visitor: Visitor, input: LoginInput) {
  const { db } = deps.handle;
  const s = deps.settings;
  checkCredentialsShape(input.username, input.password);
  // The attempt is recorded (as failed) before it is counted, so a burst of concurrent attempts
  // cannot all slip past the limit: the n-th one counts at least n rows.
  const attempt = await loginAttemptRepository.record(db, visitor.ip, input.username, false, isoNow());
  const since = isoAgo(s.loginWindowMs);
  if ((await loginAttemptRepository.failuresFromIp(db, visitor.ip, since)) > s.loginIpLimit) throw new RateLimited(s.loginWindowMs);
  if ((await loginAttemptRepository.attemptsForUser(db, input.username, since)) > s.loginUserLimit) {
    throw new RateLimited(s.loginWindowMs);
  }

  // A name is its store's own (migration 032): the login URL's kiosk id says which store's.
  const account =
    visitor.kioskId !== undefined ? await accountRepository.findInStore(db, visitor.kioskId, input.username) : await accountRepository.findOnlyOne(db, input.username);
  if (!account) {
    await verifySecret(input.password, await dummySecretHash());
    refuse(Status.LOGIN_INCORRECT);
  }
  const store = await storeScope(db, account.store_id).store.find();
  if (!store) refuse(Status.LOGIN_INCORRECT);
  // The try is counted (and the last one locks) before the password is checked (issue 25): under a
  // burst only the tries the store allows are ever checked; the rest are refused as locked.
  // The right password is no guess, whatever the outcome below (disabled, closed, frozen, viewer).
  await checkPasswordCountingTries(db, account, input.password, store.max_failed_logins, (tries, locked) =>
    writeAudit(db, actorOfAccount(account), {
      storeId: store.id,
      kind: locked ? 'login.locked' : 'login.failed',
      target: { type: 'account', id: account.id, label: account.username },
      after: { failed_logins: tries, locked, ip: visitor.ip },
    }),
  );
  await loginAttemptRepository.markOk(db, attempt);
  if (account.disabled === 1) refuse(Status.LOGIN_INCORRECT);
  assertStoreOpen(store);
  if (input.mode === 'viewer' && account.sa_type !== SaType.BOSS) refuse(Status.VIEWER_NOT_ALLOWED);

  const at = isoNow();
  const token = newToken();
  await db.transaction().execute(async (tx) => {
    await sessionRepository.revokeAllFor(tx, account.id, at);
    await sessionRepository.insert(tx, { store_id: store.id, account_id: account.id, token_hash: hashToken(token), mode: input.mode, at });
    await accountRepository.recordSuccess(tx, account.id, at);
    await writeAudit(tx, actorOfAccount(account), {
      storeId: store.id,
      kind: 'login',
      target: { type: 'account', id: account.id, label: account.username },
      after: { mode: input.mode, ip: visitor.ip },
    }, at);
  });

  // A cashier who closed the browser mid-shift sees the drawer they still hold.
  let moneybox = -1;
  if (input.mode === 'pos') {
    // The account's own store: it is signing in to it.
    const { shifts, drawers } = storeScope(db, store.id);
    const open = await shifts.openForAccount(account.id);
    if (open) {
      const drawer = await drawers.find(open.drawer_id);
      moneybox = drawer?.number ?? -1;
    }
  }
  return {
    uid: account.id,
    token,
    saType: account.sa_type,
    account: account.username,
    kid: store.id,
    storename: store.name,
    moneybox,
    serverVer: SERVER_VERSION,
    env: deps.settings.env,
  };
}

/** Ends the actor's session on the server too (the spec's sign-out only clears the browser's cookies). */
export async function logout(deps: Deps, actor: Actor) {
  await sessionRepository.revoke(deps.handle.db, actor.sessionId, isoNow());
  return {};
}
