import { z } from 'zod';
import { auth, isoTime } from './common.js';
import { expectedCashTerm, shiftReport } from './drawer.js';
import { REPORT_CHANNELS, REPORT_KINDS, REPORT_LIMIT_MAX, STATIONS } from './report-fields.js';
import { CASH_DIRECTIONS, CASH_LEVELS } from './cash-rules.js';

export { REPORT_CHANNELS, REPORT_KINDS, REPORT_LIMIT_MAX, STATIONS };

/**
 * The three reports of spec section 2 (/Reports/TransactionReports, /Reports/ShiftReports,
 * /Reports/DailyReports) and their calls (spec section 7). Amounts are currency units; times are
 * ISO-8601 UTC (`time`) with the store's wall clock beside them (`store_time`, what the screen,
 * the CSV and the print show).
 *
 * Period (`startTime`, `endTime`, spec section 5): each is either a store day `YYYY-MM-DD` (in the
 * store's time zone; as `startTime` its first instant, as `endTime` the end of that day, so
 * from = to = one date is that whole day), an ISO-8601 date-time with `Z` or an offset, or epoch
 * milliseconds. Empty or absent: today in store time. 'To' must be later than 'from' and the
 * period may cover at most the store's `limit_day` store days, else 39 with `limit_day`. A
 * malformed time, page, limit or cursor answers 13.
 *
 * Who sees what (server-enforced, 21 otherwise): a boss (pos or viewer mode) the whole store; a
 * cashier the transaction and shift reports of their own shifts only, never the daily report.
 */

/** `YYYY-MM-DD`: a store day. */
export const STORE_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day of this era (`2026-02-30` or `3221-11-95` is none): a store day a call may name. */
export function isStoreDay(v: string): boolean {
  if (!STORE_DAY.test(v)) return false;
  const year = Number(v.slice(0, 4));
  const t = Date.parse(`${v}T00:00:00Z`);
  return year >= 2000 && year <= 2999 && !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
}
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Whether a period bound is well formed (a store day, an ISO instant with zone, or epoch ms). */
function isReportTime(v: string | number): boolean {
  if (typeof v === 'number') return Number.isInteger(v) && v >= 0 && v <= 8.64e15;
  if (STORE_DAY.test(v)) return !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
  return ISO_INSTANT.test(v) && !Number.isNaN(Date.parse(v));
}

/** A period bound; '' means not given. */
const reportTime = z
  .union([z.string().trim().max(40), z.number()])
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .refine((v) => v === undefined || isReportTime(v), 'must be a date YYYY-MM-DD, an ISO-8601 date and time with a zone, or epoch milliseconds');

const period = { startTime: reportTime, endTime: reportTime };

const reportKind = z.enum(REPORT_KINDS);
export type ReportKind = z.infer<typeof reportKind>;

const reportChannel = z.enum(REPORT_CHANNELS);
export type ReportChannel = z.infer<typeof reportChannel>;
export type Station = (typeof STATIONS)[number];

/** Optional text filter; '' means none. */
const optionalText = (max: number) =>
  z
    .union([z.string().trim().max(max), z.number().int().nonnegative()])
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : String(v)));

/** `pinId`: a customer id or a mobile id (spec section 7). */
const pinIdFilter = optionalText(40);

const positiveInt = (max: number) => z.union([z.number().int(), z.string().regex(/^\d{1,9}$/).transform(Number)]).pipe(z.number().int().min(1).max(max));

/**
 * Transaction report (`/drawer/transaction`). `fun_name`: one movement type (REPORT_KINDS).
 * `drawer`: a drawer number. `account`: a staff account (username). Paging: `page` and `limit`
 * (offset paging); for deep paging send the previous reply's `cursor` with the next `page`: the
 * server then continues after the cursor's row, equally fast at any depth. A cursor belongs to
 * the query it came from (same filters and period), else 13.
 */
export const transactionReportRequest = auth.extend({
  ...period,
  pinId: pinIdFilter,
  fun_name: z.union([reportKind, z.literal('')]).optional().transform((v) => (v === '' ? undefined : v)),
  drawer: z.union([positiveInt(100000), z.literal('')]).optional().transform((v) => (v === '' ? undefined : v)),
  account: optionalText(40),
  page: positiveInt(10_000_000).optional().default(1),
  limit: positiveInt(REPORT_LIMIT_MAX).optional().default(20),
  cursor: z.string().max(200).regex(/^[A-Za-z0-9_-]*$/, 'not a cursor from this report').optional().transform((v) => (v === '' ? undefined : v)),
});

const transactionRow = z.object({
  /** The ledger row. */
  id: z.number().int(),
  /** ISO-8601 UTC. */
  time: isoTime,
  /** The store's wall clock, `YYYY-MM-DD HH:mm:ss`. */
  store_time: z.string(),
  /** Movement type (a REPORT_KINDS value). */
  fun_name: z.string(),
  /** Where: pos (then `drawer` is its number), reload_kiosk, online, reloader, machine (then `machine`), operator. */
  station: z.string(),
  drawer: z.number().int().nullable(),
  machine: z.number().int().nullable(),
  shift_id: z.number().int().nullable(),
  /** Staff account that made it (null for machines and kiosks). */
  account: z.string().nullable(),
  customer_id: z.number().int().nullable(),
  mobile_id: z.string().nullable(),
  customer_name: z.string().nullable(),
  /** Always positive; the type says which way it went. Absent with `drawer_change` (`expectedCashTerm`). */
  amount: expectedCashTerm,
  /** Signed change to the drawer's cash. Both absent on the caller's open shift's rows for a cashier under blind count. */
  drawer_change: expectedCashTerm,
  /** On a revert: the purchase it takes back. */
  reverts_id: z.number().int().nullable(),
  /** On a reverted purchase: the revert that took it back (the report's link). */
  reverted_by: z.number().int().nullable(),
  note: z.string(),
});
export type TransactionRow = z.infer<typeof transactionRow>;

/** The period as the server applied it: ISO UTC instants [from, to) and the store days it covers. */
const reportPeriod = z.object({
  from: isoTime,
  to: isoTime,
  first_day: z.string(),
  last_day: z.string(),
  days: z.number().int(),
  timezone: z.string(),
  limit_day: z.number().int(),
});
export type ReportPeriod = z.infer<typeof reportPeriod>;

export const transactionReportReply = z.object({
  status: z.literal(0),
  list: z.array(transactionRow),
  /** Rows over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** Send with page + 1 to get the next page fast; null on the last page. */
  cursor: z.string().nullable(),
  period: reportPeriod,
});

/** Shift report (`/drawer/shiftLog`): every shift that started in the period. */
export const shiftLogRequest = auth.extend({ ...period });
/**
 * A shift row: the drawer report's numbers (reprint with /drawer/shiftReport by `shift_id` when
 * closed). `shiftTime` null: still open. `closedBy`: the boss who force-closed it, else the owner.
 */
const shiftLogRow = shiftReport.omit({ count_detail: true }).extend({
  open: z.boolean(),
  store_start: z.string(),
  store_end: z.string().nullable(),
});
export type ShiftLogRow = z.infer<typeof shiftLogRow>;
/**
 * Sums in the totals row, each only when every row carries the figure: absent when any row leaves it out (an
 * open shift's figures for a cashier under blind count; `counted` and `over_short` of a shift not counted).
 */
const shiftLogTotals = z.object({
  shifts: z.number().int(),
  initial_amount: z.number().optional(),
  fills: z.number().optional(),
  bleeds: z.number().optional(),
  purchases: z.number().optional(),
  redeems: z.number().optional(),
  comps: z.number().optional(),
  special_comps: z.number().optional(),
  balance: z.number().optional(),
  counted: z.number().optional(),
  over_short: z.number().optional(),
});
export const shiftLogReply = z.object({
  status: z.literal(0),
  list: z.array(shiftLogRow),
  totals: shiftLogTotals,
  period: reportPeriod,
});

/**
 * Daily report (`/drawer/dailyLog`). `pinId`: one customer's movements only. `fun_name`: one
 * channel only (REPORT_CHANNELS); absent: all four.
 */
export const dailyLogRequest = auth.extend({
  ...period,
  pinId: pinIdFilter,
  fun_name: z.union([reportChannel, z.literal('')]).optional().transform((v) => (v === '' ? undefined : v)),
});

/** Figures of one store day and channel, or of a totals row. */
export const dailyFigures = z.object({
  /** Net of reverted purchases. */
  purchases: z.number(),
  redeems: z.number(),
  /** purchases - redeems. */
  net: z.number(),
  special_comps: z.number(),
  reverts: z.number(),
  purchase_count: z.number().int(),
  redeem_count: z.number().int(),
  special_comps_count: z.number().int(),
  revert_count: z.number().int(),
});
export type DailyFigures = z.infer<typeof dailyFigures>;
/** One row per store day × channel, oldest day first, channels in REPORT_CHANNELS order; every day and channel listed. */
const dailyRow = dailyFigures.extend({ day: z.string(), channel: reportChannel });
export type DailyRow = z.infer<typeof dailyRow>;
export const dailyLogReply = z.object({
  status: z.literal(0),
  list: z.array(dailyRow),
  /** Per channel over the period. */
  channel_totals: z.array(dailyFigures.extend({ channel: reportChannel })),
  /** Per store day over the shown channels (the chart's x axis). */
  day_totals: z.array(dailyFigures.extend({ day: z.string() })),
  totals: dailyFigures,
  period: reportPeriod,
});

/**
 * Large-payouts report (`/drawer/largePayouts`, a boss's; issue 24): every redeem that took the
 * customer's payouts of its store day above the store's large-payout threshold (and each after it
 * that day), paid in the period (flagged when paid, whatever the threshold is now), with
 * the customer's ID as checked at the counter, oldest first. Tax reporting needs each of them.
 */
export const largePayoutsRequest = auth.extend({ ...period });
const largePayoutRow = z.object({
  /** The redeem's ledger row. */
  movement_id: z.number().int(),
  time: isoTime,
  store_time: z.string(),
  drawer: z.number().int().nullable(),
  account: z.string().nullable(),
  customer_id: z.number().int(),
  mobile_id: z.string(),
  customer_name: z.string(),
  amount: z.number(),
  /** The customer's payouts of the store day with this one (the thresholds apply to it, every channel summed). */
  day_total: z.number(),
  /** The ID as checked (ID_TYPES) and its number as entered. */
  id_type: z.string(),
  id_number: z.string(),
});
export type LargePayoutRow = z.infer<typeof largePayoutRow>;
export const largePayoutsReply = z.object({
  status: z.literal(0),
  list: z.array(largePayoutRow),
  /** Sum and count over the period. */
  total: z.number(),
  count: z.number().int(),
  period: reportPeriod,
});

/**
 * The cash transaction log (`/drawer/cashLog`, a boss's; issue 40, docs/COMPLIANCE.md "Cash transaction log"):
 * the store's entries of one level in the period (by when the threshold was reached), oldest first. `log`: a
 * customer's cash in or out of a store day reaching the log threshold; `report`: passing the report threshold,
 * with the identity the report needs. Each with the customer's identity as recorded then, the movement that
 * reached it (its time, channel, cashier or reload kiosk, amount) and the day's sum in that direction so far.
 */
export const cashLogRequest = auth.extend({ ...period, level: z.enum(CASH_LEVELS) });
const cashLogRow = z.object({
  id: z.number().int(),
  /** The store day. */
  day: z.string(),
  direction: z.enum(CASH_DIRECTIONS),
  level: z.enum(CASH_LEVELS),
  /** The threshold reached, as it was then (currency units). */
  threshold: z.number(),
  /** The movement that reached it: its ledger row, time, channel, amount; the cashier's name or the reload kiosk's number. */
  movement_id: z.number().int(),
  time: isoTime,
  store_time: z.string(),
  channel: z.string(),
  account: z.string().nullable(),
  machine: z.string().nullable(),
  amount: z.number(),
  /** The customer's cash in that direction that store day, every cash movement up to the latest (`last_time`). */
  day_total: z.number(),
  movements: z.number().int(),
  last_time: isoTime,
  customer_id: z.number().int(),
  mobile_id: z.string(),
  /** The identity as recorded when the threshold was reached. */
  identity: z.object({ first_name: z.string(), last_name: z.string(), birthday: z.string(), drivers_license: z.string(), address: z.string() }),
});
export type CashLogRow = z.infer<typeof cashLogRow>;
export const cashLogReply = z.object({
  status: z.literal(0),
  list: z.array(cashLogRow),
  /** The store's thresholds now (currency units; 0 = off). */
  thresholds: z.object({ log: z.number(), report: z.number() }),
  period: reportPeriod,
});
