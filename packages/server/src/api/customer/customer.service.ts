import { Status, toUnits, type CustomerCreateInput, type CustomerSearchType, type CustomerUpdateInput } from '@moneybox/contract';
import { hashSecret } from '../../auth/password.js';
import { isoNow } from '../../clock.js';
import { inTransaction } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { AuthedContext } from '../../http/call.js';
import { refuse } from '../../http/errors.js';
import { customerMovementRepository } from '../../repositories/customer-movement.repository.js';
import { customerRepository, type CustomerView, type ProfilePatch } from '../../repositories/customer.repository.js';
import { storeRepository } from '../../repositories/store.repository.js';
import { pageOf, type PageQuery } from '../paging.js';
import { openStore } from '../store/store-guard.js';
import { presentLimits, windowStarts } from '../../money/purchase-limits.js';
import { revertableCents } from './movement.service.js';
import { newMobileId, newPin } from './pin.js';
import { nameSearch, presentCustomer } from './present.js';
import { storeScope } from '../../repositories/store-scope.js';

const DIGITS = /^\d+$/;

/** Search rules (see customerSearchType in the contract); every query is bounded by the caller's store and an index. */
async function findCustomers(type: CustomerSearchType, rule: string, limit: number, ctx: AuthedContext): Promise<CustomerView[]> {
  const { db, dialect } = ctx.deps.handle;
  const storeId = ctx.caller.storeId;
  const byId = async () => {
    const n = Number(rule);
    if (!DIGITS.test(rule) || !Number.isSafeInteger(n)) return [];
    const c = await customerRepository.find(db, storeId, n);
    return c ? [c] : [];
  };
  const byMobile = async () => {
    const c = await customerRepository.findByMobileId(db, storeId, rule);
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
      return phoneDigits ? customerRepository.byPhonePrefix(db, dialect, storeId, phoneDigits, limit) : [];
    case 'name':
      return customerRepository.byNamePrefix(db, dialect, storeId, nameSearch(rule, ''), limit);
    case 'any': {
      if (!DIGITS.test(rule)) return customerRepository.byNamePrefix(db, dialect, storeId, nameSearch(rule, ''), limit);
      const found = [...(await byId()), ...(await byMobile()), ...(await customerRepository.byPhonePrefix(db, dialect, storeId, rule, limit))];
      const seen = new Set<number>();
      return found.filter((c) => !seen.has(c.id) && seen.add(c.id)).slice(0, limit);
    }
  }
}

export async function searchCustomers(type: CustomerSearchType, rule: string, limit: number, ctx: AuthedContext) {
  return { list: (await findCustomers(type, rule, limit, ctx)).map(presentCustomer) };
}

/** The first customer the rule finds (17 when none), with what a revert may still take back in the caller's shift. */
export async function customerInfo(type: CustomerSearchType, rule: string, ctx: AuthedContext) {
  const [c] = await findCustomers(type, rule, 1, ctx);
  if (!c) refuse(Status.CUSTOMER_ERROR);
  const { db } = ctx.deps.handle;
  const shift = await storeScope(db, ctx.caller.storeId).shifts.openForAccount(ctx.caller.accountId);
  let revertable: number | null = null;
  if (shift && shift.store_id === ctx.caller.storeId) {
    const bought = await customerMovementRepository.shiftNetPurchases(db, ctx.caller.storeId, shift.id, shift.started_at, c.id);
    revertable = toUnits(revertableCents(c.entries_cents, bought));
  }
  return { customer: presentCustomer(c), revertable };
}

async function mustFind(ctx: AuthedContext, id: number): Promise<CustomerView> {
  const c = await customerRepository.find(ctx.deps.handle.db, ctx.caller.storeId, id);
  if (!c) refuse(Status.CUSTOMER_ERROR);
  return c;
}

/** A new customer with a fresh mobile id and PIN; the PIN is in this reply only. */
export async function createCustomer(input: CustomerCreateInput, ctx: AuthedContext) {
  const { db } = ctx.deps.handle;
  const storeId = ctx.caller.storeId;
  await openStore(db, storeId);
  const pin = newPin();
  const pinHash = await hashSecret(pin);
  const at = isoNow();
  for (let attempt = 0; ; attempt++) {
    const mobileId = newMobileId();
    try {
      const id = await customerRepository.insert(db, {
        store_id: storeId,
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
      const c = await mustFind(ctx, id);
      return { id, mobile_id: mobileId, pin, customer: presentCustomer(c) };
    } catch (err) {
      // 9 random digits clash rarely; a few retries make a clash invisible.
      if (!isUniqueViolation(err) || attempt >= 5) throw err;
    }
  }
}

export async function updateCustomer(input: CustomerUpdateInput, ctx: AuthedContext) {
  const { db } = ctx.deps.handle;
  await openStore(db, ctx.caller.storeId);
  const current = await mustFind(ctx, input.id);
  const { id, UID: _uid, TOKEN: _token, ...fields } = input;
  const patch: ProfilePatch = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) (patch as Record<string, unknown>)[k] = v;
  if (patch.first_name !== undefined || patch.last_name !== undefined) {
    patch.name_search = nameSearch(patch.first_name ?? current.first_name, patch.last_name ?? current.last_name);
  }
  if (!(await customerRepository.updateProfile(db, ctx.caller.storeId, id, patch, isoNow()))) refuse(Status.CUSTOMER_ERROR);
  return { customer: presentCustomer(await mustFind(ctx, id)) };
}

export async function setBlock(id: number, block: boolean, ctx: AuthedContext) {
  const { db } = ctx.deps.handle;
  await openStore(db, ctx.caller.storeId);
  if (!(await customerRepository.setBlocked(db, ctx.caller.storeId, id, block, isoNow()))) refuse(Status.CUSTOMER_ERROR);
  return { id, block };
}

export async function blockState(id: number, ctx: AuthedContext) {
  const c = await mustFind(ctx, id);
  return { id, block: c.blocked === 1 };
}

/** A new PIN, shown once; the old one stops working at once. */
export async function resetPin(id: number, ctx: AuthedContext) {
  const { db } = ctx.deps.handle;
  await openStore(db, ctx.caller.storeId);
  const c = await mustFind(ctx, id);
  const pin = newPin();
  if (!(await customerRepository.setPinHash(db, ctx.caller.storeId, id, await hashSecret(pin), isoNow()))) refuse(Status.CUSTOMER_ERROR);
  return { id, mobile_id: c.mobile_id, pin };
}

/** Ends the customer's session on a machine; kicking a customer who is not playing changes nothing. */
export async function kick(id: number, ctx: AuthedContext) {
  const { db } = ctx.deps.handle;
  await openStore(db, ctx.caller.storeId);
  const c = await mustFind(ctx, id);
  if (c.playing_machine_id !== null) {
    await inTransaction(db, (tx) => customerRepository.release(tx, ctx.caller.storeId, id, isoNow()));
    // The machine may be connected to another server: the bus reaches it there (bus/terminal-bus.ts).
    await ctx.deps.bus?.publish({ kind: 'kick', machineRowId: c.playing_machine_id, customerId: id });
    ctx.deps.live?.note(ctx.caller.storeId, { machines: [c.playing_machine_id], customers: [id] });
  }
  return { id, machine: c.machine_name === null ? null : Number(c.machine_name), playing: false as const };
}

/** Purchase limits left and total; without a customer, the store's totals with nothing used. */
export async function dayLimit(id: number | undefined, ctx: AuthedContext) {
  const { db } = ctx.deps.handle;
  const store = await storeRepository.find(db, ctx.caller.storeId);
  if (!store) refuse(Status.KIOSK_CLOSED);
  let used = { hour: 0, day: 0, week: 0 };
  if (id !== undefined) {
    await mustFind(ctx, id);
    used = await customerMovementRepository.purchaseWindows(db, store.id, id, windowStarts());
  }
  // limit_day: the widest report period (spec section 5), so the report forms can check it before asking.
  return { ...presentLimits(store, used), limit_day: store.limit_day };
}

export function listCustomers(q: PageQuery, ctx: AuthedContext) {
  const { db } = ctx.deps.handle;
  const storeId = ctx.caller.storeId;
  return pageOf(
    q,
    (offset, limit) => customerRepository.page(db, storeId, offset, limit),
    () => customerRepository.count(db, storeId),
    presentCustomer,
  );
}
