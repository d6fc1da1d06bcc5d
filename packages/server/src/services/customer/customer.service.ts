import { isoNow } from '../../clock.js';
import { Status, ageDay, ageShort, toUnits, type CustomerSearchType } from '@moneybox/contract';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { refuse } from '../../domain/status-refusal.js';
import type { CustomerView } from '../../repositories/customer.repository.js';
import { pageOf, type PageQuery } from '../paging.js';
import { personalLimits, presentLimits, presentPersonal, purchaseLeft, windowStarts } from '../../money/purchase-limits.js';
import { payoutsToday, recentPayoutsSince } from '../../money/payouts.js';
import { revertableCents } from './movement.service.js';
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

/** The customer of the caller's store (27 when there is none). */
export async function mustFind(deps: Deps, actor: Actor, id: number): Promise<CustomerView> {
  const c = await storeScope(deps.handle.db, actor.storeId).customers.find(id);
  if (!c) refuse(Status.CUSTOMER_ERROR);
  return c;
}

export async function blockState(deps: Deps, actor: Actor, id: number) {
  const c = await mustFind(deps, actor, id);
  return { id, block: c.blocked === 1 };
}

const nullableUnits = (cents: number | null) => (cents === null ? null : toUnits(cents));

/** Purchase limits left and total; without a customer, the store's totals with nothing used. */
export async function dayLimit(deps: Deps, actor: Actor, id: number | undefined) {
  const scope = storeScope(deps.handle.db, actor.storeId);
  const store = await scope.store.find();
  if (!store) refuse(Status.KIOSK_CLOSED);
  const id_check = toUnits(store.id_check_cents);
  if (id === undefined) return { ...presentLimits(store, { hour: 0, day: 0, week: 0 }), limit_day: store.limit_day, id_check, min_age: store.min_age };
  const c = await mustFind(deps, actor, id);
  const at = isoNow();
  const used = await scope.purchases.purchaseWindows(id, windowStarts(Date.parse(at)));
  // What the customer was paid today, every channel: the redeem dialog asks for the ID when the day's total needs it.
  const paid = await scope.purchases.recentPayouts(id, recentPayoutsSince(at));
  // limit_day: the widest report period (spec section 5), so the report forms can check it before asking.
  return {
    ...presentLimits(store, used),
    limit_day: store.limit_day,
    id_check,
    paid_today: toUnits(payoutsToday(paid, at, store.timezone)),
    personal: presentPersonal(c, used, at),
    // What a purchase may still be: the purchase check's own windows, the store's and the customer's own.
    purchase_left: nullableUnits(purchaseLeft(store, used, personalLimits(c, at))),
    min_age: store.min_age,
    // The purchase's own rule on its (UTC) day, so the card's warning and the refusal never disagree.
    age_short: ageShort(store, c.birthday, ageDay(at)),
  };
}

/** The boss's list of customers under a running self-exclusion or cool-off, the latest set first. */
export function listProtected(deps: Deps, actor: Actor, q: PageQuery) {
  const customers = storeScope(deps.handle.db, actor.storeId).customers;
  const at = isoNow();
  return pageOf(
    q,
    (offset, limit) => customers.protectedPage(at, offset, limit),
    () => customers.protectedCount(at),
    presentCustomer,
  );
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
