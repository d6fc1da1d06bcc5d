import { SaType, Status, credentialProblem, type Cents } from '@moneybox/contract';
import { hashSecret } from '../../auth/password.js';
import type { ConsoleActor } from '../../domain/console-actor.js';
import { refuse } from '../../domain/status-refusal.js';
import { accountRepository } from '../../repositories/account.repository.js';
import { platformAccountRepository as accounts } from '../../repositories/platform-account.repository.js';
import { storeScope } from '../../repositories/store-scope.js';
import { isoNow } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { Deps } from '../deps.js';
import { createAccount, createStore, freezeStore, setStoreQuota } from '../operator/operator.service.js';
import { CREDENTIAL_STATUS } from '../user/credential-status.js';
import { asConsole, consoleAudited, consoleStep, refuseInput } from './console-audit.js';
import { namedStore } from './scope.js';


/** Freezes a store with the message its bosses and cashiers then see (46), or unfreezes it. */
export async function consoleFreezeStore(deps: Deps, actor: ConsoleActor, input: { kid: number; freeze: boolean; message?: string | undefined }) {
  return consoleStep(deps, actor, input.kid, async (tx) => {
    await asConsole(() => freezeStore(tx, actor, { storeId: input.kid, frozen: input.freeze, message: input.message ?? '' }));
    return {};
  });
}

interface NewStoreInput {
  kid: number;
  name: string;
  timezone: string;
  credit?: Cents | undefined;
  comps_budget?: Cents | undefined;
  max_drawers: number;
  max_machines: number;
  limit_day: number;
  limit_hourly: Cents;
  limit_daily: Cents;
  limit_weekly: Cents;
  drawers: number;
  address?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  zip?: string | undefined;
  phone?: string | undefined;
  distributor_id?: number | undefined;
}

/** A new store from the console's form: what `create-store` takes, optionally bound to a distributor. */
export async function consoleCreateStore(deps: Deps, actor: ConsoleActor, input: NewStoreInput) {
  return consoleStep(deps, actor, input.kid, async (tx) => {
    const { distributor_id, kid, comps_budget, max_drawers, max_machines, limit_day, limit_hourly, limit_daily, limit_weekly, credit, ...rest } = input;
    await asConsole(() =>
      createStore(tx, actor, {
        ...rest,
        distributorId: distributor_id,
        id: kid,
        credit: credit ?? (0 as Cents),
        compsBudget: comps_budget ?? (0 as Cents),
        maxDrawers: max_drawers,
        maxMachines: max_machines,
        limitDay: limit_day,
        limitHourly: limit_hourly,
        limitDaily: limit_daily,
        limitWeekly: limit_weekly,
      }),
    );
    return { kid };
  });
}

/** What `set-quota` takes; only the given fields change. */
export async function consoleSetQuota(
  deps: Deps,
  actor: ConsoleActor,
  input: { kid: number; max_drawers?: number | undefined; max_machines?: number | undefined; limit_day?: number | undefined; limit_hourly?: Cents | undefined; limit_daily?: Cents | undefined; limit_weekly?: Cents | undefined; min_amount?: Cents | undefined },
) {
  return consoleStep(deps, actor, input.kid, async (tx) => {
    const patch = {
      storeId: input.kid,
      maxDrawers: input.max_drawers,
      maxMachines: input.max_machines,
      limitDay: input.limit_day,
      limitHourly: input.limit_hourly,
      limitDaily: input.limit_daily,
      limitWeekly: input.limit_weekly,
      minAmount: input.min_amount,
    };
    await asConsole(() => setStoreQuota(tx, actor, patch));
    return {};
  });
}

/** A boss for the store (its first one, usually); the spec's username and password rules. */
export async function consoleCreateBoss(deps: Deps, actor: ConsoleActor, input: { kid: number; username: string; password: string }) {
  // A store outside the scope is 21 before its names are looked at; a taken name is one of that store's own.
  return consoleStep(deps, actor, input.kid, async (tx) => {
    const id = await asConsole(() => createAccount(tx, actor, { storeId: input.kid, username: input.username, password: input.password, saType: SaType.BOSS }));
    return { id };
  });
}

/** A boss of a store in the actor's scope: 21 outside it, 8 for an id that is not one of that store's bosses. */
async function storeBoss(db: Db, kid: number, id: number) {
  const { staff } = storeScope(db, kid);
  const boss = await staff.find(id);
  if (!boss || boss.sa_type !== SaType.BOSS) refuse(Status.USER_NOT_FOUND);
  return { staff, boss };
}

/** Unlocks a boss of the store locked after failed logins (41). */
export async function consoleUnlockBoss(deps: Deps, actor: ConsoleActor, input: { kid: number; id: number }) {
  return consoleAudited(deps, actor, async (tx, audit) => {
    const { staff, boss } = await storeBoss(tx.handle.db, input.kid, input.id);
    await staff.update(input.id, { locked: 0, failed_logins: 0 });
    await audit({ storeId: input.kid, kind: 'console.boss_unlock', target: { type: 'account', id: boss.id, label: boss.username }, before: { locked: boss.locked === 1 }, after: { locked: false, at: isoNow() } });
    return {};
  });
}

/**
 * A boss's new password from the console (a boss who forgot it), typed by the console's account as
 * bossCreate's first one is: the spec's rules (43, 44, 40), stored hashed; the lock is lifted and the
 * boss's sessions end (its next call answers 5). Audited without the password. A store outside the
 * scope is 21; an id that is not a boss of that store 8.
 */
export async function consoleSetBossPassword(deps: Deps, actor: ConsoleActor, input: { kid: number; id: number; password: string }) {
  const hash = await hashSecret(input.password);
  return consoleAudited(deps, actor, async (tx, audit) => {
    const db = tx.handle.db;
    const { staff, boss } = await storeBoss(db, input.kid, input.id);
    const problem = credentialProblem(boss.username, input.password);
    if (problem) refuse(CREDENTIAL_STATUS[problem]);
    await staff.update(boss.id, { password_hash: hash, locked: 0, failed_logins: 0 });
    await accountRepository.revokeSessions(db, boss.id, isoNow());
    await audit({ storeId: input.kid, kind: 'console.boss_password', target: { type: 'account', id: boss.id, label: boss.username }, before: { locked: boss.locked === 1 }, after: { credentials_changed: true, locked: false } });
    return {};
  });
}

const STORE_PLACE = ['name', 'address', 'city', 'state', 'zip', 'phone'] as const;
type StorePlace = Partial<Record<(typeof STORE_PLACE)[number], string | undefined>>;

/**
 * A store's name and address (a distributor its own stores, the admin any; support never: the matrix);
 * only the fields given change; audited with what each was and became. Nothing changed: no row.
 */
export async function consoleRenameStore(deps: Deps, actor: ConsoleActor, input: { kid: number } & StorePlace) {
  return consoleAudited(deps, actor, async (tx, audit) => {
    const db = tx.handle.db;
    const store = await namedStore(db, input.kid);
    const scoped = storeScope(db, input.kid);
    const row = await scoped.store.find();
    if (!row) refuse(Status.PERMISSION_ERROR);
    const before: StorePlace = {};
    const after: StorePlace = {};
    for (const k of STORE_PLACE) {
      const v = input[k];
      if (v === undefined || v === row[k]) continue;
      before[k] = row[k];
      after[k] = v;
    }
    if (Object.keys(after).length === 0) return {};
    if (after.name !== undefined && !after.name.trim()) refuseInput('store_name', 'a store needs a name');
    await scoped.store.update(after);
    await audit({ storeId: input.kid, kind: 'console.store_rename', target: { type: 'store', id: store.id, label: store.name }, before, after });
    return {};
  });
}

/**
 * Moves a store to another distributor, or back to the operator's own stores (`distributor_id` null);
 * admin only (the matrix). The store keeps its credit, comps budget and history: the binding is the
 * only thing that changes, so its credit edge (credit.service.ts `edge`) and every scope (the stores
 * list, reports, the live socket's per-batch bindings) follow it at once; the old distributor's
 * socket is told once (`formerOwners`). Refusals: an unknown store
 * 21 (as every console call on a store), an unknown distributor or the store's own one 13 with its reason (no_distributor, already_bound, already_own).
 */
export async function consoleSetStoreDistributor(deps: Deps, actor: ConsoleActor, input: { kid: number; distributor_id: number | null }) {
  return consoleAudited(deps, actor, async (tx, audit, change) => {
    const db = tx.handle.db;
    const store = await namedStore(db, input.kid);
    await accounts.holdBinding(db, tx.handle.dialect, input.kid);
    const to = input.distributor_id === null ? null : await accounts.find(db, input.distributor_id);
    if (to !== null && (to?.role !== 'distributor' || to.removed === 1)) refuseInput('no_distributor', 'no distributor with that id');
    const from = await accounts.distributorOf(db, input.kid);
    const fromId = from?.account_id ?? null;
    if (fromId === (to?.id ?? null)) refuseInput(to ? 'already_bound' : 'already_own', to ? 'the store is already bound to that distributor' : "the store is already one of the operator's own");
    // Once committed, the distributor it left hears it once more, so its stores screen drops the store at once.
    if (fromId !== null) change.moved(input.kid, { formerOwners: [fromId] });
    const fromName = fromId === null ? null : ((await accounts.find(db, fromId))?.username ?? String(fromId));
    await accounts.unbindStore(db, input.kid);
    if (to) await accounts.bindStore(db, to.id, input.kid);
    await audit({
      storeId: input.kid,
      kind: 'console.store_distributor',
      target: { type: 'store', id: store.id, label: store.name },
      before: { distributor: fromName, distributor_id: fromId },
      after: { distributor: to?.username ?? null, distributor_id: to?.id ?? null },
    });
    return {};
  });
}
