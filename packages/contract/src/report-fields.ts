/**
 * Report field values shared by the server's schemas (reports.ts) and the web's report screens.
 * Zod-free, so the web app imports it by subpath (`@moneybox/contract/report-fields`).
 */

/** Money movement types, the `fun_name` filter of the transaction report (ledger kinds). */
export const REPORT_KINDS = [
  'purchase',
  'revert',
  'redeem',
  'special_comps',
  'init',
  'fill',
  'bleed',
  'bet',
  'win',
  'gift',
  'store_credit',
  'comps_budget',
  'adjust',
] as const;

/** Where a movement happened: the daily report's channels, plus game machines and the operator. */
export const REPORT_CHANNELS = ['pos', 'reload_kiosk', 'online', 'reloader'] as const;
export const STATIONS = [...REPORT_CHANNELS, 'machine', 'operator'] as const;

/** Largest page size of the transaction report. */
export const REPORT_LIMIT_MAX = 200;

/** The platform console's cross-store report (`/operator/report`): its longest period in store days, and the stores a page of rows holds. */
export const CONSOLE_REPORT_MAX_DAYS = 92;
export const CONSOLE_REPORT_PAGE_STORES = 20;
