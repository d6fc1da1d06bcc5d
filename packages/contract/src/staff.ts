// Staff accounts, store information and quota, and the audit trail's Activity (issue 9).
// Amounts on the wire are currency units; times ISO-8601 UTC.
import { z } from 'zod';
import { amount, auth, id, paging } from './common.js';
import { DENOMINATIONS_MAX, parseDenominations } from './denominations.js';
import { PHONE_PATTERN, STORE_CONTACT_MAX, STORE_MIN_AGE, ZIP_PATTERN } from './staff-fields.js';

export * from './staff-fields.js';

const flag = z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])]).transform((v) => v === true || v === 1 || v === '1' || v === 'true');
/** 1 = boss, 2 = cashier. */
const saType = z.union([z.literal(1), z.literal(2), z.enum(['1', '2']).transform(Number)]).pipe(z.union([z.literal(1), z.literal(2)]));
const tooLong = (n: number) => `can not have more than ${n} characters`;

export const userListRequest = auth;
/** One staff account with the spec's administrator labels. */
const userListItem = z.object({
  id: z.number().int(),
  account: z.string(),
  saType: z.number().int(),
  type: z.enum(['boss', 'cashier']),
  status: z.enum(['enabled', 'disabled', 'locked']),
  disable: z.boolean(),
  locked: z.boolean(),
  /** The screens the account opens at a drawer (links of the screen registry), from the permission matrix. */
  permission: z.array(z.string()),
  /** The bound store: kiosk id and name. */
  kid: z.number().int(),
  storename: z.string(),
  createTime: z.string(),
  lastLogin: z.string().nullable(),
  /** The drawer number the account holds, if any (it cannot be removed then: 23). */
  moneybox: z.number().int().nullable(),
  /** The caller's own account (never removed, disabled or demoted by itself). */
  self: z.boolean(),
});
export type UserListItem = z.infer<typeof userListItem>;
export const userListReply = z.object({ status: z.literal(0), list: z.array(userListItem) });

/** Username and password are checked by the spec's rules (43, 44, 40) in the service, not here, so they answer their codes. */
export const userCreateRequest = auth.extend({ username: z.string().max(200), password: z.string().max(200), saType });
export const userCreateReply = z.object({ status: z.literal(0), user: userListItem });
/** Changes the password (when given and not empty) and/or the type. */
export const userUpdateRequest = auth.extend({ id, password: z.string().max(200).optional(), saType: saType.optional() });
export const userUpdateReply = userCreateReply;
export const userDisableRequest = auth.extend({ id, disable: flag });
export const userDisableReply = userCreateReply;
export const userRemoveRequest = auth.extend({ id });
export const userRemoveReply = z.object({ status: z.literal(0), id: z.number().int() });
export const userUnlockRequest = auth.extend({ id });
export const userUnlockReply = userCreateReply;

/** Store information: what `/store/info` shows; `fields` optionally names the ones wanted. */
export const storeInfo = z.object({
  kid: z.number().int(),
  storename: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
  freeze: z.boolean(),
  freeze_msg: z.string(),
  max_machines: z.number().int(),
  max_drawers: z.number().int(),
  /** Special comps budget left. */
  special_comps: z.number(),
  exchange_rate: z.number(),
  timezone: z.string(),
  limit_day: z.number().int(),
  /** Per-customer purchase limits (0 = none) and the operator's caps on them (0 = no cap). */
  limits: z.object({ hourly: z.number(), daily: z.number(), weekly: z.number() }),
  caps: z.object({ hourly: z.number(), daily: z.number(), weekly: z.number() }),
  min_amount: z.number(),
  blind_count: z.boolean(),
  /** The bills and coins the store counts, largest first; empty: the currency's defaults (`denominations.ts`). */
  denominations: z.array(z.string()),
  /** An over/short at or above this, either way, is a large difference (the day close flags it). */
  large_difference: z.number(),
  /** Player protection (issue 24): the minimum age at sign-up; whether money moves only for customers with a birthday. */
  min_age: z.number().int(),
  birthday_required: z.boolean(),
  /** A redeem above this needs the customer's ID checked at the counter (reload kiosks refuse it); 0 = never. */
  id_check: z.number(),
  /** A redeem above this is a large payout (the large-payouts report); 0 = none. At or above `id_check`, which it needs. */
  large_payout: z.number(),
});
export type StoreInfo = z.infer<typeof storeInfo>;
const STORE_INFO_FIELDS = Object.keys(storeInfo.shape) as (keyof StoreInfo)[];

export const storeInfoRequest = auth.extend({
  fields: z
    .union([z.array(z.string()), z.string().transform((s) => s.split(',').map((f) => f.trim()).filter(Boolean))])
    .pipe(z.array(z.enum(STORE_INFO_FIELDS as [string, ...string[]])).max(40))
    .optional(),
});
export const storeInfoReply = z.object({ status: z.literal(0), info: storeInfo.partial(), editable: z.array(z.string()) });

const contact = (max: number) => z.string().trim().max(max, tooLong(max));
export const storeUpdateRequest = auth.extend({
  address: contact(STORE_CONTACT_MAX.address).optional(),
  city: contact(STORE_CONTACT_MAX.city).optional(),
  state: contact(STORE_CONTACT_MAX.state).optional(),
  zip: contact(STORE_CONTACT_MAX.zip).regex(ZIP_PATTERN, 'zip: letters, digits, spaces and dashes').optional(),
  phone: contact(STORE_CONTACT_MAX.phone).regex(PHONE_PATTERN, 'phone: digits, spaces and + ( ) . -').optional(),
  min_amount: amount.optional(),
  limit_hourly: amount.optional(),
  limit_daily: amount.optional(),
  limit_weekly: amount.optional(),
  blind_count: flag.optional(),
  /** The store's denominations as a list or as typed ("100, 50, 0.25"); empty: back to the defaults. */
  denominations: z
    .union([z.string().max(400), z.array(z.string().max(20)).max(DENOMINATIONS_MAX)])
    .transform((v, ctx) => {
      const list = parseDenominations(v);
      if (list === null) {
        ctx.addIssue({ code: 'custom', message: `denominations: at most ${DENOMINATIONS_MAX} positive amounts` });
        return z.NEVER;
      }
      return list;
    })
    .optional(),
  large_difference: amount.optional(),
  min_age: z.union([z.number(), z.string().regex(/^\d{1,3}$/).transform(Number)]).pipe(z.number().int().min(STORE_MIN_AGE.min, `min_age: ${STORE_MIN_AGE.min} to ${STORE_MIN_AGE.max}`).max(STORE_MIN_AGE.max, `min_age: ${STORE_MIN_AGE.min} to ${STORE_MIN_AGE.max}`)).optional(),
  birthday_required: flag.optional(),
  id_check: amount.optional(),
  large_payout: amount.optional(),
});
export type StoreUpdateInput = z.output<typeof storeUpdateRequest>;
export const storeUpdateReply = z.object({ status: z.literal(0), info: storeInfo, editable: z.array(z.string()) });

export const storeQuotaRequest = auth.extend({ days: z.union([z.number().int(), z.string().regex(/^\d{1,3}$/).transform(Number)]).pipe(z.number().int().min(1).max(366)).optional() });
const creditDay = z.object({
  /** Store day, YYYY-MM-DD. */
  day: z.string(),
  /** The operator's top-ups that day (negative when taken back). */
  topups: z.number(),
  /** Credit the counter used: purchases minus reverts and redeems (negative when more came back). */
  used: z.number(),
});
const creditTopup = z.object({ at: z.string(), amount: z.number(), note: z.string() });
export const storeQuotaReply = z.object({
  status: z.literal(0),
  credit: z.number(),
  special_comps: z.number(),
  drawers: z.object({ used: z.number().int(), max: z.number().int() }),
  machines: z.object({ used: z.number().int(), max: z.number().int() }),
  /** Average daily use over the last 7 days, and how many days the credit lasts at that pace (null: no use). */
  avg_daily_use: z.number(),
  days_left: z.number().nullable(),
  low_credit: z.boolean(),
  history: z.array(creditDay),
  topups: z.array(creditTopup),
});

/** The Activity tab: audit rows and money (ledger) rows, newest first. */
export const auditListRequest = auth.extend({
  account_id: id.optional(),
  kind: z.string().max(40).optional(),
  startTime: z.union([z.string().max(40), z.number()]).optional(),
  endTime: z.union([z.string().max(40), z.number()]).optional(),
  ...paging.shape,
});
const activityRow = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  actor_role: z.string(),
  account_id: z.number().int().nullable(),
  kind: z.string(),
  target_type: z.string(),
  target_id: z.number().nullable(),
  target: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  amount: z.number().nullable(),
  /**
   * A movement made by a terminal on the floor (no staff account): its kind (game, reload_kiosk,
   * reloader, online) and name; `actor` is then e.g. "Reload kiosk 900" and `actor_role` its channel.
   */
  terminal: z.object({ kind: z.string(), name: z.number().int() }).nullable(),
});
export type ActivityRow = z.infer<typeof activityRow>;
export const auditListReply = z.object({ status: z.literal(0), list: z.array(activityRow), total: z.number().int(), page: z.number().int(), limit: z.number().int() });
export const auditExportRequest = auditListRequest.omit({ page: true, limit: true });
export const auditExportReply = z.object({ status: z.literal(0), csv: z.string(), rows: z.number().int(), truncated: z.boolean() });
