import { PASSWORD_MAX, PASSWORD_MIN, SaType, USERNAME_MAX, USERNAME_MIN, credentialProblem, type Cents, type CredentialProblem, type OperatorReason } from '@moneybox/contract';
import { isUniqueViolation } from '../../db/errors.js';
import { UserRefusal } from '../../domain/user-refusal.js';
import { hashSecret } from '../../auth/password.js';
import { isoNow, isValidTimeZone } from '../../clock.js';
import { post } from '../../money/ledger.js';
import { Refusal } from '../../money/refusal.js';
import { accountRepository } from '../../repositories/account.repository.js';
import { drawerRepository } from '../../repositories/drawer.repository.js';
import { platformRepository } from '../../repositories/platform.repository.js';
import { platformAccountRepository } from '../../repositories/platform-account.repository.js';
import { storeRepository } from '../../repositories/store.repository.js';
import type { AuditActor } from '../audit/audit.js';
import type { DbDeps } from '../deps.js';
import { operatorStep, type PlatformActor } from './step-audit.js';

/*
 * The operator's steps on stores and accounts, shared by the CLI (the operator's `AuditActor`), the
 * console (a `ConsoleActor`) and the demo seed. Each is `(deps, actor, input)` and writes its
 * audit row itself, in the step's own transaction (joining the caller's when it runs one), so no
 * caller takes a step without its row (step-audit.ts; the seed's fixtures apart).
 */

/**
 * An operator command refused: the reason in English words (what the CLI prints) and, when a console
 * call can meet it, its machine `reason` (contract operator-reasons.ts), the console's 13 with it
 * (console-audit.ts `asConsole`), worded in the user's language by the web.
 */
export class OperatorError extends UserRefusal {
  readonly family = 'operator';
  constructor(
    message: string,
    readonly reason?: OperatorReason,
  ) {
    super(message);
  }
}

/**
 * A staff username already held on the platform (names are the sign-in key of every store). The
 * console answers it 22 without words, whoever holds it, so it tells no caller where or whose.
 */
export class UsernameTaken extends OperatorError {}

interface NewStore {
  id: number;
  name: string;
  timezone: string;
  credit: Cents;
  compsBudget: Cents;
  maxDrawers: number;
  maxMachines: number;
  limitDay: number;
  limitHourly: Cents;
  limitDaily: Cents;
  limitWeekly: Cents;
  drawers: number;
  address?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  zip?: string | undefined;
  phone?: string | undefined;
  /** The distributor the new store is bound to (the console's form). */
  distributorId?: number | undefined;
}

export function createStore(deps: DbDeps, actor: PlatformActor, s: NewStore): Promise<void> {
  return operatorStep(deps, actor, async ({ handle: { db: tx } }, step) => {
    if (s.distributorId !== undefined) {
      const d = await platformAccountRepository.find(tx, s.distributorId);
      if (!d || d.role !== 'distributor' || d.removed === 1) throw new OperatorError('no distributor with that id', 'no_distributor');
    }
    if (!Number.isSafeInteger(s.id) || s.id <= 0) throw new OperatorError('kiosk id must be a positive whole number', 'kiosk_id');
    if (!s.name.trim()) throw new OperatorError('store name is required', 'store_name');
    if (!isValidTimeZone(s.timezone)) throw new OperatorError(`unknown timezone "${s.timezone}" (use an IANA name such as America/Chicago)`, 'timezone');
    if (s.maxDrawers < 1 || s.maxDrawers > 999) throw new OperatorError('max drawers must be 1-999', 'max_drawers');
    if (s.maxMachines < 0 || s.maxMachines > 9999) throw new OperatorError('max machines must be 0-9999', 'max_machines');
    if (s.limitDay < 1 || s.limitDay > 366) throw new OperatorError('limit_day must be 1-366', 'limit_day');
    if (s.drawers > s.maxDrawers) throw new OperatorError('more drawers than max drawers', 'drawers_over_max');
    if (await storeRepository.find(tx, s.id)) throw new OperatorError(`kiosk ${s.id} already exists`, 'kiosk_exists');
    const at = isoNow();
    await storeRepository.insert(tx, {
      id: s.id,
      name: s.name.trim(),
      timezone: s.timezone,
      address: s.address ?? '',
      city: s.city ?? '',
      state: s.state ?? '',
      zip: s.zip ?? '',
      phone: s.phone ?? '',
      frozen: 0,
      freeze_msg: '',
      closed: 0,
      max_drawers: s.maxDrawers,
      max_machines: s.maxMachines,
      exchange_rate: 100,
      credit_cents: 0,
      comps_budget_cents: 0,
      limit_day: s.limitDay,
      limit_hourly_cents: s.limitHourly,
      limit_daily_cents: s.limitDaily,
      limit_weekly_cents: s.limitWeekly,
      cap_hourly_cents: s.limitHourly,
      cap_daily_cents: s.limitDaily,
      cap_weekly_cents: s.limitWeekly,
      min_amount_cents: 100,
      blind_count: 1,
      max_failed_logins: 5,
      created_at: at,
    });
    // Opening balances are ledger rows like any other movement, so verify holds from the start.
    if (s.credit > 0) await post(tx, { storeId: s.id, kind: 'store_credit', channel: 'operator', amount: s.credit, credit: s.credit, note: 'opening credit', at });
    if (s.compsBudget > 0) {
      await post(tx, { storeId: s.id, kind: 'comps_budget', channel: 'operator', amount: s.compsBudget, budget: s.compsBudget, note: 'opening special comps budget', at });
    }
    for (let n = 1; n <= s.drawers; n++) await drawerRepository.insert(tx, s.id, n, at);
    if (s.distributorId !== undefined) await platformAccountRepository.bindStore(tx, s.distributorId, s.id);
    await step.audit({ storeId: s.id, target: { type: 'store', id: s.id, label: s.name.trim() }, command: 'create-store', given: { ...s }, console: { kind: 'console.store_create' } });
  });
}

/** The contract's credential rules in the operator's words. */
const CREDENTIAL_WORDS: Readonly<Record<CredentialProblem, string>> = {
  username_length: `username must be ${USERNAME_MIN}-${USERNAME_MAX} characters`,
  password_length: `password must be ${PASSWORD_MIN}-${PASSWORD_MAX} characters`,
  password_letters_numbers: 'password needs letters and numbers',
};

/** A boss or a cashier of a store; its id. */
export async function createAccount(deps: DbDeps, actor: PlatformActor, a: { storeId: number; username: string; password: string; saType: number }): Promise<number> {
  const store = await storeRepository.find(deps.handle.db, a.storeId);
  if (!store) throw new OperatorError(`no kiosk ${a.storeId}`, 'no_store');
  const problem = credentialProblem(a.username, a.password);
  if (problem) throw new OperatorError(CREDENTIAL_WORDS[problem], problem);
  if (a.saType !== SaType.BOSS && a.saType !== SaType.CASHIER) throw new OperatorError('saType must be 1 (boss) or 2 (cashier)', 'account_type');
  const hash = await hashSecret(a.password);
  try {
    return await operatorStep(deps, actor, async ({ handle: { db: tx } }, step) => {
      const id = await accountRepository.insert(tx, { store_id: a.storeId, username: a.username, password_hash: hash, sa_type: a.saType, created_at: isoNow() });
      await step.audit({
        storeId: a.storeId,
        target: { type: 'account', id, label: a.username },
        command: a.saType === SaType.BOSS ? 'create-boss' : 'create-cashier',
        given: { kiosk: a.storeId, username: a.username },
        console: { kind: 'console.boss_create', after: { store: store.name } },
      });
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new UsernameTaken(`username "${a.username}" is taken`);
    throw err;
  }
}

/** What the operator adds to or takes from a store: its credit or its special comps budget. */
const STORE_FUNDS = {
  credit: { kind: 'store_credit', column: 'credit_cents', short: 'the store has less credit than that', reason: 'store_credit_short', command: 'add-credit' },
  budget: { kind: 'comps_budget', column: 'comps_budget_cents', short: 'the store has less special comps budget than that', reason: 'store_budget_short', command: 'add-comps-budget' },
} as const;

interface FundsIn {
  storeId: number;
  /** Cents: positive adds, negative takes back. */
  amount: number;
  note: string;
}

/** Adds to (positive) or takes from (negative, never below zero) a store's credit or special comps budget; returns the new figure. */
async function addStoreFunds(deps: DbDeps, actor: AuditActor, fund: keyof typeof STORE_FUNDS, { storeId, amount, note }: FundsIn): Promise<number> {
  const f = STORE_FUNDS[fund];
  if (!Number.isSafeInteger(amount) || amount === 0) throw new OperatorError('amount must be a non-zero amount', 'zero_amount');
  const store = await storeRepository.find(deps.handle.db, storeId);
  if (!store) throw new OperatorError(`no kiosk ${storeId}`, 'no_store');
  try {
    return await operatorStep(deps, actor, async ({ handle: { db: tx } }, step) => {
      await post(tx, { storeId, kind: f.kind, channel: 'operator', amount: Math.abs(amount), [fund]: amount, note, at: isoNow() });
      await step.audit({ storeId, target: { type: 'store', id: storeId, label: store.name }, command: f.command, given: { kiosk: storeId, amount, note } });
      return (await storeRepository.find(tx, storeId))![f.column];
    });
  } catch (err) {
    if (err instanceof Refusal) throw new OperatorError(f.short, f.reason);
    throw err;
  }
}

/** Sells credit to a store (positive) or takes it back (negative, never below zero). */
export const addCredit = (deps: DbDeps, actor: AuditActor, input: FundsIn) => addStoreFunds(deps, actor, 'credit', input);

/** Sets aside special comps budget (positive) or takes it back (negative, never below zero). */
export const addCompsBudget = (deps: DbDeps, actor: AuditActor, input: FundsIn) => addStoreFunds(deps, actor, 'budget', input);

/** Freezes a store with the message its staff then see, or opens it again. */
export async function freezeStore(deps: DbDeps, actor: PlatformActor, { storeId, frozen, message }: { storeId: number; frozen: boolean; message: string }): Promise<void> {
  if (frozen && !message.trim()) throw new OperatorError('a freeze needs a message for the staff', 'freeze_message');
  const after = { frozen, freeze_msg: frozen ? message.trim() : '' };
  await operatorStep(deps, actor, async ({ handle: { db: tx } }, step) => {
    const store = await storeRepository.find(tx, storeId);
    if (!store) throw new OperatorError(`no kiosk ${storeId}`, 'no_store');
    await storeRepository.update(tx, storeId, { frozen: frozen ? 1 : 0, freeze_msg: after.freeze_msg });
    await step.audit({
      storeId,
      target: { type: 'store', id: storeId, label: store.name },
      command: frozen ? 'freeze' : 'unfreeze',
      given: { kiosk: storeId, ...(frozen && { message: after.freeze_msg }) },
      console: { kind: frozen ? 'console.store_freeze' : 'console.store_unfreeze', before: { frozen: store.frozen === 1, freeze_msg: store.freeze_msg }, after },
    });
  });
}

export interface QuotaPatch {
  maxDrawers?: number | undefined;
  maxMachines?: number | undefined;
  limitDay?: number | undefined;
  limitHourly?: Cents | undefined;
  limitDaily?: Cents | undefined;
  limitWeekly?: Cents | undefined;
  minAmount?: Cents | undefined;
}

/** A quota's fields as the trail names them. */
const QUOTA_WORDS: Readonly<Record<keyof QuotaPatch, string>> = {
  maxDrawers: 'max_drawers',
  maxMachines: 'max_machines',
  limitDay: 'limit_day',
  limitHourly: 'limit_hourly',
  limitDaily: 'limit_daily',
  limitWeekly: 'limit_weekly',
  minAmount: 'min_amount',
};

/** Sets a store's quotas and purchase caps; only the fields given change. */
export async function setStoreQuota(deps: DbDeps, actor: PlatformActor, { storeId, ...patch }: QuotaPatch & { storeId: number }): Promise<void> {
  await operatorStep(deps, actor, async ({ handle: { db: tx } }, step) => {
    const store = await storeRepository.find(tx, storeId);
    const r = await storeRepository.update(tx, storeId, {
      ...(patch.maxDrawers !== undefined && { max_drawers: patch.maxDrawers }),
      ...(patch.maxMachines !== undefined && { max_machines: patch.maxMachines }),
      ...(patch.limitDay !== undefined && { limit_day: patch.limitDay }),
      // The operator's purchase limits are the caps; the store's limits start there and the boss may lower them.
      ...(patch.limitHourly !== undefined && { limit_hourly_cents: patch.limitHourly, cap_hourly_cents: patch.limitHourly }),
      ...(patch.limitDaily !== undefined && { limit_daily_cents: patch.limitDaily, cap_daily_cents: patch.limitDaily }),
      ...(patch.limitWeekly !== undefined && { limit_weekly_cents: patch.limitWeekly, cap_weekly_cents: patch.limitWeekly }),
      ...(patch.minAmount !== undefined && { min_amount_cents: patch.minAmount }),
    });
    if (!store || Number(r.numUpdatedRows) !== 1) throw new OperatorError(`no kiosk ${storeId}`, 'no_store');
    const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined).map(([k, v]) => [QUOTA_WORDS[k as keyof QuotaPatch], v]));
    const before = {
      max_drawers: store.max_drawers,
      max_machines: store.max_machines,
      limit_day: store.limit_day,
      limit_hourly: store.cap_hourly_cents,
      limit_daily: store.cap_daily_cents,
      limit_weekly: store.cap_weekly_cents,
      min_amount: store.min_amount_cents,
    };
    await step.audit({ storeId, target: { type: 'store', id: storeId, label: store.name }, command: 'set-quota', given: { kiosk: storeId, ...given }, console: { kind: 'console.store_quota', before, after: given } });
  });
}

/** The layout a host is served with (the CLI's set-layout). */
export async function setDomainLayout(deps: DbDeps, actor: AuditActor, { host, layout }: { host: string; layout: number }): Promise<void> {
  if (!/^[a-z0-9.-]+(:\d{1,5})?$/i.test(host)) throw new OperatorError('host must be a host name, optionally with :port', 'host_name');
  if (!Number.isInteger(layout) || layout < 0 || layout > 6) throw new OperatorError('layout must be 0-6', 'layout');
  await operatorStep(deps, actor, async ({ handle: { db: tx } }, step) => {
    await platformRepository.setDomainLayout(tx, host.toLowerCase(), layout);
    await step.audit({ storeId: null, target: { type: 'platform', label: host }, command: 'set-layout', given: { host, layout } });
  });
}
