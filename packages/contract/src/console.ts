/**
 * The platform console (issue 22): its part of THE call registry (registry.ts `CALLS`) beside the
 * store's (calls.ts), with its rows of the permission matrix over the platform roles. Console calls are posted at `/API/operator/...` with the
 * console session's UID and TOKEN; a store session is never one of them and a console session never
 * reaches a store call (separate tables, separate authentication).
 *
 * The web imports this module with `import type` only.
 */
import { z } from 'zod';
import { amount, auth, id, key } from './common.js';
import { ALERT_KINDS, THRESHOLD_KINDS, type ThresholdKind } from './alert-kinds.js';
import { AUDIT_KINDS } from './audit-kinds.js';
import { dayCloseGetRequest, dayCloseReply } from './day-close.js';
import { cashLogReply, cashLogRequest, dailyFigures, dailyLogReply, dailyLogRequest, isStoreDay, REPORT_CHANNELS, shiftLogReply, shiftLogRequest, transactionReportReply, transactionReportRequest } from './reports.js';
import { BULLETIN_LANGS, eventName } from './bulletin.js';
import type { CallFields } from './calls.js';
import type { StoreField } from './store-scope.js';

/** Who may make a console call: nobody signed in, or a platform account by its role. */
export type ConsoleWho = 'anonymous' | 'admin' | 'distributor' | 'support';
export const CONSOLE_WHO: readonly ConsoleWho[] = ['anonymous', 'admin', 'distributor', 'support'];
export { CONSOLE_ROLES, type ConsoleRole } from './console-roles.js';
export type ConsoleRule = Readonly<Record<ConsoleWho, boolean>>;

/** The platform matrix's rules by name. A distributor or support account acts on the stores in its scope only (the services check). */
export const CONSOLE_MAY = {
  anyone: { anonymous: true, admin: true, distributor: true, support: true },
  /** Every platform account: reads over its scope. */
  signedIn: { anonymous: false, admin: true, distributor: true, support: true },
  /** Changes to a store in the account's scope: admin and distributor, never support (read-only). */
  manage: { anonymous: false, admin: true, distributor: true, support: false },
  /** The operator's own decisions: new stores, quotas, platform accounts. */
  admin: { anonymous: false, admin: true, distributor: false, support: false },
} as const satisfies Record<string, ConsoleRule>;

const username = z.string().max(200);
const password = z.string().max(200);
const code = z.string().trim().max(40);
const kioskId = z.union([z.number().int(), z.string().regex(/^\d{1,12}$/).transform(Number)]).pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const count = (min: number, max: number) => z.union([z.number().int(), z.string().regex(/^\d{1,6}$/).transform(Number)]).pipe(z.number().int().min(min).max(max));

export const consoleLoginRequest = z.object({ username, password });
/** Password right: the second factor is due (`second_factor`) or has to be set up first (`enrol`, with the secret and its otpauth URI for the QR code). */
export const consoleLoginReply = z.object({
  status: z.literal(0),
  next: z.enum(['second_factor', 'enrol']),
  ticket: z.string(),
  secret: z.string().optional(),
  uri: z.string().optional(),
});
export const consoleCodeRequest = z.object({ ticket: z.string().min(1).max(200), code });
const consoleSession = z.object({
  status: z.literal(0),
  uid: z.number().int(),
  token: z.string(),
  username: z.string(),
  role: z.enum(['admin', 'distributor', 'support']),
});
export const consoleSecondFactorReply = consoleSession;
/** Enrolment done: the session and the recovery codes, shown once. */
export const consoleEnrolReply = consoleSession.extend({ recovery_codes: z.array(z.string()) });
/** `calls`: the console calls the account's role may make (CONSOLE_CALLS' `who`), so the web shows a page only to a role that may make the call it needs. */
export const consoleMeReply = z.object({ status: z.literal(0), username: z.string(), role: z.enum(['admin', 'distributor', 'support']), calls: z.array(z.string()) });
export const consoleLogoutReply = z.object({ status: z.literal(0) });

/** One store of the stores screen. Amounts in currency units; today is the store's own day. */
export const consoleStoreRow = z.object({
  kid: z.number().int(),
  name: z.string(),
  city: z.string(),
  timezone: z.string(),
  frozen: z.boolean(),
  freeze_msg: z.string(),
  distributor: z.string().nullable(),
  open_shifts: z.number().int(),
  machines_connected: z.number().int(),
  machines_enrolled: z.number().int(),
  credit: z.number(),
  low_credit: z.boolean(),
  days_left: z.number().nullable(),
  today: z.object({ purchases: z.number(), redeems: z.number(), net: z.number() }),
  last_activity: z.string().nullable(),
});
export type ConsoleStoreRow = z.infer<typeof consoleStoreRow>;
export const consoleStoresRequest = auth;
export const consoleStoresReply = z.object({ status: z.literal(0), list: z.array(consoleStoreRow) });

const storeBoss = z.object({ id: z.number().int(), account: z.string(), locked: z.boolean(), disabled: z.boolean(), lastLogin: z.string().nullable() });
export const consoleStoreRequest = auth.extend({ kid: kioskId });
export const consoleStoreReply = z.object({
  status: z.literal(0),
  store: consoleStoreRow.extend({
    address: z.string(),
    state: z.string(),
    zip: z.string(),
    phone: z.string(),
    max_drawers: z.number().int(),
    max_machines: z.number().int(),
    limit_day: z.number().int(),
    caps: z.object({ hourly: z.number(), daily: z.number(), weekly: z.number() }),
    min_amount: z.number(),
    special_comps: z.number(),
    created_at: z.string(),
  }),
  bosses: z.array(storeBoss),
  /** The store's theme: the hosts its app is served at, each with its layout (0-6; spec section 1). */
  hosts: z.array(z.object({ host: z.string(), layout: z.number().int() })),
});
export type ConsoleStore = z.infer<typeof consoleStoreReply>['store'];

const text = (max: number) => z.string().trim().max(max);
/** A new store: what `npm run admin -- create-store` takes. */
export const consoleStoreCreateRequest = auth.extend({
  kid: kioskId,
  name: text(100).min(1),
  timezone: text(64).min(1),
  credit: amount.optional(),
  comps_budget: amount.optional(),
  max_drawers: count(1, 999),
  max_machines: count(0, 9999),
  limit_day: count(1, 366),
  limit_hourly: amount,
  limit_daily: amount,
  limit_weekly: amount,
  drawers: count(0, 999),
  address: text(200).optional(),
  city: text(100).optional(),
  state: text(100).optional(),
  zip: text(20).optional(),
  phone: text(30).optional(),
  /** The distributor the store is bound to (admin only; none: the operator's own). */
  distributor_id: id.optional(),
});
export const consoleStoreCreateReply = z.object({ status: z.literal(0), kid: z.number().int() });
/** What `set-quota` takes; only the fields given change. */
export const consoleStoreQuotaRequest = auth.extend({
  kid: kioskId,
  max_drawers: count(1, 999).optional(),
  max_machines: count(0, 9999).optional(),
  limit_day: count(1, 366).optional(),
  limit_hourly: amount.optional(),
  limit_daily: amount.optional(),
  limit_weekly: amount.optional(),
  min_amount: amount.optional(),
});
export const consoleDoneReply = z.object({ status: z.literal(0) });
/**
 * Moves a store to another distributor (admin only), or back to the operator's own stores (null).
 * The store keeps its credit, comps budget and history; from then on its credit edge is the new
 * parent's, and the old distributor's scope no longer has it (docs/DECISIONS.md).
 */
export const consoleStoreDistributorRequest = auth.extend({ kid: kioskId, distributor_id: id.nullable() });
export const consoleStoreFreezeRequest = auth.extend({ kid: kioskId, freeze: z.boolean(), message: text(300).optional() });
export const consoleBossCreateRequest = auth.extend({ kid: kioskId, username, password });
export const consoleBossCreateReply = z.object({ status: z.literal(0), id: z.number().int() });
export const consoleBossUnlockRequest = auth.extend({ kid: kioskId, id });
/** A boss's new password, typed by the console's account as bossCreate's is (the spec's rules; stored hashed); the boss's sessions end. */
export const consoleBossPasswordRequest = auth.extend({ kid: kioskId, id, password });
/** A store's name and address; only the fields given change (a distributor its own stores, the admin any). */
export const consoleStoreRenameRequest = auth.extend({
  kid: kioskId,
  name: text(100).min(1).optional(),
  address: text(200).optional(),
  city: text(100).optional(),
  state: text(100).optional(),
  zip: text(20).optional(),
  phone: text(30).optional(),
});

/**
 * A store's theme (spec section 1: layout by host): the host its app is served at, mapped to a layout
 * 0-6 in the domain map (`/API/config/domain.json`) and bound to the store. A host bound to another
 * store, or the platform's own (mapped by the CLI), is refused (13) unless the admin takes it.
 */
const host = z.string().trim().toLowerCase().min(1).max(253).regex(/^[a-z0-9.-]+(:\d{1,5})?$/, 'a host name, optionally with :port');
export const consoleStoreHostRequest = auth.extend({ kid: kioskId, host, layout: count(0, 6) });
export const consoleStoreHostRemoveRequest = auth.extend({ kid: kioskId, host });

/** A store's reports, read-only, as its boss reads them: the store call's input and reply, plus the store (kid). */
export const consoleDailyReportRequest = dailyLogRequest.extend({ kid: kioskId });
export const consoleShiftReportRequest = shiftLogRequest.extend({ kid: kioskId });
export const consoleTransactionReportRequest = transactionReportRequest.extend({ kid: kioskId });
export const consoleDayCloseRequest = dayCloseGetRequest.extend({ kid: kioskId });
/** A store's cash transaction log in the console (issue 40): the store's /drawer/cashLog. */
export const consoleCashLogRequest = cashLogRequest.extend({ kid: kioskId });
/**
 * The cash transaction log's thresholds of a store (cents of one customer's cash in, or out, in one store day;
 * 0 = off): the operator sets them for the stores of one jurisdiction at once (admin), audited per store as
 * `console.thresholds_set`. The contract's cash-rules.ts US_CASH_PRESET is the documented example.
 */
export const consoleCashThresholdsRequest = auth.extend({ kid: kioskId });
export const consoleCashThresholdsReply = z.object({ status: z.literal(0), cash_log_cents: z.number().int(), cash_report_cents: z.number().int() });
const cashThresholdCents = z.union([z.number().int(), z.string().regex(/^\d{1,12}$/).transform(Number)]).pipe(z.number().int().min(0).max(1e12));
export const consoleCashThresholdsSetRequest = auth
  .extend({ kids: z.array(kioskId).min(1).max(1000), cash_log_cents: cashThresholdCents, cash_report_cents: cashThresholdCents })
  .refine((v) => v.cash_report_cents === 0 || v.cash_log_cents <= v.cash_report_cents, { path: ['cash_log_cents'], message: 'the log threshold must not be above the report threshold' });

const platformAccount = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(['admin', 'distributor', 'support']),
  parent: z.string().nullable(),
  stores: z.array(z.number().int()),
  locked: z.boolean(),
  /** Disabled: cannot sign in, its sessions ended (a removed account is not listed at all). */
  disabled: z.boolean(),
  enrolled: z.boolean(),
  createTime: z.string(),
  lastLogin: z.string().nullable(),
});
export type PlatformAccount = z.infer<typeof platformAccount>;
export const consoleAccountsReply = z.object({ status: z.literal(0), list: z.array(platformAccount) });
export const consoleAccountCreateRequest = auth.extend({
  username,
  password,
  role: z.enum(['admin', 'distributor', 'support']),
  /** A support account's distributor (none: the operator's support, over every store), or a sub-distributor's parent distributor. */
  parent_id: id.optional(),
  /** A distributor's stores. */
  stores: z.array(kioskId).max(10_000).optional(),
});
export const consoleAccountCreateReply = z.object({ status: z.literal(0), id: z.number().int() });
export const consoleAccountRequest = auth.extend({ id });
/** Disables (its console sessions end at once, it cannot sign in) or enables a platform account; never oneself nor the last admin. */
export const consoleAccountDisableRequest = auth.extend({ id, disable: z.boolean() });
/** A platform account's new password, typed by the admin as accountCreate's is (stored hashed); its sessions end, its lock is lifted. */
export const consoleAccountPasswordRequest = auth.extend({ id, password });

/**
 * Credit down the hierarchy (docs/DECISIONS.md "Credit hierarchy"): a move along one edge, to a
 * store (kid) or a distributor (distributor_id) from its parent, or taken back up (`back`). fund
 * 'comps': a store's special comps budget. `key`: the client's idempotency key (a retry with it moves
 * nothing twice). Amounts in currency units.
 */
export const consoleCreditMoveRequest = auth
  .extend({
    key,
    kid: kioskId.optional(),
    distributor_id: id.optional(),
    fund: z.enum(['credit', 'comps']).default('credit'),
    amount,
    back: z.boolean().default(false),
    note: text(200).optional(),
  })
  .refine((v) => (v.kid === undefined) !== (v.distributor_id === undefined), 'name a store (kid) or a distributor');
/** Both sides' balances after the move (the parent's null when it is the operator, whose issuing is unlimited). */
export const consoleCreditMoveReply = z.object({ status: z.literal(0), id: z.number().int(), parent_balance: z.number().nullable(), child_balance: z.number() });
/** How many stores one multi-store credit call gives to. */
export const CONSOLE_CREDIT_MOVES_MAX = 100;
/**
 * Credit to several stores at once (or taken back from them): one move per store, each with its own
 * idempotency key and run on its own, so a refused one leaves the others done; a replay moves nothing
 * twice. Every store must be on the caller's edges (else the whole call is 21 and nothing moves).
 */
export const consoleCreditMovesRequest = auth.extend({
  back: z.boolean().default(false),
  note: text(200).optional(),
  moves: z.array(z.object({ key, kid: kioskId, amount })).min(1).max(CONSOLE_CREDIT_MOVES_MAX),
});
/** Each move's outcome in the request's order: done with both balances after, or refused with its status (and reason, amount and balance when it has them). */
const creditMovesResult = z.object({
  kid: z.number().int(),
  key: z.string(),
  ok: z.boolean(),
  id: z.number().int().optional(),
  parent_balance: z.number().nullable().optional(),
  child_balance: z.number().optional(),
  refusal: z.number().int().optional(),
  reason: z.string().optional(),
  amount: z.number().optional(),
  balance: z.number().optional(),
});
export type ConsoleCreditMovesResult = z.infer<typeof creditMovesResult>;
export const consoleCreditMovesReply = z.object({ status: z.literal(0), results: z.array(creditMovesResult) });
export const consoleCreditHistoryRequest = auth
  .extend({ kid: kioskId.optional(), distributor_id: id.optional(), fund: z.enum(['credit', 'comps']).default('credit') })
  .refine((v) => (v.kid === undefined) !== (v.distributor_id === undefined), 'name a store (kid) or a distributor');
/** One move from the viewed party's side: amount + received, − given or taken back; its balance after; the other side. */
const creditMove = z.object({
  id: z.number().int(),
  at: z.string(),
  amount: z.number(),
  balance: z.number().nullable(),
  other: z.string(),
  other_balance: z.number().nullable(),
  by: z.string().nullable(),
  note: z.string(),
});
export type ConsoleCreditMove = z.infer<typeof creditMove>;
export const consoleCreditHistoryReply = z.object({ status: z.literal(0), balance: z.number(), list: z.array(creditMove) });
const distributor = z.object({
  id: z.number().int(),
  username: z.string(),
  parent: z.string().nullable(),
  parent_id: z.number().int().nullable(),
  credit: z.number(),
  stores: z.array(z.number().int()),
});
export type ConsoleDistributor = z.infer<typeof distributor>;
export const consoleDistributorsReply = z.object({ status: z.literal(0), list: z.array(distributor) });
/** One alert as the console lists it; `store` null for a platform-wide one. */
export const consoleAlert = z.object({
  id: z.number().int(),
  kind: z.enum(ALERT_KINDS),
  kid: z.number().int().nullable(),
  store: z.string().nullable(),
  subject: z.string(),
  detail: z.record(z.string(), z.unknown()),
  state: z.enum(['open', 'acknowledged', 'resolved', 'cleared']),
  raised_at: z.string(),
  cleared_at: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  acknowledged_by: z.string().nullable(),
  resolved_at: z.string().nullable(),
  resolved_by: z.string().nullable(),
  note: z.string(),
});
export type ConsoleAlert = z.infer<typeof consoleAlert>;
/** `open`: alerts nobody resolved and whose cause stands (the default); `all`: the newest of every state. */
export const consoleAlertsRequest = auth.extend({ filter: z.enum(['open', 'all']).optional(), kid: kioskId.optional() });
export const consoleAlertsReply = z.object({ status: z.literal(0), list: z.array(consoleAlert) });
export const consoleAlertCountReply = z.object({ status: z.literal(0), open: z.number().int() });
export const consoleAlertActRequest = auth.extend({ id, note: text(500).optional() });
export const consoleAlertResolveRequest = auth.extend({ id, note: text(500).min(1) });

/** Thresholds: the platform defaults (kid absent) or a store's overrides; null = not set there (the default applies). */
const thresholdValues = z.object(Object.fromEntries(THRESHOLD_KINDS.map((k) => [k, z.number().int().nullable()])) as Record<ThresholdKind, z.ZodNullable<z.ZodNumber>>);
export const consoleThresholdsRequest = auth.extend({ kid: kioskId.optional() });
export const consoleThresholdsReply = z.object({
  status: z.literal(0),
  /** What is set here (platform defaults or the store's overrides); cents for amounts. */
  set: thresholdValues,
  /** What applies: the store's override, else the platform default, else the built-in one. */
  effective: thresholdValues,
});
const thresholdInput = z.union([z.number().int(), z.string().regex(/^\d{1,12}$/).transform(Number)]).pipe(z.number().int().min(0).max(1e12)).nullable();
export const consoleThresholdsSetRequest = auth.extend({
  kid: kioskId.optional(),
  values: z.object(Object.fromEntries(THRESHOLD_KINDS.map((k) => [k, thresholdInput.optional()])) as Record<ThresholdKind, z.ZodOptional<typeof thresholdInput>>),
});

/** The operator's unusual-activity rules (alert-kinds.ts UNUSUAL_ACTIVITY_DEFAULTS): what is set, the defaults where nothing is. */
export const consoleUnusualActivityReply = z.object({
  status: z.literal(0),
  structuring_on: z.boolean(),
  structuring_count: z.number().int(),
  structuring_band: z.number().int(),
  structuring_window: z.enum(['day', 'week']),
  little_play_on: z.boolean(),
  little_play_redeem: z.number().int(),
  little_play_play: z.number().int(),
});
const percent = z.union([z.number().int(), z.string().regex(/^\d{1,3}$/).transform(Number)]).pipe(z.number().int().min(1).max(100));
export const consoleUnusualActivitySetRequest = auth.extend({
  structuring_on: z.boolean(),
  structuring_count: z.union([z.number().int(), z.string().regex(/^\d{1,3}$/).transform(Number)]).pipe(z.number().int().min(2).max(100)),
  structuring_band: percent,
  structuring_window: z.enum(['day', 'week']),
  little_play_on: z.boolean(),
  little_play_redeem: percent,
  little_play_play: percent,
});

/**
 * Self-exclusions shared across an operator's stores on an ID match (issue 24): the switch of the
 * store's operator (its distributor; the platform's own stores when it has none).
 */
export const consoleExclusionSharingRequest = auth.extend({ kid: kioskId });
export const consoleExclusionSharingReply = z.object({
  status: z.literal(0),
  /** The distributor's username; null: the platform's own stores. */
  owner: z.string().nullable(),
  /** How many stores that operator runs (the sharing circle). */
  stores: z.number().int(),
  on: z.boolean(),
  /** When it was switched on (ISO); null when off. */
  since: z.string().nullable(),
});
export const consoleExclusionSharingSetRequest = auth.extend({ kid: kioskId, on: z.boolean() });

const webhook = z.object({ id: z.number().int(), url: z.string(), created_at: z.string(), created_by: z.string(), pending: z.number().int(), delivered: z.number().int(), last_error: z.string() });
export const consoleWebhooksReply = z.object({ status: z.literal(0), list: z.array(webhook) });
export const consoleWebhookAddRequest = auth.extend({ url: z.string().trim().max(500).url().refine((u) => /^https?:\/\//i.test(u), 'http or https') });
/** The signing secret is answered here once and never again. */
export const consoleWebhookAddReply = z.object({ status: z.literal(0), id: z.number().int(), secret: z.string() });

const auditRow = z.object({
  id: z.number().int(),
  at: z.string(),
  kid: z.number().int().nullable(),
  who: z.string(),
  role: z.string(),
  kind: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
/**
 * The audit trail's filters (`/operator/audit`, `/operator/auditExport`), each optional, within the caller's scope:
 * `kid` a store of the scope (else 21, as for a store that does not exist), `who` the account's name (any case) as the row
 * wrote it, `kind` an audit kind or its group (the part before the dot: `console`, `account`), the period
 * [`from`, `to`) as instants (ISO 8601 with a zone; the web sends its own calendar's days). '' is no filter.
 */
const AUDIT_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
const auditInstant = z.string().trim().max(40).refine((v) => AUDIT_INSTANT.test(v) && !Number.isNaN(Date.parse(v)), 'an ISO 8601 instant with its zone');
const auditKind = z.string().trim().max(60).refine((v) => v === '' || AUDIT_KINDS.some((k) => k === v || k.startsWith(`${v}.`)), 'an audit kind or its group');
const auditFilters = { kid: kioskId.optional(), who: z.string().trim().max(200).optional(), kind: auditKind.optional(), from: auditInstant.optional(), to: auditInstant.optional() };
const auditPeriodInOrder = (v: { from?: string | undefined; to?: string | undefined }) => v.from === undefined || v.to === undefined || Date.parse(v.from) < Date.parse(v.to);
/** Rows of one page at most (and by default). */
export const CONSOLE_AUDIT_PAGE_MAX = 200;
/** Newest first by id, `limit` rows before the cursor `before_id` (the previous page's `next`). */
export const consoleAuditRequest = auth
  .extend({ ...auditFilters, before_id: id.optional(), limit: count(1, CONSOLE_AUDIT_PAGE_MAX).optional() })
  .refine(auditPeriodInOrder, { path: ['to'], message: "must be after 'from'" });
/** `next`: the cursor of the next (older) page, null when no older row matches. */
export const consoleAuditReply = z.object({ status: z.literal(0), list: z.array(auditRow), next: z.number().int().nullable(), limit: z.number().int() });
/** The filtered trail as CSV (the store's Activity export's columns and formula guard), at most its row cap: `truncated` when more matched. */
export const consoleAuditExportRequest = auth.extend(auditFilters).refine(auditPeriodInOrder, { path: ['to'], message: "must be after 'from'" });
export const consoleAuditExportReply = z.object({ status: z.literal(0), csv: z.string(), rows: z.number().int(), truncated: z.boolean() });

/**
 * Cross-store report (`/operator/report`): store × store day × channel for a period of store days
 * (each store's own days, as its daily report counts them), over the stores of the caller's scope,
 * narrowed by a distributor or a list of stores. The figures of the whole selection come as totals
 * (overall, per channel, per day × channel for the chart); the rows come a page of stores at a time
 * (`page`, CONSOLE_REPORT_PAGE_STORES stores each, by kiosk id). A period longer than
 * CONSOLE_REPORT_MAX_DAYS store days, or ending before it starts, is 39 with limit_day.
 */
export { CONSOLE_REPORT_MAX_DAYS, CONSOLE_REPORT_PAGE_STORES } from './report-fields.js';
const reportDay = z.string().trim().max(10).refine(isStoreDay, 'must be a store day YYYY-MM-DD');
export const consoleReportRequest = auth.extend({
  from: reportDay,
  to: reportDay,
  distributor_id: id.optional(),
  kids: z.array(kioskId).max(10_000).optional(),
  page: count(1, 100_000).default(1),
});
const reportChannel = z.enum(REPORT_CHANNELS);
/**
 * Figures plus the credit the store was given and how many moves: its credit ledger's gives (the
 * opening credit, the CLI's add-credit, the console's gives; take-backs negative), each on its store day.
 */
const consoleFigures = dailyFigures.extend({ credit_given: z.number(), credit_count: z.number().int() });
export type ConsoleReportFigures = z.infer<typeof consoleFigures>;
/** One store × store day × channel with any movement (the page's stores only). */
const consoleReportRow = dailyFigures.extend({ kid: z.number().int(), store: z.string(), day: z.string(), channel: reportChannel });
export type ConsoleReportRow = z.infer<typeof consoleReportRow>;
/** Credit given to one store on one store day (net), the page's stores only. */
const consoleReportCredit = z.object({ kid: z.number().int(), store: z.string(), day: z.string(), credit_given: z.number(), credit_count: z.number().int() });
export type ConsoleReportCredit = z.infer<typeof consoleReportCredit>;
/** One store's totals over the period (the page's stores, each one, movements or not): the sum of its rows and credit rows. */
const consoleReportStore = consoleFigures.extend({ kid: z.number().int(), store: z.string() });
export type ConsoleReportStore = z.infer<typeof consoleReportStore>;
export const consoleReportReply = z.object({
  status: z.literal(0),
  list: z.array(consoleReportRow),
  credit: z.array(consoleReportCredit),
  store_totals: z.array(consoleReportStore),
  /** Every store day × channel over every selected store (the chart), oldest day first. */
  day_channels: z.array(dailyFigures.extend({ day: z.string(), channel: reportChannel })),
  channel_totals: z.array(dailyFigures.extend({ channel: reportChannel })),
  totals: consoleFigures,
  /** Stores selected (scope ∩ filter), the page shown and the stores per page. */
  stores: z.number().int(),
  page: z.number().int(),
  page_stores: z.number().int(),
  period: z.object({ first_day: z.string(), last_day: z.string(), days: z.number().int(), limit_day: z.number().int() }),
});
export type ConsoleReport = z.infer<typeof consoleReportReply>;

/**
 * Platform news from the console (docs/DECISIONS.md "Console news"): the same rules as the CLI's
 * `bulletin` commands (services/operator/publish.service.ts). Targets: every store (admin), a
 * distributor's stores (its kiosk ids when published), or a list of kiosk ids, always within the
 * caller's scope. Files travel as base64 in the call (these two calls take bodies up to
 * CONSOLE_UPLOAD_BODY_BYTES); their size and type are checked by content on the server.
 */
export const NEWS_KINDS = ['news', 'event', 'poster', 'regulation'] as const;
export const NEWS_FILE_ROLES = ['document', 'thumbnail', 'image'] as const;
/** The body of a publish or update with its files, base64 (4/3 of the bytes): one poster of 10 MiB and its images. */
export const CONSOLE_UPLOAD_BODY_BYTES = 20 * 1024 * 1024;
const newsLang = z.enum(BULLETIN_LANGS);
export const newsTarget = z.discriminatedUnion('type', [
  z.object({ type: z.literal('all') }),
  z.object({ type: z.literal('distributor'), distributor_id: id }),
  z.object({ type: z.literal('stores'), kids: z.array(kioskId).min(1).max(1000) }),
]);
export type NewsTarget = z.infer<typeof newsTarget>;
const newsText = z.object({ lang: newsLang, title: z.string().max(1000).optional(), body: z.string().max(200_000).optional() });
const newsFileIn = z.object({
  role: z.enum(NEWS_FILE_ROLES),
  /** Null: for every language. */
  lang: newsLang.nullable(),
  /** The file's name (an image: exactly as the body references it). */
  name: z.string().min(1).max(300),
  /** The bytes, base64. */
  data: z.string().max(CONSOLE_UPLOAD_BODY_BYTES).regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64'),
});
const newsEventIn = z.object({
  name: eventName,
  /** ISO-8601 with a zone, or a date (UTC midnight). */
  starts_at: z.string().max(40).optional(),
  ends_at: z.string().max(40).optional(),
  titles: z.partialRecord(newsLang, z.string().max(1000)).optional(),
});
export const consoleNewsPublishRequest = auth.extend({
  kind: z.enum(NEWS_KINDS),
  texts: z.array(newsText).max(3),
  target: newsTarget,
  publish_at: z.string().max(40).optional(),
  event: newsEventIn.optional(),
  files: z.array(newsFileIn).max(40).default([]),
});
export const consoleNewsUpdateRequest = auth.extend({
  id,
  texts: z.array(newsText).max(3).default([]),
  target: newsTarget.optional(),
  publish_at: z.string().max(40).optional(),
  /** An event item's new period (its event's, shared by the items of that event). */
  event: z.object({ starts_at: z.string().max(40).optional(), ends_at: z.string().max(40).optional() }).optional(),
  files: z.array(newsFileIn).max(40).default([]),
});
export const consoleNewsSavedReply = z.object({ status: z.literal(0), id: z.number().int() });
export const consoleNewsListRequest = auth.extend({ withdrawn: z.boolean().optional() });
const consoleNewsItem = z.object({
  id: z.number().int(),
  kind: z.enum(NEWS_KINDS),
  event: z.object({ name: z.string(), starts_at: z.string(), ends_at: z.string(), titles: z.record(z.string(), z.string()) }).nullable(),
  published_at: z.string(),
  withdrawn_at: z.string().nullable(),
  all_stores: z.boolean(),
  kids: z.array(z.number().int()),
  texts: z.array(z.object({ lang: newsLang, title: z.string(), body: z.string() })),
  files: z.array(z.object({ id: z.number().int(), role: z.enum(NEWS_FILE_ROLES), lang: newsLang.nullable(), name: z.string(), type: z.string(), size: z.number().int() })),
});
export type ConsoleNewsItem = z.infer<typeof consoleNewsItem>;
export const consoleNewsListReply = z.object({ status: z.literal(0), list: z.array(consoleNewsItem) });

/** The marquee's announcements (spec: msgInfo {msg, mode[] of layouts 0-6}); platform-wide, so the admin's. */
const announcementModes = z.array(z.number().int().min(0).max(6)).min(1).max(7);
const consoleAnnouncement = z.object({ id: z.number().int(), msg: z.string(), modes: z.array(z.number().int()), active: z.boolean(), created_at: z.string() });
export type ConsoleAnnouncement = z.infer<typeof consoleAnnouncement>;
export const consoleAnnouncementsReply = z.object({ status: z.literal(0), list: z.array(consoleAnnouncement) });
export const consoleAnnouncementCreateRequest = auth.extend({ msg: text(500).min(1), modes: announcementModes });
export const consoleAnnouncementUpdateRequest = auth.extend({ id, msg: text(500).min(1).optional(), modes: announcementModes.optional() });
/** The maintenance switch: on, every store call answers 503 and the stores show `msg` (the console keeps working). */
export const consoleMaintenanceReply = z.object({ status: z.literal(0), on: z.boolean(), msg: z.string() });
export const consoleMaintenanceSetRequest = auth.extend({ on: z.boolean(), msg: text(300).optional() });

/** A console call: its row of the platform permission matrix, and the input fields that name stores of the caller's scope (store-scope.ts). */
export interface ConsoleCallSpec extends CallFields {
  who: ConsoleRule;
  stores?: readonly StoreField[];
}

/** The console's calls: path (posted at /API<path>), input, status-0 reply, the platform permission matrix's row, read or write, body limit. */
export const CONSOLE_CALLS = {
  '/operator/login': { input: consoleLoginRequest, reply: consoleLoginReply, who: CONSOLE_MAY.anyone, kind: 'write' },
  '/operator/secondFactor': { input: consoleCodeRequest, reply: consoleSecondFactorReply, who: CONSOLE_MAY.anyone, kind: 'write' },
  '/operator/enrol': { input: consoleCodeRequest, reply: consoleEnrolReply, who: CONSOLE_MAY.anyone, kind: 'write' },
  '/operator/me': { input: auth, reply: consoleMeReply, who: CONSOLE_MAY.signedIn, kind: 'read' },
  '/operator/logout': { input: auth, reply: consoleLogoutReply, who: CONSOLE_MAY.signedIn, kind: 'write' },
  '/operator/stores': { input: consoleStoresRequest, reply: consoleStoresReply, who: CONSOLE_MAY.signedIn, kind: 'read' },
  '/operator/store': { input: consoleStoreRequest, reply: consoleStoreReply, who: CONSOLE_MAY.signedIn, kind: 'read', stores: ['kid'] },
  '/operator/storeFreeze': { input: consoleStoreFreezeRequest, reply: consoleDoneReply, who: CONSOLE_MAY.manage, kind: 'write', stores: ['kid'] },
  '/operator/bossCreate': { input: consoleBossCreateRequest, reply: consoleBossCreateReply, who: CONSOLE_MAY.manage, kind: 'write', stores: ['kid'] },
  '/operator/bossUnlock': { input: consoleBossUnlockRequest, reply: consoleDoneReply, who: CONSOLE_MAY.manage, kind: 'write', stores: ['kid'] },
  '/operator/bossPassword': { input: consoleBossPasswordRequest, reply: consoleDoneReply, who: CONSOLE_MAY.manage, kind: 'write', stores: ['kid'] },
  '/operator/storeRename': { input: consoleStoreRenameRequest, reply: consoleDoneReply, who: CONSOLE_MAY.manage, kind: 'write', stores: ['kid'] },
  '/operator/storeHost': { input: consoleStoreHostRequest, reply: consoleDoneReply, who: CONSOLE_MAY.manage, kind: 'write', stores: ['kid'] },
  '/operator/storeHostRemove': { input: consoleStoreHostRemoveRequest, reply: consoleDoneReply, who: CONSOLE_MAY.manage, kind: 'write', stores: ['kid'] },
  '/operator/storeDailyReport': { input: consoleDailyReportRequest, reply: dailyLogReply, who: CONSOLE_MAY.signedIn, kind: 'read', stores: ['kid'] },
  '/operator/storeShiftReport': { input: consoleShiftReportRequest, reply: shiftLogReply, who: CONSOLE_MAY.signedIn, kind: 'read', stores: ['kid'] },
  '/operator/storeTransactionReport': { input: consoleTransactionReportRequest, reply: transactionReportReply, who: CONSOLE_MAY.signedIn, kind: 'read', stores: ['kid'] },
  '/operator/storeDayClose': { input: consoleDayCloseRequest, reply: dayCloseReply, who: CONSOLE_MAY.signedIn, kind: 'read', stores: ['kid'] },
  '/operator/storeCashLog': { input: consoleCashLogRequest, reply: cashLogReply, who: CONSOLE_MAY.signedIn, kind: 'read', stores: ['kid'] },
  '/operator/cashThresholds': { input: consoleCashThresholdsRequest, reply: consoleCashThresholdsReply, who: CONSOLE_MAY.signedIn, kind: 'read', stores: ['kid'] },
  '/operator/cashThresholdsSet': { input: consoleCashThresholdsSetRequest, reply: consoleDoneReply, who: CONSOLE_MAY.admin, kind: 'write', stores: ['kids'] },
  '/operator/storeCreate': { input: consoleStoreCreateRequest, reply: consoleStoreCreateReply, who: CONSOLE_MAY.admin, kind: 'write' },
  '/operator/storeQuota': { input: consoleStoreQuotaRequest, reply: consoleDoneReply, who: CONSOLE_MAY.admin, kind: 'write', stores: ['kid'] },
  '/operator/storeDistributor': { input: consoleStoreDistributorRequest, reply: consoleDoneReply, who: CONSOLE_MAY.admin, kind: 'write', stores: ['kid'] },
  '/operator/accounts': { input: auth, reply: consoleAccountsReply, who: CONSOLE_MAY.admin, kind: 'read' },
  '/operator/accountCreate': { input: consoleAccountCreateRequest, reply: consoleAccountCreateReply, who: CONSOLE_MAY.admin, kind: 'write' },
  '/operator/accountUnlock': { input: consoleAccountRequest, reply: consoleDoneReply, who: CONSOLE_MAY.admin, kind: 'write' },
  '/operator/accountResetFactor': { input: consoleAccountRequest, reply: consoleDoneReply, who: CONSOLE_MAY.admin, kind: 'write' },
  '/operator/accountPassword': { input: consoleAccountPasswordRequest, reply: consoleDoneReply, who: CONSOLE_MAY.admin, kind: 'write' },
  '/operator/accountDisable': { input: consoleAccountDisableRequest, reply: consoleDoneReply, who: CONSOLE_MAY.admin, kind: 'write' },
  '/operator/accountRemove': { input: consoleAccountRequest, reply: consoleDoneReply, who: CONSOLE_MAY.admin, kind: 'write' },
  '/operator/distributors': { input: auth, reply: consoleDistributorsReply, who: CONSOLE_MAY.signedIn, kind: 'read' },
  '/operator/creditHistory': { input: consoleCreditHistoryRequest, reply: consoleCreditHistoryReply, who: CONSOLE_MAY.signedIn, kind: 'read', stores: ['kid'] },
  '/operator/creditMove': { input: consoleCreditMoveRequest, reply: consoleCreditMoveReply, who: CONSOLE_MAY.manage, kind: 'write', stores: ['kid'] },
  '/operator/creditMoves': { input: consoleCreditMovesRequest, reply: consoleCreditMovesReply, who: CONSOLE_MAY.manage, kind: 'write', stores: ['moves.kid'] },
  '/operator/alerts': { input: consoleAlertsRequest, reply: consoleAlertsReply, who: CONSOLE_MAY.signedIn, kind: 'read', stores: ['kid'] },
  '/operator/alertCount': { input: auth, reply: consoleAlertCountReply, who: CONSOLE_MAY.signedIn, kind: 'read' },
  '/operator/alertAcknowledge': { input: consoleAlertActRequest, reply: consoleDoneReply, who: CONSOLE_MAY.manage, kind: 'write' },
  '/operator/alertResolve': { input: consoleAlertResolveRequest, reply: consoleDoneReply, who: CONSOLE_MAY.manage, kind: 'write' },
  '/operator/thresholds': { input: consoleThresholdsRequest, reply: consoleThresholdsReply, who: CONSOLE_MAY.signedIn, kind: 'read', stores: ['kid'] },
  '/operator/thresholdsSet': { input: consoleThresholdsSetRequest, reply: consoleDoneReply, who: CONSOLE_MAY.admin, kind: 'write', stores: ['kid'] },
  '/operator/unusualActivity': { input: auth, reply: consoleUnusualActivityReply, who: CONSOLE_MAY.admin, kind: 'read' },
  '/operator/unusualActivitySet': { input: consoleUnusualActivitySetRequest, reply: consoleDoneReply, who: CONSOLE_MAY.admin, kind: 'write' },
  '/operator/exclusionSharing': { input: consoleExclusionSharingRequest, reply: consoleExclusionSharingReply, who: CONSOLE_MAY.signedIn, kind: 'read', stores: ['kid'] },
  '/operator/exclusionSharingSet': { input: consoleExclusionSharingSetRequest, reply: consoleDoneReply, who: CONSOLE_MAY.admin, kind: 'write', stores: ['kid'] },
  '/operator/webhooks': { input: auth, reply: consoleWebhooksReply, who: CONSOLE_MAY.admin, kind: 'read' },
  '/operator/webhookAdd': { input: consoleWebhookAddRequest, reply: consoleWebhookAddReply, who: CONSOLE_MAY.admin, kind: 'write' },
  '/operator/webhookRemove': { input: consoleAccountRequest, reply: consoleDoneReply, who: CONSOLE_MAY.admin, kind: 'write' },
  '/operator/audit': { input: consoleAuditRequest, reply: consoleAuditReply, who: CONSOLE_MAY.signedIn, kind: 'read', stores: ['kid'] },
  '/operator/auditExport': { input: consoleAuditExportRequest, reply: consoleAuditExportReply, who: CONSOLE_MAY.signedIn, kind: 'read', stores: ['kid'] },
  '/operator/report': { input: consoleReportRequest, reply: consoleReportReply, who: CONSOLE_MAY.signedIn, kind: 'read' },
  '/operator/news': { input: consoleNewsListRequest, reply: consoleNewsListReply, who: CONSOLE_MAY.signedIn, kind: 'read' },
  '/operator/newsPublish': { input: consoleNewsPublishRequest, reply: consoleNewsSavedReply, who: CONSOLE_MAY.manage, kind: 'write', bodyLimit: CONSOLE_UPLOAD_BODY_BYTES, stores: ['target.kids'] },
  '/operator/newsUpdate': { input: consoleNewsUpdateRequest, reply: consoleNewsSavedReply, who: CONSOLE_MAY.manage, kind: 'write', bodyLimit: CONSOLE_UPLOAD_BODY_BYTES, stores: ['target.kids'] },
  '/operator/newsWithdraw': { input: consoleAccountRequest, reply: consoleDoneReply, who: CONSOLE_MAY.manage, kind: 'write' },
  '/operator/announcements': { input: auth, reply: consoleAnnouncementsReply, who: CONSOLE_MAY.admin, kind: 'read' },
  '/operator/announcementCreate': { input: consoleAnnouncementCreateRequest, reply: consoleNewsSavedReply, who: CONSOLE_MAY.admin, kind: 'write' },
  '/operator/announcementUpdate': { input: consoleAnnouncementUpdateRequest, reply: consoleDoneReply, who: CONSOLE_MAY.admin, kind: 'write' },
  '/operator/announcementWithdraw': { input: consoleAccountRequest, reply: consoleDoneReply, who: CONSOLE_MAY.admin, kind: 'write' },
  '/operator/maintenance': { input: auth, reply: consoleMaintenanceReply, who: CONSOLE_MAY.admin, kind: 'read' },
  '/operator/maintenanceSet': { input: consoleMaintenanceSetRequest, reply: consoleDoneReply, who: CONSOLE_MAY.admin, kind: 'write' },
} as const satisfies Record<`/operator/${string}`, ConsoleCallSpec>;

export type ConsoleCalls = typeof CONSOLE_CALLS;
export type ConsolePath = keyof ConsoleCalls;
export const CONSOLE_PATHS = Object.keys(CONSOLE_CALLS) as ConsolePath[];
