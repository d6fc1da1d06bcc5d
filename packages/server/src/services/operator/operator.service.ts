import { PASSWORD_MAX, PASSWORD_MIN, SaType, USERNAME_MAX, USERNAME_MIN, credentialProblem, type Cents, type CredentialProblem } from '@moneybox/contract';
import { inTransaction, type Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { UserRefusal } from '../../domain/user-refusal.js';
import { hashSecret } from '../../auth/password.js';
import { isoNow, isValidTimeZone } from '../../clock.js';
import { post } from '../../money/ledger.js';
import { Refusal } from '../../money/refusal.js';
import { accountRepository } from '../../repositories/account.repository.js';
import { drawerRepository } from '../../repositories/drawer.repository.js';
import { platformRepository } from '../../repositories/platform.repository.js';
import { storeRepository } from '../../repositories/store.repository.js';

/** An operator command refused, with the reason in words. */
export class OperatorError extends UserRefusal {
  readonly family = 'operator';
}

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
  address?: string;
  city?: string;
  state?: string;
  zip?: string;
  phone?: string;
}

export async function createStore(db: Db, s: NewStore): Promise<void> {
  if (!Number.isSafeInteger(s.id) || s.id <= 0) throw new OperatorError('kiosk id must be a positive whole number');
  if (!s.name.trim()) throw new OperatorError('store name is required');
  if (!isValidTimeZone(s.timezone)) throw new OperatorError(`unknown timezone "${s.timezone}" (use an IANA name such as America/Chicago)`);
  if (s.maxDrawers < 1 || s.maxDrawers > 999) throw new OperatorError('max drawers must be 1-999');
  if (s.maxMachines < 0 || s.maxMachines > 9999) throw new OperatorError('max machines must be 0-9999');
  if (s.limitDay < 1 || s.limitDay > 366) throw new OperatorError('limit_day must be 1-366');
  if (s.drawers > s.maxDrawers) throw new OperatorError('more drawers than max drawers');
  if (await storeRepository.find(db, s.id)) throw new OperatorError(`kiosk ${s.id} already exists`);
  const at = isoNow();
  await inTransaction(db, async (tx) => {
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
  });
}

/** The contract's credential rules in the operator's words. */
const CREDENTIAL_WORDS: Readonly<Record<CredentialProblem, string>> = {
  username_length: `username must be ${USERNAME_MIN}-${USERNAME_MAX} characters`,
  password_length: `password must be ${PASSWORD_MIN}-${PASSWORD_MAX} characters`,
  password_letters_numbers: 'password needs letters and numbers',
};

export async function createAccount(db: Db, storeId: number, username: string, password: string, saType: number): Promise<number> {
  if (!(await storeRepository.find(db, storeId))) throw new OperatorError(`no kiosk ${storeId}`);
  const problem = credentialProblem(username, password);
  if (problem) throw new OperatorError(CREDENTIAL_WORDS[problem]);
  if (saType !== SaType.BOSS && saType !== SaType.CASHIER) throw new OperatorError('saType must be 1 (boss) or 2 (cashier)');
  try {
    return await accountRepository.insert(db, {
      store_id: storeId,
      username,
      password_hash: await hashSecret(password),
      sa_type: saType,
      created_at: isoNow(),
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new OperatorError(`username "${username}" is taken`);
    throw err;
  }
}

/** What the operator adds to or takes from a store: its credit or its special comps budget. */
const STORE_FUNDS = {
  credit: { kind: 'store_credit', column: 'credit_cents', short: 'the store has less credit than that' },
  budget: { kind: 'comps_budget', column: 'comps_budget_cents', short: 'the store has less special comps budget than that' },
} as const;

/** Adds to (positive) or takes from (negative, never below zero) a store's credit or special comps budget; returns the new figure. */
async function addStoreFunds(db: Db, fund: keyof typeof STORE_FUNDS, storeId: number, amount: number, note: string): Promise<number> {
  const f = STORE_FUNDS[fund];
  if (!Number.isSafeInteger(amount) || amount === 0) throw new OperatorError('amount must be a non-zero amount');
  if (!(await storeRepository.find(db, storeId))) throw new OperatorError(`no kiosk ${storeId}`);
  try {
    await inTransaction(db, (tx) => post(tx, { storeId, kind: f.kind, channel: 'operator', amount: Math.abs(amount), [fund]: amount, note, at: isoNow() }));
  } catch (err) {
    if (err instanceof Refusal) throw new OperatorError(f.short);
    throw err;
  }
  return (await storeRepository.find(db, storeId))![f.column];
}

/** Sells credit to a store (positive) or takes it back (negative, never below zero). */
export const addCredit = (db: Db, storeId: number, amount: number, note: string) => addStoreFunds(db, 'credit', storeId, amount, note);

/** Sets aside special comps budget (positive) or takes it back (negative, never below zero). */
export const addCompsBudget = (db: Db, storeId: number, amount: number, note: string) => addStoreFunds(db, 'budget', storeId, amount, note);

export async function freezeStore(db: Db, storeId: number, frozen: boolean, message: string): Promise<void> {
  if (frozen && !message.trim()) throw new OperatorError('a freeze needs a message for the staff');
  const r = await storeRepository.update(db, storeId, { frozen: frozen ? 1 : 0, freeze_msg: frozen ? message.trim() : '' });
  if (Number(r.numUpdatedRows) !== 1) throw new OperatorError(`no kiosk ${storeId}`);
}

export async function setStoreQuota(
  db: Db,
  storeId: number,
  patch: { maxDrawers?: number; maxMachines?: number; limitDay?: number; limitHourly?: Cents; limitDaily?: Cents; limitWeekly?: Cents; minAmount?: Cents },
): Promise<void> {
  const r = await storeRepository.update(db, storeId, {
    ...(patch.maxDrawers !== undefined && { max_drawers: patch.maxDrawers }),
    ...(patch.maxMachines !== undefined && { max_machines: patch.maxMachines }),
    ...(patch.limitDay !== undefined && { limit_day: patch.limitDay }),
    // The operator's purchase limits are the caps; the store's limits start there and the boss may lower them.
    ...(patch.limitHourly !== undefined && { limit_hourly_cents: patch.limitHourly, cap_hourly_cents: patch.limitHourly }),
    ...(patch.limitDaily !== undefined && { limit_daily_cents: patch.limitDaily, cap_daily_cents: patch.limitDaily }),
    ...(patch.limitWeekly !== undefined && { limit_weekly_cents: patch.limitWeekly, cap_weekly_cents: patch.limitWeekly }),
    ...(patch.minAmount !== undefined && { min_amount_cents: patch.minAmount }),
  });
  if (Number(r.numUpdatedRows) !== 1) throw new OperatorError(`no kiosk ${storeId}`);
}

export async function setDomainLayout(db: Db, host: string, layout: number): Promise<void> {
  if (!/^[a-z0-9.-]+(:\d{1,5})?$/i.test(host)) throw new OperatorError('host must be a host name, optionally with :port');
  if (!Number.isInteger(layout) || layout < 0 || layout > 6) throw new OperatorError('layout must be 0-6');
  await platformRepository.setDomainLayout(db, host.toLowerCase(), layout);
}

