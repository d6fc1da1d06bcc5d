import { Status, toUnits, type CustomerCreateInput, type CustomerSearchType, type CustomerUpdateInput } from '@moneybox/contract';
import { hashSecret } from '../../auth/password.js';
import { isoNow } from '../../clock.js';
import { inTransaction } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { refuse } from '../../domain/status-refusal.js';
import type { CustomerView, ProfilePatch } from '../../repositories/customer.repository.js';
import { pageOf, type PageQuery } from '../paging.js';
import { openStore } from '../store/store-guard.js';
import { presentLimits, windowStarts } from '../../money/purchase-limits.js';
import { revertableCents } from './movement.service.js';
import { newMobileId, newPin } from './pin.js';
import { nameSearch, presentCustomer } from './present.js';
import { storeScope } from '../../repositories/store-scope.js';

const DIGITS = /^\d+$/;

/** Search rules (see customerSearchType in the contract); every query is bounded by the caller's store and an index. */
async function findCustomers(deps: Deps, actor: Actor, { type, rule, limit }: { type: CustomerSearchType; rule: string; limit: number }): Promise<CustomerView[]> {
  const { dialect } = deps.handle;
  const customers = storeScope(deps.handle.db, actor.storeId).customers;
  const byId = async () => {
    const n = Number(rule);
    if (!DIGITS.test(rule) || !Number.isSafeInteger(n)) return [];
    const c = await customers.find(n);
    return c ? [c] : [];
  };
  const byMobile = async () => {
    const c = await customers.findByMobileId(rule);
    return c ? [c] : [];
  };
  const phoneDigits = rule.replace(/\D/g, '');
  switch (type) {
    case 'id':
      if (!DIGITS.test(rule)) refuse(Status.INPUT_ERROR, { error: 'rule: customer id must be a number' });
      return byId();
    case 'mobile_id':
      return byMobile();
    case 'phone':
      return phoneDigits ? customers.byPhonePrefix(dialect, phoneDigits, limit) : [];
    case 'name':
      return customers.byNamePrefix(dialect, nameSearch(rule, ''), limit);
    case 'any': {
      if (!DIGITS.test(rule)) return customers.byNamePrefix(dialect, nameSearch(rule, ''), limit);
      const found = [...(await byId()), ...(await byMobile()), ...(await customers.byPhonePrefix(dialect, rule, limit))];
      const seen = new Set<number>();
      return found.filter((c) => !seen.has(c.id) && seen.add(c.id)).slice(0, limit);
    }
  }
}

export async function searchCustomers(deps: Deps, actor: Actor, q: { type: CustomerSearchType; rule: string; limit: number }) {
  return { list: (await findCustomers(deps, actor, q)).map(presentCustomer) };
}

/** The first customer the rule finds (17 when none), with what a revert may still take back in the caller's shift. */
export async function customerInfo(deps: Deps, actor: Actor, q: { type: CustomerSearchType; rule: string }) {
  const [c] = await findCustomers(deps, actor, { ...q, limit: 1 });
  if (!c) refuse(Status.CUSTOMER_ERROR);
  const scope = storeScope(deps.handle.db, actor.storeId);
  const shift = await scope.shifts.openForAccount(actor.accountId);
  let revertable: number | null = null;
  if (shift && shift.store_id === actor.storeId) {
    const bought = await scope.purchases.shiftNetPurchases(shift.id, shift.started_at, c.id);
    revertable = toUnits(revertableCents(c.entries_cents, bought));
  }
  return { customer: presentCustomer(c), revertable };
}

async function mustFind(deps: Deps, actor: Actor, id: number): Promise<CustomerView> {
  const c = await storeScope(deps.handle.db, actor.storeId).customers.find(id);
  if (!c) refuse(Status.CUSTOMER_ERROR);
  return c;
}

/** A new customer with a fresh mobile id and PIN; the PIN is in this reply only. */
export async function createCustomer(deps: Deps, actor: Actor, input: CustomerCreateInput) {
  const scope = storeScope(deps.handle.db, actor.storeId);
  await openStore(scope);
  const pin = newPin();
  const pinHash = await hashSecret(pin);
  const at = isoNow();
  for (let attempt = 0; ; attempt++) {
    const mobileId = newMobileId();
    try {
      const id = await scope.customers.insert({
        mobile_id: mobileId,
        pin_hash: pinHash,
        first_name: input.first_name,
        last_name: input.last_name,
        name_search: nameSearch(input.first_name, input.last_name),
        drivers_license: input.drivers_license,
        birthday: input.birthday,
        gender: input.gender,
        phone: input.phone,
        mail: input.mail,
        bank: input.bank,
        bank_account: input.bank_account,
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

export async function updateCustomer(deps: Deps, actor: Actor, input: CustomerUpdateInput) {
  const scope = storeScope(deps.handle.db, actor.storeId);
  await openStore(scope);
  const current = await mustFind(deps, actor, input.id);
  const { id, UID: _uid, TOKEN: _token, ...fields } = input;
  const patch: ProfilePatch = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) (patch as Record<string, unknown>)[k] = v;
  if (patch.first_name !== undefined || patch.last_name !== undefined) {
    patch.name_search = nameSearch(patch.first_name ?? current.first_name, patch.last_name ?? current.last_name);
  }
  if (!(await scope.customers.updateProfile(id, patch, isoNow()))) refuse(Status.CUSTOMER_ERROR);
  return { customer: presentCustomer(await mustFind(deps, actor, id)) };
}

export async function setBlock(deps: Deps, actor: Actor, { id, block }: { id: number; block: boolean }) {
  const scope = storeScope(deps.handle.db, actor.storeId);
  await openStore(scope);
  if (!(await scope.customers.setBlocked(id, block, isoNow()))) refuse(Status.CUSTOMER_ERROR);
  return { id, block };
}

export async function blockState(deps: Deps, actor: Actor, id: number) {
  const c = await mustFind(deps, actor, id);
  return { id, block: c.blocked === 1 };
}

/** A new PIN, shown once; the old one stops working at once. */
export async function resetPin(deps: Deps, actor: Actor, id: number) {
  const scope = storeScope(deps.handle.db, actor.storeId);
  await openStore(scope);
  const c = await mustFind(deps, actor, id);
  const pin = newPin();
  if (!(await scope.customers.setPinHash(id, await hashSecret(pin), isoNow()))) refuse(Status.CUSTOMER_ERROR);
  return { id, mobile_id: c.mobile_id, pin };
}

/** Ends the customer's session on a machine; kicking a customer who is not playing changes nothing. */
export async function kick(deps: Deps, actor: Actor, id: number) {
  const scope = storeScope(deps.handle.db, actor.storeId);
  await openStore(scope);
  const c = await mustFind(deps, actor, id);
  if (c.playing_machine_id !== null) {
    await inTransaction(scope.db, (tx) => scope.in(tx).customers.release(id, isoNow()));
    // The machine may be connected to another server: the bus reaches it there (bus/terminal-bus.ts).
    await deps.bus?.publish({ kind: 'kick', machineRowId: c.playing_machine_id, customerId: id });
    deps.live?.note(actor.storeId, { machines: [c.playing_machine_id], customers: [id] });
  }
  return { id, machine: c.machine_name === null ? null : Number(c.machine_name), playing: false as const };
}

/** Purchase limits left and total; without a customer, the store's totals with nothing used. */
export async function dayLimit(deps: Deps, actor: Actor, id: number | undefined) {
  const scope = storeScope(deps.handle.db, actor.storeId);
  const store = await scope.store.find();
  if (!store) refuse(Status.KIOSK_CLOSED);
  let used = { hour: 0, day: 0, week: 0 };
  if (id !== undefined) {
    await mustFind(deps, actor, id);
    used = await scope.purchases.purchaseWindows(id, windowStarts());
  }
  // limit_day: the widest report period (spec section 5), so the report forms can check it before asking.
  return { ...presentLimits(store, used), limit_day: store.limit_day };
}

export function listCustomers(deps: Deps, actor: Actor, q: PageQuery) {
  const customers = storeScope(deps.handle.db, actor.storeId).customers;
  return pageOf(
    q,
    (offset, limit) => customers.page(offset, limit),
    () => customers.count(),
    presentCustomer,
  );
}
