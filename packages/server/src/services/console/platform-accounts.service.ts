import { Status, credentialProblem, type ConsoleRole } from '@moneybox/contract';
import { hashSecret } from '../../auth/password.js';
import { isoNow } from '../../clock.js';
import { type Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { ConsoleActor } from '../../domain/console-actor.js';
import { refuse } from '../../domain/status-refusal.js';
import { platformAccountRepository as accounts } from '../../repositories/platform-account.repository.js';
import { consoleStoreRepository } from '../../repositories/console-store.repository.js';
import type { DbDeps, Deps } from '../deps.js';
import type { AuditActor } from '../audit/audit.js';
import { operatorStep, type PlatformActor } from '../operator/step-audit.js';
import { CREDENTIAL_STATUS } from '../user/credential-status.js';
import { roleOfAccount } from './console-role.js';
import { consoleAudited, refuseInput } from './console-audit.js';

export interface NewPlatformAccount {
  username: string;
  password: string;
  role: ConsoleRole;
  /** A support account's distributor, or a sub-distributor's parent distributor. */
  parentId?: number | undefined;
  /** A distributor's stores (each store has at most one distributor). */
  stores?: readonly number[] | undefined;
}

/**
 * Creates a platform account: the CLI's `create-operator` (the first admin) and the console's
 * account form. The spec's username and password rules apply (43, 44, 40); 22 for a taken name.
 * Its audit row (operator.command or console.account_create) is written in its transaction.
 */
export async function createPlatformAccount(deps: DbDeps, actor: PlatformActor, a: NewPlatformAccount): Promise<number> {
  const { db } = deps.handle;
  const problem = credentialProblem(a.username, a.password);
  if (problem) refuse(CREDENTIAL_STATUS[problem]);
  if (a.parentId !== undefined) {
    const parent = await accounts.find(db, a.parentId);
    // A support account's distributor, or a sub-distributor's parent distributor (credit flows down to it).
    if (a.role === 'admin' || !parent || parent.role !== 'distributor' || parent.removed === 1) refuseInput('account_parent', 'only a support account or a sub-distributor has a parent, and it is a distributor');
  }
  if (a.stores?.length && a.role !== 'distributor') refuseInput('stores_distributor_only', 'only a distributor is bound to stores');
  const hash = await hashSecret(a.password);
  try {
    return await operatorStep(deps, actor, async ({ handle: { db: tx } }, step) => {
      const id = await accounts.insert(tx, { username: a.username, password_hash: hash, role: a.role, parent_id: a.parentId ?? null, created_at: isoNow() });
      if (a.stores?.length) {
        const known = new Set((await consoleStoreRepository.stores(tx, a.stores)).map((s) => s.id));
        for (const kid of new Set(a.stores)) {
          if (!known.has(kid)) refuseInput('no_store', `no kiosk ${kid}`);
          await accounts.bindStore(tx, id, kid);
        }
      }
      await step.audit({
        storeId: null,
        target: { type: 'platform', id, label: a.username },
        command: 'create-operator',
        given: { username: a.username, role: a.role },
        console: { kind: 'console.account_create', after: { role: a.role, parent_id: a.parentId ?? null, stores: a.stores ?? [] } },
      });
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) refuse(Status.ACCOUNT_NAME_REPEATED);
    throw err;
  }
}

export async function listPlatformAccounts(deps: Deps, _actor: ConsoleActor) {
  const { db } = deps.handle;
  const [rows, bindings] = await Promise.all([accounts.list(db), accounts.bindings(db)]);
  const names = new Map(rows.map((r) => [r.id, r.username]));
  const stores = new Map<number, number[]>();
  for (const b of bindings) stores.set(b.account_id, [...(stores.get(b.account_id) ?? []), b.store_id]);
  return {
    list: rows.filter((r) => r.removed !== 1).map((r) => ({
      id: r.id,
      username: r.username,
      role: roleOfAccount(r.role),
      parent: r.parent_id === null ? null : (names.get(r.parent_id) ?? null),
      stores: (stores.get(r.id) ?? []).sort((x, y) => x - y),
      locked: r.locked === 1,
      disabled: r.disabled === 1,
      enrolled: r.totp_secret !== null,
      createTime: r.created_at,
      lastLogin: r.last_login_at,
    })),
  };
}

export async function createAccountFromConsole(
  deps: Deps,
  actor: ConsoleActor,
  input: { username: string; password: string; role: ConsoleRole; parent_id?: number | undefined; stores?: number[] | undefined },
) {
  const id = await createPlatformAccount(deps, actor, { username: input.username, password: input.password, role: input.role, parentId: input.parent_id, stores: input.stores });
  return { id };
}

/** A platform account by id that is not removed; 8 (user info not found) otherwise. */
async function platformAccountOrRefuse(db: Db, id: number) {
  const a = await accounts.find(db, id);
  if (!a || a.removed === 1) refuse(Status.USER_NOT_FOUND);
  return a;
}

type Account = Awaited<ReturnType<typeof platformAccountOrRefuse>>;

/**
 * The guards of taking an account out of use (disable, remove): never one's own (account_self), never
 * the last admin who can sign in (last_admin), checked under the accounts' lock so two admins
 * disabling each other at once cannot both pass.
 */
async function mayTakeOut(tx: Deps, actor: ConsoleActor, a: Account) {
  const { db, dialect } = tx.handle;
  if (a.id === actor.accountId) refuseInput('account_self', 'you cannot do that to your own account');
  await accounts.holdAccounts(db, dialect);
  if (a.role === 'admin' && a.disabled === 0 && (await accounts.activeAdmins(db)) <= 1) refuseInput('last_admin', 'the last admin cannot be disabled or removed');
}

/**
 * Disables a platform account (its console sessions end at once: the next call with its token is 5,
 * and it cannot sign in) or enables it again; audited. Disabling twice, or enabling an enabled one,
 * changes nothing and writes no row.
 */
export async function disablePlatformAccount(deps: Deps, actor: ConsoleActor, input: { id: number; disable: boolean }) {
  return consoleAudited(deps, actor, async (tx, audit, change) => {
    const db = tx.handle.db;
    const a = await platformAccountOrRefuse(db, input.id);
    if (input.disable === (a.disabled === 1)) return {};
    if (input.disable) await mayTakeOut(tx, actor, a);
    await accounts.setDisabled(db, a.id, input.disable);
    if (input.disable) {
      await accounts.revokeSessionsOf(db, a.id, isoNow());
      change.tell(sessionsEnded(a.id));
    }
    await audit({ storeId: null, kind: input.disable ? 'console.account_disable' : 'console.account_enable', target: { type: 'platform', id: a.id, label: a.username }, before: { disabled: a.disabled === 1 }, after: { disabled: input.disable } });
    return {};
  });
}

/**
 * Told once the change commits: every server closes the account's console live sockets whose session
 * ended (http/console-live.ts), so an open console page signs out at once.
 */
function sessionsEnded(account: number) {
  return { kind: 'consoleSessions' as const, account };
}

/**
 * Takes a platform account off the console: removed and disabled, its sessions ended, listed nowhere;
 * the row stays for the trail and its name stays taken. A distributor that still has stores, credit or
 * accounts under it is refused (account_in_use): move or take those back first.
 */
export async function removePlatformAccount(deps: Deps, actor: ConsoleActor, input: { id: number }) {
  return consoleAudited(deps, actor, async (tx, audit, change) => {
    const db = tx.handle.db;
    const a = await platformAccountOrRefuse(db, input.id);
    await mayTakeOut(tx, actor, a);
    const stores = (await accounts.storesOf(db, a.id)).length;
    if (stores > 0 || Number(a.credit_cents) !== 0 || (await accounts.childrenOf(db, a.id)) > 0) refuseInput('account_in_use', 'the account still has stores, credit or accounts under it');
    await accounts.remove(db, a.id);
    await accounts.revokeSessionsOf(db, a.id, isoNow());
    change.tell(sessionsEnded(a.id));
    await audit({ storeId: null, kind: 'console.account_remove', target: { type: 'platform', id: a.id, label: a.username }, before: { username: a.username, role: roleOfAccount(a.role), disabled: a.disabled === 1 } });
    return {};
  });
}

/**
 * A platform account's new password, typed by the admin (as the account form's first one): the spec's
 * rules (43, 44, 40), stored hashed; the lock is lifted and its sessions end; audited without the password.
 */
export async function setPlatformAccountPassword(deps: Deps, actor: ConsoleActor, input: { id: number; password: string }) {
  const hash = await hashSecret(input.password);
  return consoleAudited(deps, actor, async (tx, audit, change) => {
    const db = tx.handle.db;
    const a = await platformAccountOrRefuse(db, input.id);
    const problem = credentialProblem(a.username, input.password);
    if (problem) refuse(CREDENTIAL_STATUS[problem]);
    await accounts.setPassword(db, a.id, hash);
    // The one whose password it is keeps the session it is using; every other one ends.
    await accounts.revokeSessionsOf(db, a.id, isoNow(), a.id === actor.accountId ? actor.sessionId : undefined);
    change.tell(sessionsEnded(a.id));
    await audit({ storeId: null, kind: 'console.account_password', target: { type: 'platform', id: a.id, label: a.username }, before: { locked: a.locked === 1 }, after: { credentials_changed: true, locked: false } });
    return {};
  });
}

export async function unlockPlatformAccount(deps: Deps, actor: ConsoleActor, input: { id: number }) {
  return consoleAudited(deps, actor, async (tx, audit) => {
    const a = await platformAccountOrRefuse(tx.handle.db, input.id);
    await accounts.unlock(tx.handle.db, a.id);
    await audit({ storeId: null, kind: 'console.account_unlock', target: { type: 'platform', id: a.id, label: a.username }, before: { locked: a.locked === 1 }, after: { locked: false } });
    return {};
  });
}

/** A lost authenticator: the account enrols again at its next sign-in; its sessions end now. */
export async function resetSecondFactor(deps: Deps, actor: ConsoleActor, input: { id: number }) {
  return consoleAudited(deps, actor, async (tx, audit) => {
    const db = tx.handle.db;
    const a = await platformAccountOrRefuse(db, input.id);
    await endSecondFactor(db, a.id);
    await audit({ storeId: null, kind: 'console.factor_reset', target: { type: 'platform', id: a.id, label: a.username } });
    return {};
  });
}

/** The CLI's way back in (`reset-operator`): unlocked, second factor reset, sessions ended, audited. False: no such account. */
export async function resetPlatformAccount(deps: DbDeps, actor: AuditActor, { username }: { username: string }): Promise<boolean> {
  const { db } = deps.handle;
  const a = await accounts.findByUsername(db, username);
  if (!a) return false;
  await operatorStep(deps, actor, async ({ handle: { db: tx } }, step) => {
    await accounts.unlock(tx, a.id);
    await endSecondFactor(tx, a.id);
    await step.audit({ storeId: null, target: { type: 'platform', id: a.id, label: a.username }, command: 'reset-operator', given: { username } });
  });
  return true;
}

/** The secret, the recovery codes and the sessions of an account end: it enrols again at its next sign-in. */
async function endSecondFactor(db: Db, id: number) {
  await accounts.resetSecondFactor(db, id);
  await accounts.replaceRecoveryCodes(db, id, []);
  await accounts.revokeSessionsOf(db, id, isoNow());
}
