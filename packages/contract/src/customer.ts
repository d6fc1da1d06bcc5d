// Customer calls' schemas (issue: customer accounts and credit movements).
// Amounts on the wire are currency units; entries, winnings and limits in replies too.
import { z } from 'zod';
import { amount, auth, id, isoTime, key, paging } from './common.js';
import { COOL_OFF_DAYS, CUSTOMER_FIELD_MAX, EXCLUSION_PERIODS, GENDERS, GIFT_AWARD_TYPES, ID_TYPES, PROTECTION_KINDS, SEARCH_MAX, normalizeIdNumber, type IdType } from './customer-fields.js';
import { expectedBalance } from './drawer.js';

export { COOL_OFF_DAYS, CUSTOMER_FIELD_MAX, EXCLUSION_PERIODS, GENDERS, GIFT_AWARD_TYPES, ID_TYPES, PROTECTION_KINDS, SEARCH_MAX, normalizeIdNumber, type IdType };

const tooLong = (n: number) => `can not have more than ${n} characters`;
const text = (max: number) => z.string().trim().max(max, tooLong(max));

/**
 * Search types of `/customer/search` and `/customer/info` (the spec's `type`; `rule` is the text typed):
 * - `any` (default): digits match customer id, mobile id (exact) or phone (prefix); other text matches a name prefix.
 * - `id`: customer id, exact (rule must be a number).
 * - `mobile_id`: mobile id, exact.
 * - `phone`: phone prefix, digits only are compared (punctuation in the rule is ignored).
 * - `name`: prefix of "first last", case-insensitive.
 */
export const customerSearchType = z.enum(['any', 'id', 'mobile_id', 'phone', 'name']);
export type CustomerSearchType = z.infer<typeof customerSearchType>;

export const customerSearchRequest = auth.extend({
  type: customerSearchType.optional().default('any'),
  rule: z.union([z.string(), z.number().int().nonnegative()]).transform(String).pipe(z.string().trim().min(1, 'rule is required').max(100, tooLong(100))),
  /** Accepted for the spec's payload; replies always carry every field. */
  fields: z.unknown().optional(),
  limit: z.union([z.number().int(), z.string().regex(/^\d{1,3}$/).transform(Number)]).pipe(z.number().int().min(1).max(SEARCH_MAX)).optional().default(20),
});
export const customerInfoRequest = customerSearchRequest;

/**
 * Player protection (issue 24): a self-exclusion (6 months, 1 year, 5 years or permanent) or a
 * cool-off (1 to 42 days). While it runs the customer buys nothing and plays nothing; redeems and
 * reverts stay allowed. It cannot be lifted or shortened, only replaced by one that ends later.
 */
export const protection = z.object({
  kind: z.enum(PROTECTION_KINDS),
  /** When it was set (ISO). */
  since: z.string(),
  /** When it ends (ISO); null when permanent. */
  until: z.string().nullable(),
  /**
   * True: a self-exclusion recorded in another store of the same operator, matched by the customer's
   * ID card (the operator shares exclusions; only that it runs and until when is shared).
   */
  shared: z.boolean().optional(),
});
export type Protection = z.infer<typeof protection>;

/** One customer as every customer call shows them. */
export const customerRecord = z.object({
  id: z.number().int(),
  mobile_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  drivers_license: z.string(),
  birthday: z.string(),
  gender: z.string(),
  phone: z.string(),
  mail: z.string(),
  bank: z.string(),
  bank_account: z.string(),
  /** The home address as one line ('' when not given). */
  address: z.string(),
  account_type: z.number().int(),
  block: z.boolean(),
  playing: z.boolean(),
  /** The machine's name (its number) while playing, else null. */
  machine: z.number().int().nullable(),
  entries: z.number(),
  winnings: z.number(),
  createTime: z.string(),
  updateTime: z.string(),
  /** The running self-exclusion or cool-off; null when none runs. */
  protection: protection.nullable(),
  /** The personal fields were erased on request (`/customer/erase`): they are empty, the balances and history stay. */
  erased: z.boolean(),
});
export type CustomerRecord = z.infer<typeof customerRecord>;

export const customerSearchReply = z.object({ status: z.literal(0), list: z.array(customerRecord) });
export const customerInfoReply = z.object({
  status: z.literal(0),
  customer: customerRecord,
  /** What a revert may still take back in the caller's open shift; null without an open shift. */
  revertable: z.number().nullable(),
});

const isRealPastDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && d.getTime() <= Date.now() && s >= '1900-01-01';
};

/** The customer's profile fields (spec section 3). Phone is stored as its digits. */
const profile = {
  first_name: text(CUSTOMER_FIELD_MAX.first_name).min(1, 'first name is required'),
  last_name: text(CUSTOMER_FIELD_MAX.last_name).min(1, 'last name is required'),
  drivers_license: text(CUSTOMER_FIELD_MAX.drivers_license),
  birthday: z.union([z.literal(''), z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'birthday must be a date YYYY-MM-DD').refine(isRealPastDate, 'birthday must be a real date in the past')]),
  gender: z.enum(GENDERS),
  phone: text(CUSTOMER_FIELD_MAX.phone)
    .regex(/^[0-9+\-(). ]*$/, 'phone may hold digits, spaces and + - ( ) . only')
    .transform((p) => p.replace(/\D/g, '')),
  mail: z.union([z.literal(''), z.string().trim().max(CUSTOMER_FIELD_MAX.mail, tooLong(CUSTOMER_FIELD_MAX.mail)).pipe(z.email('invalid e-mail'))]),
  bank: text(CUSTOMER_FIELD_MAX.bank),
  bank_account: text(CUSTOMER_FIELD_MAX.bank_account),
  address: text(CUSTOMER_FIELD_MAX.address),
};

export const customerCreateRequest = auth.extend({
  first_name: profile.first_name,
  last_name: profile.last_name,
  drivers_license: profile.drivers_license.optional().default(''),
  birthday: profile.birthday.optional().default(''),
  gender: profile.gender.optional().default(''),
  phone: profile.phone.optional().default(''),
  mail: profile.mail.optional().default(''),
  bank: profile.bank.optional().default(''),
  bank_account: profile.bank_account.optional().default(''),
  address: profile.address.optional().default(''),
});
export type CustomerCreateInput = z.output<typeof customerCreateRequest>;

/** The new customer's mobile id and PIN: the PIN is shown once and never again. */
export const customerCreateReply = z.object({
  status: z.literal(0),
  id: z.number().int(),
  mobile_id: z.string(),
  pin: z.string(),
  customer: customerRecord,
});

/** Same fields plus id; a field left out keeps its value. */
export const customerUpdateRequest = auth.extend({
  id,
  first_name: profile.first_name.optional(),
  last_name: profile.last_name.optional(),
  drivers_license: profile.drivers_license.optional(),
  birthday: profile.birthday.optional(),
  gender: profile.gender.optional(),
  phone: profile.phone.optional(),
  mail: profile.mail.optional(),
  bank: profile.bank.optional(),
  bank_account: profile.bank_account.optional(),
  address: profile.address.optional(),
});
export type CustomerUpdateInput = z.output<typeof customerUpdateRequest>;
export const customerUpdateReply = z.object({ status: z.literal(0), customer: customerRecord });

/** An empty amount (missing, null or "") is the spec's "must not be empty" (35), not an input error. */
const moneyAmount = z.preprocess((v) => (v === '' || v === null ? undefined : v), amount.optional());

/** Purchase, redeem, special comps and revert purchase. */
export const customerMoneyRequest = auth.extend({ id, key, amount: moneyAmount });
export type CustomerMoneyInput = z.output<typeof customerMoneyRequest>;
/**
 * A redeem taking the customer's payouts of the store day (every channel) above the store's ID-check
 * threshold (`id_check` in /store/info) carries the customer's ID as checked at the counter: its type
 * and the number typed from the document; without it, or not matching the record, 17 with `reason:
 * 'id_check'` (`paid_today`: what was paid before it that day). A record without a number takes it.
 */
export const customerRedeemRequest = customerMoneyRequest.extend({
  id_type: z.enum(ID_TYPES).optional(),
  id_number: text(CUSTOMER_FIELD_MAX.drivers_license).optional(),
});
export type CustomerRedeemInput = z.output<typeof customerRedeemRequest>;
export const customerMoneyReply = z.object({
  status: z.literal(0),
  id: z.number().int(),
  /** The ledger row of this movement. */
  movement_id: z.number().int(),
  amount: z.number(),
  /** The customer's balances after the movement. */
  entries: z.number(),
  winnings: z.number(),
  /** The drawer's cash balance after the movement; absent for a cashier under blind count (drawer.ts `expectedBalance`). */
  balance: expectedBalance,
});

/** With `id`: that customer's limits; without: the store's totals with nothing used. */
export const customerDayLimitRequest = auth.extend({ id: id.optional(), fun_name: z.unknown().optional() });
/** `total` 0 means no limit; `left` is then null. */
const limitWindow = z.object({ left: z.number().nullable(), total: z.number() });
/** The customer's own limits (issue 24): in force (left / total, total 0 = none) and a raise pending until `at`. */
const personalLimits = z.object({
  hourly: limitWindow,
  daily: limitWindow,
  weekly: limitWindow,
  pending: z.object({ hourly: z.number(), daily: z.number(), weekly: z.number(), at: z.string() }).nullable(),
});
export const customerDayLimitReply = z.object({
  status: z.literal(0),
  hourly: limitWindow,
  daily: limitWindow,
  weekly: limitWindow,
  /** With `id`: the customer's personal limits. */
  personal: personalLimits.optional(),
  /** With `id`: what a purchase may still be, the least left of the store's and the customer's own limits (the purchase check's windows); null when none is set. */
  purchase_left: z.number().nullable().optional(),
  /** The store's widest report period in store days (spec section 5). */
  limit_day: z.number().int(),
  /** The store's ID-check threshold (issue 24): a redeem above it needs the customer's ID (`id_type`, `id_number`); 0 = none. */
  id_check: z.number(),
  /** With `id`: what the customer was paid out this store day, every channel (the ID check applies to the day's total). */
  paid_today: z.number().optional(),
  /** The store's minimum age (0 = none): a purchase or special comps only for a customer at least this old. */
  min_age: z.number().int(),
  /**
   * With `id`: why the customer may not buy by age today (the money rules' own check): `under` younger than
   * `min_age`, `birthday` no birthday to tell; null old enough. The card says so before the cashier tries.
   */
  age_short: z.enum(['birthday', 'under']).nullable().optional(),
});

const flag = z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])]).transform((v) => v === true || v === 1 || v === '1' || v === 'true');

export const customerIdRequest = auth.extend({ id });
export const customerBlockRequest = auth.extend({ id, block: flag });
export const customerBlockReply = z.object({ status: z.literal(0), id: z.number().int(), block: z.boolean() });

/** `pin_id` is the spec's field; the drawer comes from the session, so it is accepted and not used. */
export const customerResetRequest = auth.extend({ id, pin_id: z.unknown().optional() });
export const customerResetReply = z.object({ status: z.literal(0), id: z.number().int(), mobile_id: z.string(), pin: z.string() });

/** Sets a self-exclusion (`period`) or a cool-off (`days`) that ends later than any running one. */
export const customerProtectRequest = auth
  .extend({
    id,
    kind: z.enum(PROTECTION_KINDS),
    /** A self-exclusion's period. */
    period: z.enum(EXCLUSION_PERIODS).optional(),
    /** A cool-off's days. */
    days: z.union([z.number(), z.string().regex(/^\d{1,3}$/).transform(Number)]).pipe(z.number().int().min(COOL_OFF_DAYS.min).max(COOL_OFF_DAYS.max)).optional(),
  })
  .refine((v) => (v.kind === 'exclusion' ? v.period !== undefined && v.days === undefined : v.days !== undefined && v.period === undefined), {
    message: 'an exclusion takes period, a cool-off takes days',
  });
export type CustomerProtectInput = z.output<typeof customerProtectRequest>;
export const customerProtectReply = z.object({ status: z.literal(0), id: z.number().int(), protection, customer: customerRecord });

export const customerKickReply = z.object({
  status: z.literal(0),
  id: z.number().int(),
  /** The machine's name the customer was released from; null when they were not playing. */
  machine: z.number().int().nullable(),
  playing: z.literal(false),
});

/** Times: ISO-8601 (UTC or with offset) or epoch milliseconds. Without them: the last 24 hours. */
const time = z.union([isoTime, z.number().int().nonnegative()]).optional();
const historyBase = auth.extend({ id, startTime: time, endTime: time }).extend(paging.shape);
export const customerHistoryRequest = historyBase.extend({ fun_name: z.unknown().optional() });
export const customerGiftHistoryRequest = historyBase.extend({ lan: z.unknown().optional() });

/** A game round; credits and bets are game credits as the machine reports them. */
const roundRecord = z.object({
  round_no: z.string(),
  serial_no: z.string(),
  time: z.string(),
  game_name: z.string(),
  begin_credits: z.number(),
  end_credits: z.number(),
  jp_bet: z.number(),
  game_bet: z.number(),
  extra_bet: z.number(),
  buy_bonus_cost: z.number(),
  win: z.number(),
});
export const customerHistoryReply = z.object({
  status: z.literal(0),
  list: z.array(roundRecord),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

const giftRecord = z.object({
  time: z.string(),
  title: z.string(),
  award_type: z.string(),
  /** Currency units. */
  award_amount: z.number(),
  award_item: z.string(),
  item_amount: z.number().int(),
  level: z.number().int(),
});
export const customerGiftHistoryReply = customerHistoryReply.extend({ list: z.array(giftRecord) });

export const customerListRequest = auth.extend(paging.shape);
export const customerListReply = z.object({
  status: z.literal(0),
  list: z.array(customerRecord),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** The store's customers under a running protection, the latest set first (a page like the customer list). */
export const customerProtectedRequest = customerListRequest;
export const customerProtectedReply = customerListReply;

/** A customer's own purchase limits (units, 0 = none): a lower one takes effect at once, a raise after 24 hours. */
export const customerLimitsRequest = auth.extend({ id, hourly: amount, daily: amount, weekly: amount });
export const customerLimitsReply = z.object({ status: z.literal(0), id: z.number().int(), personal: personalLimits });

