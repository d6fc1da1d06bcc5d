import { z } from 'zod';
import { amount, auth, id, isoTime, key, paging } from './common.js';
import { REASON_MAX } from './drawer-fields.js';
import { parseAmount } from './money.js';

export { REASON_MAX };

export const drawerStatus = z.enum(['available', 'occupied', 'frozen']);
export type DrawerStatus = z.infer<typeof drawerStatus>;

export const drawerListRequest = z.object({
  kioskID: id,
  freeze: z.unknown().optional(),
  fields: z.unknown().optional(),
});
const drawerListItem = z.object({
  id: z.number().int(),
  number: z.number().int(),
  status: drawerStatus,
  freeze: z.boolean(),
  account: z.string().nullable(),
  createTime: z.string(),
  lastLogin: z.string().nullable(),
});
export type DrawerListItem = z.infer<typeof drawerListItem>;
/** `storename`: the kiosk's store, shown on the login page. */
export const drawerListReply = z.object({ status: z.literal(0), storename: z.string(), list: z.array(drawerListItem) });

/** Most denominations a count may list (bills and coins of any currency fit well inside). */
const COUNT_DETAIL_MAX_KEYS = 30;
/**
 * The blind count by denomination: `{ "<denomination in currency units>": <pieces> }`,
 * e.g. `{ "100": 3, "20": 7, "0.25": 12 }`.
 */
export const countDetail = z
  .record(z.string().max(20), z.number().int().min(0).max(100000))
  .refine((r) => Object.keys(r).length <= COUNT_DETAIL_MAX_KEYS, `at most ${COUNT_DETAIL_MAX_KEYS} denominations`)
  .refine((r) => Object.keys(r).every((k) => (parseAmount(k) ?? 0) > 0), 'each denomination must be a positive amount');

/** Sum of a denomination count, in cents. */
export function countDetailCents(detail: Record<string, number>): number {
  let sum = 0;
  for (const [denomination, pieces] of Object.entries(detail)) sum += (parseAmount(denomination) ?? 0) * pieces;
  return sum;
}

/** `count_detail`: the float counted by denomination; its sum must equal `amount` (35). */
export const drawerInitRequest = auth.extend({ amount, key, count_detail: countDetail.optional() });
/**
 * The drawer's expected cash balance (`balance` in the replies below) is left out for a cashier while the
 * store asks for a blind count (`blind_count`), until the shift is closed: the cashier counts without
 * knowing what the drawer should hold. A boss always gets it (server: domain/expected-balance.ts).
 */
export const expectedBalance = z.number().optional();
/**
 * A figure from which the expected balance follows (a shift's initial amount, fills, bleeds, purchases,
 * redeems and other totals, the carried float, a movement's amount): left out wherever `balance` is.
 */
export const expectedCashTerm = z.number().optional();

export const drawerInitReply = z.object({ status: z.literal(0), initial_amount: expectedCashTerm, balance: expectedBalance });

export const reason = z
  .string()
  .trim()
  .min(1, 'reason is required')
  .max(REASON_MAX, `can not have more than ${REASON_MAX} characters`);

/** Fills and bleeds: cash into or out of the caller's drawer, on the caller's open shift. */
const drawerCashRequest = auth.extend({ shift_id: id, amount, key, reason });
export const drawerFillsRequest = drawerCashRequest;
export const drawerBleedsRequest = drawerCashRequest;
export const drawerCashReply = z.object({
  status: z.literal(0),
  /** The ledger row of this movement. */
  movement_id: z.number().int(),
  shift_id: z.number().int(),
  amount: z.number(),
  /** The shift's totals: absent with `balance` (see `expectedCashTerm`). */
  fills: expectedCashTerm,
  bleeds: expectedCashTerm,
  /** Absent for a cashier under blind count (see `expectedBalance`). */
  balance: expectedBalance,
});

/**
 * A shift's money totals in currency units, as the Drawer page and the shift report both show them. An
 * open shift's are absent with `balance` for a cashier under blind count (see `expectedCashTerm`).
 */
const shiftTotals = {
  initial_amount: expectedCashTerm,
  fills: expectedCashTerm,
  bleeds: expectedCashTerm,
  purchases: expectedCashTerm,
  redeems: expectedCashTerm,
  comps: expectedCashTerm,
  special_comps: expectedCashTerm,
};

/** Without `id`: the caller's own drawer. With `id` (a drawer id): any drawer of the store, boss only. */
export const drawerInfoRequest = auth.extend({ id: id.optional() });
export const drawerInfoReply = z.object({
  status: z.literal(0),
  drawer_id: z.number().int(),
  moneybox: z.number().int(),
  freeze: z.boolean(),
  /** Null when the drawer has no open shift (only seen by a boss asking by id). */
  shift_id: z.number().int().nullable(),
  account: z.string().nullable(),
  createTime: isoTime.nullable(),
  initAmount: z.boolean(),
  ...shiftTotals,
  reverts: expectedCashTerm,
  /** Cash expected in the drawer: initial + fills - bleeds + purchases - redeems. Absent for a cashier under blind count. */
  balance: expectedBalance,
  /** Store setting: ask for a blind cash count at shift close. */
  blind_count: z.boolean(),
  /** Smallest purchase, redeem or special comps amount of the store. */
  min_amount: z.number(),
  /** The store's denominations, largest first; empty: the currency's defaults (contract `denominations.ts`). */
  denominations: z.array(z.string()),
  /** The float offered as the initial amount: the count at the drawer's last close (null: none counted); absent with `balance`. */
  carried: z.number().nullable().optional(),
});
export type DrawerInfo = z.infer<typeof drawerInfoReply>;

/**
 * One ledger row of a shift, newest first. `kind`: init, fill, bleed, purchase, revert, redeem, special_comps, ...
 * `drawer` is the signed change to the drawer's cash. Both are absent on an open shift's rows for a cashier
 * under blind count (the rows sum to the expected balance).
 */
const drawerMovement = z.object({
  id: z.number().int(),
  kind: z.string(),
  amount: expectedCashTerm,
  drawer: expectedCashTerm,
  time: isoTime,
  note: z.string(),
  customer_id: z.number().int().nullable(),
  account: z.string().nullable(),
});
export type DrawerMovement = z.infer<typeof drawerMovement>;
/** Without `shift_id`: the caller's open shift. A cashier sees only their own shifts; a boss any of the store. */
export const drawerMovementsRequest = auth.extend({ shift_id: id.optional() }).extend(paging.shape);
export const drawerMovementsReply = z.object({
  status: z.literal(0),
  shift_id: z.number().int(),
  list: z.array(drawerMovement),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** A yes/no flag as the UI may send it: true/false, 1/0 or their strings. */
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/** The drawer is nested: its own `status` (available/occupied/frozen) must not shadow the reply's. */
export const drawerFreezeRequest = auth.extend({ id, freeze: flag });
export const drawerFreezeReply = z.object({ status: z.literal(0), drawer: drawerListItem });
/**
 * "No sale": the cashier at a drawer opens its cash drawer with no movement (change for a customer, a
 * jammed bill). The server records who and when first, then the web pulses the drawer through the
 * printer, so every opening has its audit row. `this_shift`: the caller's openings in this shift.
 */
export const drawerNoSaleRequest = auth;
export const drawerNoSaleReply = z.object({ status: z.literal(0), at: isoTime, this_shift: z.number().int() });

export const drawerCreateRequest = auth;
export const drawerCreateReply = z.object({ status: z.literal(0), drawer: drawerListItem });

/** Drawer Setup (boss): the public list plus the open shift's state and the store's maximum. */
export const drawerSetupListRequest = auth;
const drawerSetupItem = drawerListItem.extend({
  shift_id: z.number().int().nullable(),
  shiftStart: isoTime.nullable(),
  initAmount: z.boolean(),
  balance: z.number().nullable(),
});
export type DrawerSetupItem = z.infer<typeof drawerSetupItem>;
export const drawerSetupListReply = z.object({
  status: z.literal(0),
  list: z.array(drawerSetupItem),
  max_drawers: z.number().int(),
});

/**
 * Shift close. `counted` (the blind cash count) and `count_detail` are optional; with only
 * `count_detail`, counted is its sum; with both, they must agree (35).
 */
const shiftCount = z.object({ counted: amount.optional(), count_detail: countDetail.optional() });
export const drawerShiftRequest = auth.extend(shiftCount.shape);

/** Boss: closes the shift left open on a drawer (by drawer id); the report records who closed it. */
export const drawerForceCloseRequest = auth.extend({ id }).extend(shiftCount.shape);

/** Shift-close numbers (spec section 3); amounts in currency units, times ISO-8601 UTC. */
export const shiftReport = z.object({
  shift_id: z.number().int(),
  moneybox: z.number().int(),
  account: z.string(),
  closedBy: z.string().nullable(),
  createTime: z.string(),
  shiftTime: z.string().nullable(),
  ...shiftTotals,
  /** Expected cash. Always present once the shift is closed; absent on an open shift's row for a cashier under blind count. */
  balance: expectedBalance,
  counted: z.number().nullable(),
  over_short: z.number().nullable(),
  count_detail: z.record(z.string(), z.number()).nullable().optional(),
  /** The float offered at the start: the count of the drawer's shift before (null: that one was not counted). */
  carried: z.number().nullable().optional(),
  /** Initial amount minus the carried float (null without a carried float or an initial amount). */
  float_difference: z.number().nullable().optional(),
  /** The initial amount as counted by denomination, when it was. */
  init_count_detail: z.record(z.string(), z.number()).nullable().optional(),
  /** How often the shift's drawer was opened with No sale (`/drawer/noSale`) while the shift was open. */
  no_sales: z.number().int().optional(),
});
export type ShiftReport = z.infer<typeof shiftReport>;
export const drawerShiftReply = shiftReport.extend({ status: z.literal(0) });
export const drawerForceCloseReply = drawerShiftReply;

/**
 * Handover (issue 23): the caller closes their shift with its count and, in the same step, the
 * incoming cashier (signing with their password) starts a shift at the same drawer whose initial
 * amount is that count. The key makes a retry harmless (12).
 */
export const drawerHandoverRequest = auth.extend(shiftCount.shape).extend({
  key,
  username: z.string().max(200),
  password: z.string().max(200),
});
export const drawerHandoverReply = drawerShiftReply.extend({ next_shift_id: z.number().int(), next_account: z.string() });

/** Reprint: a closed shift's report. A cashier may ask for their own shifts only; a boss for any of the store. */
export const drawerShiftReportRequest = auth.extend({ shift_id: id });
export const drawerShiftReportReply = drawerShiftReply;

/** The latest closed shifts, newest first: the caller's own (cashier) or the store's (boss). */
export const drawerRecentShiftsRequest = auth.extend({
  limit: z.union([z.number().int(), z.string().regex(/^\d{1,3}$/).transform(Number)]).pipe(z.number().int().min(1).max(100)).optional().default(20),
});
export const drawerRecentShiftsReply = z.object({ status: z.literal(0), list: z.array(shiftReport) });

/**
 * X report: an open shift's figures as they are now, without closing it. Without `id`: the caller's own
 * shift; with `id` (a drawer id): a boss reads any drawer's open shift. `shiftTime`, `counted` and
 * `over_short` are null (the shift goes on); `balance` follows the blind-count rule; `printedAt` is
 * when the figures were read.
 */
export const drawerXReportRequest = auth.extend({ id: id.optional() });
export const drawerXReportReply = shiftReport.extend({ status: z.literal(0), printedAt: isoTime });
export type XReport = z.infer<typeof drawerXReportReply>;
