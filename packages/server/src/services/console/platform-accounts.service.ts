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
    if (a.role === 'admin' || !parent || parent.role !== 'distributor') refuseInput('account_parent', 'only a support account or a sub-distributor has a parent, and it is a distributor');
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
    list: rows.map((r) => ({
      id: r.id,
      username: r.username,
      role: roleOfAccount(r.role),
      parent: r.parent_id === null ? null : (names.get(r.parent_id) ?? null),
      stores: (stores.get(r.id) ?? []).sort((x, y) => x - y),
      locked: r.locked === 1,
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

async function platformAccountOrRefuse(db: Db, id: number) {
  const a = await accounts.find(db, id);
  if (!a) refuse(Status.USER_NOT_FOUND);
  return a;
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
