/**
 * Why the console refused a call with 13 (input error): the reply's machine `reason`, beside the
 * server's English `error` (which the CLI prints and the web never shows). The web words each reason
 * in the `status:reasons` catalogue of every language (its locale test iterates this list); the server
 * can only name one of these (its OperatorError and the console's own refusals are typed by it). A
 * reason names no value: the reply carries none beside it, except a credit refusal (32: a giver, a
 * store or a distributor short), which carries the move's `amount` and the short side's `balance`. Zod-free: the web imports it by subpath
 * (`@moneybox/contract/operator-reasons`).
 */
export const OPERATOR_REASONS = [
  // A store: creating it, finding it, its quotas.
  'no_store',
  'kiosk_id',
  'kiosk_exists',
  'store_name',
  'timezone',
  'max_drawers',
  'max_machines',
  'limit_day',
  'drawers_over_max',
  'freeze_message',
  // A store's distributor.
  'no_distributor',
  'already_bound',
  'already_own',
  'distributor_no_stores',
  // Staff accounts (the contract's credential problems) and platform accounts.
  'username_length',
  'password_length',
  'password_letters_numbers',
  'account_type',
  'account_parent',
  'stores_distributor_only',
  'account_self',
  'last_admin',
  'account_in_use',
  // Credit and the special comps budget.
  'zero_amount',
  'store_credit_short',
  'store_budget_short',
  'giver_credit_short',
  'distributor_credit_short',
  'credit_target',
  'comps_store_only',
  // Hosts and layouts.
  'host_name',
  'host_taken',
  'not_store_host',
  'layout',
  // Announcements and maintenance.
  'announcement_message',
  'announcement_too_long',
  'no_announcement',
  'announcement_withdrawn',
  'maintenance_message',
  // News items (their texts, targets, files and events).
  'no_bulletin',
  'bulletin_withdrawn',
  'news_title',
  'news_body',
  'news_too_large',
  'news_date',
  'news_stores',
  'news_languages',
  'news_files',
  'news_file_name',
  'news_file_empty',
  'news_file_type',
  'news_images',
  'news_event',
  // News beyond the caller's scope (21, issue 37): every store is the admin's; an item or event aimed at stores not all its own.
  'news_all_stores',
  'news_not_yours',
  'event_not_yours',
  // Alerts and webhooks.
  'alert_resolved',
  'alert_note_required',
  'no_webhook',
] as const;

export type OperatorReason = (typeof OPERATOR_REASONS)[number];
