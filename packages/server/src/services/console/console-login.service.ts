import { Status } from '@moneybox/contract';
import { writeAudit, type AuditActor } from '../audit/audit.js';
import { dummySecretHash, verifySecret } from '../../auth/password.js';
import { hashToken, newToken } from '../../auth/token.js';
import { acceptTotp, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpUri } from '../../auth/totp.js';
import { isoAgo, isoNow } from '../../clock.js';
import type { ConsoleActor } from '../../domain/console-actor.js';
import type { Visitor } from '../../domain/actor.js';
import { RateLimited } from '../../domain/rate-limited.js';
import { refuse } from '../../domain/status-refusal.js';
import { loginAttemptRepository } from '../../repositories/login-attempt.repository.js';
import { platformAccountRepository as accounts } from '../../repositories/platform-account.repository.js';
import type { Deps } from '../deps.js';
import { checkCountingTries as checkSecretCountingTries, type GiveBack } from '../user/password-tries.js';
import { consoleCallsOf } from '../../domain/permissions.js';
import { roleOfAccount } from './console-role.js';

/** Failed tries (wrong password or wrong code) before a platform account locks; an admin unlocks it. */
export const CONSOLE_MAX_TRIES = 5;
/** How long the ticket between the password and the second factor lives. */
const TICKET_MS = 5 * 60_000;

type Account = NonNullable<Awaited<ReturnType<typeof accounts.find>>>;

function auditActor(a: Pick<Account, 'id' | 'username' | 'role'>): AuditActor {
  return { accountId: a.id, name: a.username, role: roleOfAccount(a.role) };
}

function auditSignIn(deps: Deps, a: Account, kind: 'console.login' | 'console.login_failed' | 'console.login_locked' | 'console.enrol', after: Record<string, unknown>) {
  return writeAudit(deps.handle.db, auditActor(a), { storeId: null, kind, target: { type: 'platform', id: a.id, label: a.username }, after });
}

/**
 * Checks a secret of the account (its password, or a code) as every sign-in does
 * (services/user/password-tries.ts): the try reserved in the database before the check, so a burst
 * on any number of servers checks at most CONSOLE_MAX_TRIES wrong ones; each wrong one audited, and
 * the one that locks ends the account's sessions (a locked account has no live session).
 */
function checkCountingTries(deps: Deps, a: Account, what: 'password' | 'code', ip: string, giveBack: GiveBack, check: () => Promise<boolean>) {
  return checkSecretCountingTries(deps.handle.db, { table: 'platform_account', id: a.id }, check, CONSOLE_MAX_TRIES, {
    giveBack,
    onWrong: async (tries, locked) => {
      await auditSignIn(deps, a, locked ? 'console.login_locked' : 'console.login_failed', { wrong: what, failed_logins: tries, ip });
      if (locked) await accounts.revokeSessionsOf(deps.handle.db, a.id, isoNow());
    },
  });
}

/**
 * The first step of a console sign-in: username and password. Right: a ticket for the second step
 * (the TOTP code, or its enrolment with the secret for the QR code). The staff's address and username
 * rate limits apply (as `console:<username>`); a password takes a try like a code, a right one gives
 * back only its own, and only a whole sign-in gives the tries back, so knowing the password does not
 * buy unlimited code guesses.
 */
export async function consoleLogin(deps: Deps, visitor: Visitor, input: { username: string; password: string }) {
  const { db } = deps.handle;
  const s = deps.settings;
  const attemptName = `console:${input.username}`;
  await loginAttemptRepository.record(db, visitor.ip, attemptName, false, isoNow());
  const since = isoAgo(s.loginWindowMs);
  if ((await loginAttemptRepository.failuresFromIp(db, visitor.ip, since)) > s.loginIpLimit) throw new RateLimited(s.loginWindowMs);
  if ((await loginAttemptRepository.attemptsForUser(db, attemptName, since)) > s.loginUserLimit) throw new RateLimited(s.loginWindowMs);

  const account = await accounts.findByUsername(db, input.username);
  if (!account) {
    await verifySecret(input.password, await dummySecretHash());
    refuse(Status.LOGIN_INCORRECT);
  }
  await checkCountingTries(deps, account, 'password', visitor.ip, 'one', () => verifySecret(input.password, account.password_hash));
  if (account.disabled === 1) refuse(Status.LOGIN_INCORRECT);

  const at = isoNow();
  const ticket = newToken();
  if (account.totp_secret) {
    await accounts.insertSession(db, { account_id: account.id, token_hash: hashToken(ticket), stage: 'second_factor', at });
    return { next: 'second_factor' as const, ticket };
  }
  // Not enrolled yet (new, or reset by an admin): a fresh secret each time until a code confirms one.
  const secret = newTotpSecret();
  await accounts.setPendingSecret(db, account.id, secret);
  await accounts.insertSession(db, { account_id: account.id, token_hash: hashToken(ticket), stage: 'enrol', at });
  return { next: 'enrol' as const, ticket, secret, uri: totpUri(secret, account.username) };
}

/** The ticket of a first step at `stage`, used once, within its lifetime; else 5 (sign in again). */
async function ticketAccount(deps: Deps, ticket: string, stage: 'second_factor' | 'enrol') {
  const { db } = deps.handle;
  const session = await accounts.findSession(db, hashToken(ticket));
  if (!session || session.stage !== stage || session.disabled === 1) refuse(Status.SESSION_REPLACED);
  // The lock ended the ticket; its holder is told why.
  if (session.locked === 1) refuse(Status.ACCOUNT_LOCKED);
  if (session.revoked_at !== null || session.last_seen_at < isoAgo(TICKET_MS)) refuse(Status.SESSION_REPLACED);
  const account = await accounts.find(db, session.account_id);
  if (!account) refuse(Status.SESSION_REPLACED);
  return { session, account };
}

/** The full session a right second factor opens: the account's only one. */
async function openSession(deps: Deps, account: Account, ticketId: number) {
  const at = isoNow();
  const token = newToken();
  const uid = await deps.handle.db.transaction().execute(async (tx) => {
    if (!(await accounts.revokeSession(tx, ticketId, at))) refuse(Status.SESSION_REPLACED);
    await accounts.revokeSessionsOf(tx, account.id, at);
    await accounts.insertSession(tx, { account_id: account.id, token_hash: hashToken(token), stage: 'full', at });
    await accounts.recordSuccess(tx, account.id, at);
    return account.id;
  });
  return { uid, token, username: account.username, role: roleOfAccount(account.role) };
}

/** Whether `code` is the account's next TOTP code (a step later than the last accepted) or one of its unused recovery codes; uses it. */
async function takeCode(deps: Deps, account: Account, code: string): Promise<'totp' | 'recovery' | undefined> {
  const { db } = deps.handle;
  if (/^\d{6}$/.test(code)) {
    const step = account.totp_secret ? await acceptTotp(account.totp_secret, code, account.totp_last_step) : undefined;
    // Two requests with one code: the step is taken once.
    return step !== undefined && (await accounts.takeStep(db, account.id, step)) ? 'totp' : undefined;
  }
  return (await accounts.useRecoveryCode(db, account.id, recoveryCodeHash(code), isoNow())) ? 'recovery' : undefined;
}

/** The second step: a TOTP code (or a recovery code). Right: the console session; wrong or replayed: a failed try. */
export async function consoleSecondFactor(deps: Deps, visitor: Visitor, input: { ticket: string; code: string }) {
  const { session, account } = await ticketAccount(deps, input.ticket, 'second_factor');
  let used: 'totp' | 'recovery' | undefined;
  await checkCountingTries(deps, account, 'code', visitor.ip, 'all', async () => (used = await takeCode(deps, account, input.code)) !== undefined);
  const opened = await openSession(deps, account, session.id);
  await auditSignIn(deps, account, 'console.login', { ip: visitor.ip, factor: used });
  return opened;
}

/** Enrolment: the first code from the authenticator confirms the secret; the recovery codes are shown once. */
export async function consoleEnrol(deps: Deps, visitor: Visitor, input: { ticket: string; code: string }) {
  const { db } = deps.handle;
  const { session, account } = await ticketAccount(deps, input.ticket, 'enrol');
  const secret = account.totp_pending;
  let step: number | undefined;
  await checkCountingTries(deps, account, 'code', visitor.ip, 'all', async () => (step = secret ? await acceptTotp(secret, input.code, 0) : undefined) !== undefined);
  if (!(await accounts.confirmSecret(db, account.id, secret!, step!))) refuse(Status.SESSION_REPLACED);
  const codes = newRecoveryCodes();
  await accounts.replaceRecoveryCodes(db, account.id, codes.map(recoveryCodeHash));
  const opened = await openSession(deps, account, session.id);
  await auditSignIn(deps, account, 'console.enrol', { ip: visitor.ip });
  return { ...opened, recovery_codes: codes };
}

export async function consoleLogout(deps: Deps, actor: ConsoleActor) {
  await accounts.revokeSession(deps.handle.db, actor.sessionId, isoNow());
  return {};
}

export async function consoleMe(_deps: Deps, actor: ConsoleActor) {
  return { username: actor.username, role: actor.role, calls: consoleCallsOf(actor.role) };
}
