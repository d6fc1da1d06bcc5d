import { RefusalReason, Status, type CustomerCreateInput, type CustomerProtectInput, type CustomerRecord, type CustomerUpdateInput } from '@moneybox/contract';
import { hashSecret } from '../../auth/password.js';
import { isoNow } from '../../clock.js';
import { isUniqueViolation, retryOnConflict } from '../../db/errors.js';
import type { Actor } from '../../domain/actor.js';
import { refuse } from '../../domain/status-refusal.js';
import type { ProfilePatch } from '../../repositories/customer.repository.js';
import { storeScope } from '../../repositories/store-scope.js';
import { changes, type AuditTarget } from '../audit/audit.js';
import { audited, type Change } from '../change.js';
import type { Deps } from '../deps.js';
import { openStore } from '../store/store-guard.js';
import { blockState, mustFind } from './customer.service.js';
import { newMobileId, newPin } from './pin.js';
import { mustBeOldEnough } from './age.js';
import { mustKeepExcludedId, mustNotBeExcludedPerson } from './excluded-person.js';
import { lastNameSearch, nameSearch, presentCustomer } from './present.js';
import { customerTarget as target, idCard } from './id-card.js';
import { idCardHash, mayReplace, protectionEnd, runningProtection } from '../../money/protection.js';
import { nextPersonalLimits, presentPersonal, windowStarts } from '../../money/purchase-limits.js';

/**
 * The customer changes a person makes. Each writes its audit row in the same transaction, whatever
 * transport calls it (only these functions are exported: a change cannot skip its row), and tells
 * the customer's open screens once committed (live/). The trail keeps the profile fields (never
 * the PIN, nor balances: those move only through the ledger).
 */
const PROFILE = ['first_name', 'last_name', 'drivers_license', 'birthday', 'gender', 'phone', 'mail', 'bank', 'bank_account', 'address', 'account_type'] as const;

/** The audit target of customer `id` as it is after the change (a bare id if the row is gone). */
async function targetOf(tx: Deps, actor: Actor, id: number): Promise<AuditTarget> {
  const c = await storeScope(tx.handle.db, actor.storeId).customers.find(id);
  return c ? target(presentCustomer(c)) : { type: 'customer', id };
}

function profile(c: CustomerRecord): Record<string, unknown> {
  return Object.fromEntries(PROFILE.map((f) => [f, c[f]]));
}


/** A mobile id clash aborts a PostgreSQL transaction, so the whole change is tried again. */
export const createCustomer = (deps: Deps, actor: Actor, input: CustomerCreateInput) =>
  retryOnConflict(() =>
    audited(deps, actor, async (tx, audit) => {
      const r = await insertCustomer(tx, actor, input);
      await audit({ kind: 'customer.create', target: target(r.customer), after: { mobile_id: r.customer.mobile_id, ...profile(r.customer) } });
      return r;
    }),
  );

export const updateCustomer = async (deps: Deps, actor: Actor, input: CustomerUpdateInput) =>
  audited(deps, actor, async (tx, audit, change) => {
    change.moved(actor.storeId, { customers: [input.id] });
    const found = await storeScope(tx.handle.db, actor.storeId).customers.find(input.id);
    const r = await patchCustomer(tx, actor, input);
    const diff = found ? changes(profile(presentCustomer(found)), profile(r.customer)) : { before: null, after: profile(r.customer) };
    await audit({ kind: 'customer.update', target: target(r.customer), ...diff });
    return r;
  });

export const setBlock = async (deps: Deps, actor: Actor, { id, block }: { id: number; block: boolean }) =>
  audited(deps, actor, async (tx, audit, change) => {
    change.moved(actor.storeId, { customers: [id] });
    const before = await blockState(tx, actor, id);
    const r = await writeBlock(tx, actor, { id, block });
    await audit({ kind: block ? 'customer.block' : 'customer.unblock', target: await targetOf(tx, actor, id), before: { block: before.block }, after: { block } });
    return r;
  });

export const resetPin = async (deps: Deps, actor: Actor, id: number) =>
  audited(deps, actor, async (tx, audit, change) => {
    change.moved(actor.storeId, { customers: [id] });
    const r = await writeNewPin(tx, actor, id);
    await audit({ kind: 'customer.reset_pin', target: await targetOf(tx, actor, id) });
    return r;
  });

export const kick = (deps: Deps, actor: Actor, id: number) =>
  audited(deps, actor, async (tx, audit, change) => {
    const r = await release(tx, actor, id, change);
    await audit({ kind: 'customer.kick', target: await targetOf(tx, actor, id), before: { machine: r.machine }, after: { playing: false } });
    return r;
  });

/**
 * A self-exclusion or cool-off, at the customer's request, by a cashier or a boss (issue 24). It
 * cannot be lifted or shortened: one that ends no later than the running one is refused (17, reason
 * 'protected', with the running one). A customer playing is logged out of the machine at once.
 */
export const protect = async (deps: Deps, actor: Actor, input: CustomerProtectInput) => {
  const r = await audited(deps, actor, async (tx, audit, change) => {
    const scope = storeScope(tx.handle.db, actor.storeId);
    await openStore(scope);
    const c = await mustFind(tx, actor, input.id);
    const at = isoNow();
    const until = protectionEnd(input.kind === 'exclusion' ? { kind: 'exclusion', period: input.period! } : { kind: 'cool_off', days: input.days! }, at);
    const before = runningProtection(c, at);
    if (!mayReplace(c, until, at) || !(await scope.customers.setProtection(input.id, { kind: input.kind, since: at, until }))) {
      refuse(Status.CUSTOMER_ERROR, { reason: RefusalReason.PROTECTED, protection: before?.kind ?? null, until: before?.until ?? null });
    }
    if (c.playing_machine_id !== null) await scope.customers.release(input.id, at);
    // A self-exclusion reaches the operator's other stores on an ID match, when the operator shares them.
    const hash = idCardHash(c.drivers_license);
    // The person's other records in the store are excluded with it (the same ID key).
    const twins = input.kind === 'exclusion' ? await scope.customers.excludeTwins(hash, input.id, { since: at, until }) : 0;
    const shared = input.kind === 'exclusion' && hash !== '' ? await scope.sharedExclusions.share({ customerId: input.id, hash, since: at, until }) : 0;
    const after = presentCustomer(await mustFind(tx, actor, input.id));
    await audit({
      kind: 'customer.protect',
      target: target(after),
      before: { protection: before },
      after: { protection: after.protection, period: input.kind === 'exclusion' ? input.period : `${input.days}d`, ...(shared > 0 ? { shared_with: shared } : {}), ...(twins > 0 ? { same_person: twins } : {}) },
    });
    // Logged out: the machine may be connected to another server, the bus reaches it there (bus/server-bus.ts).
    if (c.playing_machine_id !== null) change.tell({ kind: 'kick', machineRowId: c.playing_machine_id, customerId: input.id });
    change.moved(actor.storeId, { customers: [input.id], machines: c.playing_machine_id === null ? [] : [c.playing_machine_id] });
    return { machineRowId: c.playing_machine_id, customer: after };
  });
  return { id: input.id, protection: r.customer.protection!, customer: r.customer };
};

/**
 * The customer's own purchase limits (issue 24), at their request: a lower limit takes effect at
 * once, a raise or a removal only after 24 hours (pending until then; money/purchase-limits.ts).
 */
export const setPersonalLimits = async (deps: Deps, actor: Actor, input: { id: number; hourly: number; daily: number; weekly: number }) =>
  audited(deps, actor, async (tx, audit, change) => {
    change.moved(actor.storeId, { customers: [input.id] });
    const scope = storeScope(tx.handle.db, actor.storeId);
    await openStore(scope);
    const c = await mustFind(tx, actor, input.id);
    const at = isoNow();
    const next = nextPersonalLimits(c, { limit_hourly_cents: input.hourly, limit_daily_cents: input.daily, limit_weekly_cents: input.weekly }, at);
    if (!(await scope.customers.setPersonalLimits(input.id, next, at))) refuse(Status.CUSTOMER_ERROR);
    const used = await scope.purchases.purchaseWindows(input.id, windowStarts(Date.parse(at)));
    const before = presentPersonal(c, used, at);
    const personal = presentPersonal(next, used, at);
    await audit({ kind: 'customer.limits', target: target(presentCustomer(c)), before: { personal: before }, after: { personal } });
    return { id: input.id, personal };
  });

/** A new customer with a fresh mobile id and PIN; the PIN is in this reply only. */
async function insertCustomer(deps: Deps, actor: Actor, input: CustomerCreateInput) {
  const scope = storeScope(deps.handle.db, actor.storeId);
  const store = await openStore(scope);
  mustBeOldEnough(input.birthday ?? '', store.min_age);
  const at = isoNow();
  // A self-excluded person is not registered again, in this store or another of the operator's.
  await mustNotBeExcludedPerson(scope, idCardHash(input.drivers_license), at);
  const pin = newPin();
  const pinHash = await hashSecret(pin);
  for (let attempt = 0; ; attempt++) {
    const mobileId = newMobileId();
    try {
      const id = await scope.customers.insert({
        mobile_id: mobileId,
        pin_hash: pinHash,
        first_name: input.first_name,
        last_name: input.last_name,
        name_search: nameSearch(input.first_name, input.last_name),
        last_search: lastNameSearch(input.first_name, input.last_name),
        drivers_license: input.drivers_license,
        birthday: input.birthday,
        gender: input.gender,
        phone: input.phone,
        mail: input.mail,
        bank: input.bank,
        bank_account: input.bank_account,
        address: input.address,
        ...(await idCard(scope, input.drivers_license, at)),
        created_at: at,
        updated_at: at,
      });
      const c = await mustFind(deps, actor, id);
      return { id, mobile_id: mobileId, pin, customer: presentCustomer(c) };
    } catch (err) {
      // 9 random digits clash rarely; a few retries make a clash invisible.
      if (!isUniqueViolation(err) || attempt >= 5) throw err;
    }
  }
}

async function patchCustomer(deps: Deps, actor: Actor, input: CustomerUpdateInput) {
  const scope = storeScope(deps.handle.db, actor.storeId);
  const store = await openStore(scope);
  const current = await mustFind(deps, actor, input.id);
  // A birthday written is checked; a record without one gets it with any edit (the minimum age needs it).
  if (input.birthday !== undefined || current.birthday.trim() === '') mustBeOldEnough(input.birthday ?? current.birthday, store.min_age);
  const { id, UID: _uid, TOKEN: _token, ...fields } = input;
  const patch: ProfilePatch = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) (patch as Record<string, unknown>)[k] = v;
  if (patch.first_name !== undefined || patch.last_name !== undefined) {
    patch.name_search = nameSearch(patch.first_name ?? current.first_name, patch.last_name ?? current.last_name);
    patch.last_search = lastNameSearch(patch.first_name ?? current.first_name, patch.last_name ?? current.last_name);
  }
  const at = isoNow();
  if (patch.drivers_license !== undefined) {
    const hash = idCardHash(patch.drivers_license);
    if (hash !== idCardHash(current.drivers_license)) {
      mustKeepExcludedId(runningProtection(current, at));
      await mustNotBeExcludedPerson(scope, hash, at, id);
    }
    Object.assign(patch, await idCard(scope, patch.drivers_license, at));
  }
  if (!(await scope.customers.updateProfile(id, patch, at))) refuse(Status.CUSTOMER_ERROR);
  return { customer: presentCustomer(await mustFind(deps, actor, id)) };
}

/**
 * The ID card's columns of a record whose ID number is `number`: its hash, and the running exclusion
 * of another store of the operator on that ID when the operator shares them (null otherwise), so the
 * customer is refused at once on every channel and the Customer Account card shows it.
 */
async function writeBlock(deps: Deps, actor: Actor, { id, block }: { id: number; block: boolean }) {
  const scope = storeScope(deps.handle.db, actor.storeId);
  await openStore(scope);
  if (!(await scope.customers.setBlocked(id, block, isoNow()))) refuse(Status.CUSTOMER_ERROR);
  return { id, block };
}

/** A new PIN, shown once; the old one stops working at once. */
async function writeNewPin(deps: Deps, actor: Actor, id: number) {
  const scope = storeScope(deps.handle.db, actor.storeId);
  await openStore(scope);
  const c = await mustFind(deps, actor, id);
  const pin = newPin();
  if (!(await scope.customers.setPinHash(id, await hashSecret(pin), isoNow()))) refuse(Status.CUSTOMER_ERROR);
  return { id, mobile_id: c.mobile_id, pin };
}

/** Ends the customer's session on a machine; kicking a customer who is not playing changes nothing. */
async function release(tx: Deps, actor: Actor, id: number, change: Change) {
  const scope = storeScope(tx.handle.db, actor.storeId);
  await openStore(scope);
  const c = await mustFind(tx, actor, id);
  if (c.playing_machine_id !== null) {
    await scope.customers.release(id, isoNow());
    // The machine may be connected to another server: the bus reaches it there (bus/server-bus.ts), once committed.
    change.tell({ kind: 'kick', machineRowId: c.playing_machine_id, customerId: id });
    change.moved(actor.storeId, { machines: [c.playing_machine_id], customers: [id] });
  }
  return { id, machine: c.machine_name === null ? null : Number(c.machine_name), playing: false as const };
}
