import { SaType, Status, audienceOf, type UserListItem } from '@moneybox/contract';
import { type AuditTarget } from '../audit/audit.js';
import { audited } from '../change.js';
import { hashSecret } from '../../auth/password.js';
import { isoNow } from '../../clock.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { refuse } from '../../domain/status-refusal.js';
import { screensAllowed } from '../../domain/permissions.js';
import { accountRepository } from '../../repositories/account.repository.js';
import type { StaffRow } from '../../repositories/staff.repository.js';
import { storeScope } from '../../repositories/store-scope.js';
import { checkCredentialsShape } from './credential-status.js';

/**
 * Account Setting: the store's staff and the boss's changes to them. Every change is audited in its
 * own transaction; disabling, removing, demoting or changing the password of an account ends its
 * sessions at once (its next call answers 5). A boss never removes, disables or demotes their own
 * account, nor the store's last enabled boss (21, with `reason`).
 */

const roleOf = (saType: number) => (saType === SaType.BOSS ? 'boss' : 'cashier');

function present(r: StaffRow, actor: Actor): UserListItem {
  const type = roleOf(r.sa_type);
  return {
    id: r.id,
    account: r.username,
    saType: r.sa_type,
    type,
    status: r.disabled === 1 ? 'disabled' : r.locked === 1 ? 'locked' : 'enabled',
    disable: r.disabled === 1,
    locked: r.locked === 1,
    permission: screensAllowed(audienceOf(type, 'pos')).map((s) => s.link),
    kid: r.store_id,
    storename: r.store_name,
    createTime: r.created_at,
    lastLogin: r.last_login_at,
    moneybox: r.moneybox,
    self: r.id === actor.accountId,
  };
}

/** The actor's store's staff, on the given database (the transaction's inside `audited`). */
const staffOf = (deps: Deps, actor: Actor) => storeScope(deps.handle.db, actor.storeId).staff;

const target = (r: Pick<StaffRow, 'id' | 'username'>): AuditTarget => ({ type: 'account', id: r.id, label: r.username });

export async function listStaff(deps: Deps, actor: Actor) {
  const rows = await staffOf(deps, actor).list();
  return { list: rows.map((r) => present(r, actor)) };
}

/** The account of the caller's store (8 otherwise: another store's ids find nothing). */
async function mustFind(deps: Deps, actor: Actor, id: number): Promise<StaffRow> {
  const r = await staffOf(deps, actor).find(id);
  if (!r) refuse(Status.USER_NOT_FOUND);
  return r;
}

async function reread(deps: Deps, actor: Actor, id: number) {
  return { user: present(await mustFind(deps, actor, id), actor) };
}

/** Taking a boss away (disable, demote, remove): never yourself, never the store's last enabled boss. */
async function assertNotSelfOrLastBoss(deps: Deps, actor: Actor, r: StaffRow): Promise<void> {
  if (r.id === actor.accountId) refuse(Status.PERMISSION_ERROR, { reason: 'self', error: 'You cannot do this to your own account' });
  if (r.sa_type === SaType.BOSS && r.disabled === 0) {
    const others = await staffOf(deps, actor).otherActiveBosses(r.id, SaType.BOSS);
    if (others === 0) refuse(Status.PERMISSION_ERROR, { reason: 'last_boss', error: "The store's last boss cannot be removed, disabled or demoted" });
  }
}

/** A name is taken only within the boss's own store (migration 032): a refusal tells nothing of other stores. */
export function createStaff(deps: Deps, actor: Actor, input: { username: string; password: string; saType: 1 | 2 }) {
  checkCredentialsShape(input.username, input.password);
  return audited(deps, actor, async (tx, audit) => {
    const { db } = tx.handle;
    if (await accountRepository.nameTaken(db, actor.storeId, input.username)) refuse(Status.ACCOUNT_NAME_REPEATED);
    let id: number;
    try {
      id = await accountRepository.insert(db, {
        store_id: actor.storeId,
        username: input.username,
        password_hash: await hashSecret(input.password),
        sa_type: input.saType,
        created_at: isoNow(),
      });
    } catch (err) {
      // Two bosses creating the same name at once: the unique index decides.
      if (isUniqueViolation(err)) refuse(Status.ACCOUNT_NAME_REPEATED);
      throw err;
    }
    await audit({ kind: 'account.create', target: { type: 'account', id, label: input.username }, after: { account: input.username, type: roleOf(input.saType) } });
    return reread(tx, actor, id);
  });
}

export function updateStaff(deps: Deps, actor: Actor, input: { id: number; password?: string | undefined; saType?: 1 | 2 | undefined }) {
  const password = input.password === '' ? undefined : input.password;
  return audited(deps, actor, async (tx, audit) => {
    const { db, dialect } = tx.handle;
    const staff = staffOf(tx, actor);
    await staff.lockStore(dialect);
    const r = await mustFind(tx, actor, input.id);
    if (password !== undefined) checkCredentialsShape(r.username, password);
    const demote = input.saType !== undefined && input.saType !== r.sa_type && r.sa_type === SaType.BOSS;
    if (demote) await assertNotSelfOrLastBoss(tx, actor, r);
    const patch: { password_hash?: string; sa_type?: number } = {};
    if (password !== undefined) patch.password_hash = await hashSecret(password);
    if (input.saType !== undefined && input.saType !== r.sa_type) patch.sa_type = input.saType;
    if (Object.keys(patch).length === 0) return reread(tx, actor, r.id);
    await staff.update(r.id, patch);
    // A new password or a new type ends the account's sessions; your own current one stays.
    await accountRepository.revokeSessions(db, r.id, isoNow(), r.id === actor.accountId ? actor.sessionId : undefined);
    const typeChanged = patch.sa_type !== undefined;
    await audit({
      kind: 'account.update',
      target: target(r),
      before: typeChanged ? { type: roleOf(r.sa_type) } : null,
      // Never the password itself: only that it changed.
      after: { ...(typeChanged && { type: roleOf(patch.sa_type!) }), ...(password !== undefined && { credentials_changed: true }) },
    });
    return reread(tx, actor, r.id);
  });
}

export function disableStaff(deps: Deps, actor: Actor, input: { id: number; disable: boolean }) {
  return audited(deps, actor, async (tx, audit) => {
    const { db, dialect } = tx.handle;
    const staff = staffOf(tx, actor);
    await staff.lockStore(dialect);
    const r = await mustFind(tx, actor, input.id);
    if (input.disable === (r.disabled === 1)) return reread(tx, actor, r.id);
    if (input.disable) await assertNotSelfOrLastBoss(tx, actor, r);
    await staff.update(r.id, { disabled: input.disable ? 1 : 0 });
    if (input.disable) await accountRepository.revokeSessions(db, r.id, isoNow());
    await audit({ kind: input.disable ? 'account.disable' : 'account.enable', target: target(r), before: { disable: r.disabled === 1 }, after: { disable: input.disable } });
    return reread(tx, actor, r.id);
  });
}

export function removeStaff(deps: Deps, actor: Actor, input: { id: number }) {
  return audited(deps, actor, async (tx, audit) => {
    const { db, dialect } = tx.handle;
    const staff = staffOf(tx, actor);
    await staff.lockStore(dialect);
    const r = await mustFind(tx, actor, input.id);
    await assertNotSelfOrLastBoss(tx, actor, r);
    if (r.moneybox !== null) refuse(Status.ACCOUNT_IN_DRAWER, { moneybox: r.moneybox });
    // The row stays (reports and the trail keep its name) and the name stays taken; it can never log in.
    await staff.update(r.id, { removed: 1, disabled: 1 });
    await accountRepository.revokeSessions(db, r.id, isoNow());
    await audit({ kind: 'account.remove', target: target(r), before: { account: r.username, type: roleOf(r.sa_type) } });
    return { id: r.id };
  });
}

export function unlockStaff(deps: Deps, actor: Actor, input: { id: number }) {
  return audited(deps, actor, async (tx, audit) => {
    const r = await mustFind(tx, actor, input.id);
    if (r.locked === 0) return reread(tx, actor, r.id);
    await staffOf(tx, actor).update(r.id, { locked: 0, failed_logins: 0 });
    await audit({ kind: 'account.unlock', target: target(r), before: { locked: true }, after: { locked: false } });
    return reread(tx, actor, r.id);
  });
}
