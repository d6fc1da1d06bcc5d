import { STORE_CONTACT_FIELDS, Status, toUnits, type StoreInfo, type StoreUpdateInput } from '@moneybox/contract';
import { changes } from '../audit/audit.js';
import { audited } from '../change.js';
import type { Store } from '../../db/schema.js';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { refuse } from '../../domain/status-refusal.js';
import { storeScope, type StoreScope } from '../../repositories/store-scope.js';
import { assertStoreOpen } from './store-guard.js';
import { storeDenominations } from './denominations.js';

/** What the boss may change; the rest (credit, budget, maximums, exchange rate, freeze, time zone, caps) is the operator's. */
const EDITABLE = [...STORE_CONTACT_FIELDS, 'min_amount', 'limits', 'blind_count', 'denominations', 'large_difference', 'min_age', 'birthday_required', 'id_check', 'large_payout'];

function presentStore(s: Store): StoreInfo {
  return {
    kid: s.id,
    storename: s.name,
    address: s.address,
    city: s.city,
    state: s.state,
    zip: s.zip,
    phone: s.phone,
    freeze: s.frozen === 1,
    freeze_msg: s.freeze_msg,
    max_machines: s.max_machines,
    max_drawers: s.max_drawers,
    special_comps: toUnits(s.comps_budget_cents),
    exchange_rate: s.exchange_rate,
    timezone: s.timezone,
    limit_day: s.limit_day,
    limits: { hourly: toUnits(s.limit_hourly_cents), daily: toUnits(s.limit_daily_cents), weekly: toUnits(s.limit_weekly_cents) },
    caps: { hourly: toUnits(s.cap_hourly_cents), daily: toUnits(s.cap_daily_cents), weekly: toUnits(s.cap_weekly_cents) },
    min_amount: toUnits(s.min_amount_cents),
    blind_count: s.blind_count === 1,
    denominations: storeDenominations(s),
    large_difference: toUnits(s.large_diff_cents),
    min_age: s.min_age,
    birthday_required: s.birthday_required === 1,
    id_check: toUnits(s.id_check_cents),
    large_payout: toUnits(s.large_payout_cents),
  };
}

async function mustStore(deps: Deps, actor: Actor): Promise<Store> {
  const s = await storeScope(deps.handle.db, actor.storeId).store.find();
  if (!s) refuse(Status.KIOSK_CLOSED);
  return s;
}

/**
 * The caller's store (only ever the caller's: there is no id to send), optionally only the named `fields`;
 * no fields named (absent, an empty list or an empty string) means every field.
 */
export async function storeInfo(deps: Deps, actor: Actor, fields: string[] | undefined) {
  const all = presentStore(await mustStore(deps, actor));
  const info = fields && fields.length > 0 ? Object.fromEntries(fields.map((f) => [f, all[f as keyof StoreInfo]])) : all;
  return { info, editable: actor.mode === 'viewer' ? [] : EDITABLE };
}

const WINDOWS = ['hourly', 'daily', 'weekly'] as const;

/**
 * The boss's edits: contact fields, minimum amount, purchase limits (each at most the operator's cap
 * when there is one; 0 means no limit and is allowed only without a cap) and blind count. Refused in a
 * frozen or closed store (46/1). One audit row with the changed values before and after.
 */
export function updateStore(deps: Deps, actor: Actor, input: StoreUpdateInput) {
  return audited(deps, actor, async (tx, audit) => {
    const scope = storeScope(tx.handle.db, actor.storeId);
    const store = await mustStore(tx, actor);
    assertStoreOpen(store);
    const patch: Parameters<StoreScope['store']['update']>[0] = {};
    for (const f of STORE_CONTACT_FIELDS) if (input[f] !== undefined) patch[f] = input[f];
    if (input.min_amount !== undefined) {
      if (input.min_amount < 1) refuse(Status.AMOUNT_ERROR, { reason: 'min_amount', error: 'The minimum amount must be above 0' });
      patch.min_amount_cents = input.min_amount;
    }
    for (const w of WINDOWS) {
      const v = input[`limit_${w}`];
      if (v === undefined) continue;
      const cap = store[`cap_${w}_cents`];
      // A provider's cap means the store keeps a limit: 0 (no limit) is then refused, as is anything above the cap.
      if (cap > 0 && v === 0) {
        refuse(Status.AMOUNT_ERROR, { reason: 'capped_no_limit', limit: w, cap: toUnits(cap), error: `The ${w} purchase limit is capped at the provider's ${toUnits(cap)}: 0 (no limit) is not allowed` });
      }
      if (cap > 0 && v > cap) {
        refuse(Status.AMOUNT_ERROR, { reason: 'above_cap', limit: w, cap: toUnits(cap), error: `The ${w} purchase limit can not be above the provider's ${toUnits(cap)}` });
      }
      patch[`limit_${w}_cents`] = v;
    }
    if (input.blind_count !== undefined) patch.blind_count = input.blind_count ? 1 : 0;
    if (input.denominations !== undefined) patch.denominations = input.denominations.length > 0 ? JSON.stringify(input.denominations) : '';
    if (input.large_difference !== undefined) patch.large_diff_cents = input.large_difference;
    if (input.min_age !== undefined) patch.min_age = input.min_age;
    if (input.birthday_required !== undefined) patch.birthday_required = input.birthday_required ? 1 : 0;
    if (input.id_check !== undefined) patch.id_check_cents = input.id_check;
    if (input.large_payout !== undefined) patch.large_payout_cents = input.large_payout;
    payoutThresholdsHold(patch.id_check_cents ?? store.id_check_cents, patch.large_payout_cents ?? store.large_payout_cents);
    if (Object.keys(patch).length > 0) {
      await scope.store.update(patch);
    }
    const after = (await scope.store.find())!;
    const diff = changes(flat(presentStore(store)), flat(presentStore(after)));
    if (Object.keys(diff.after).length > 0) await audit({ kind: 'store.update', target: { type: 'store', id: store.id, label: store.name }, ...diff });
    return { info: presentStore(after), editable: EDITABLE };
  });
}

/**
 * A large payout is reported with the ID checked at the counter (tax reporting names the payee), so its
 * threshold needs the ID check's and is at or above it (35, reason 'large_payout').
 */
function payoutThresholdsHold(idCheck: number, large: number): void {
  if (large > 0 && (idCheck === 0 || large < idCheck)) {
    refuse(Status.AMOUNT_ERROR, { reason: 'large_payout', id_check: toUnits(idCheck), error: 'The large-payout threshold needs an ID-check threshold at or below it' });
  }
}

/** Limits flattened (limits.daily → limit_daily) so an edit's before/after name exactly what changed. */
function flat(i: StoreInfo): Record<string, unknown> {
  const { limits, caps: _caps, denominations, ...rest } = i;
  return { ...rest, denominations: denominations.join(' '), limit_hourly: limits.hourly, limit_daily: limits.daily, limit_weekly: limits.weekly };
}
