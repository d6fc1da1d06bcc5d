import type { AccountTable, AlertTable, AlertThresholdTable, AuditTable, CreditTransferTable, DrawerTable, ShiftTable, StoreTable, WebhookDeliveryTable, WebhookTable } from '../db/schema.js';

/**
 * Every column of a table, by name, for the queries that return whole rows (queries name their
 * columns: architecture.test.ts fails on `selectAll()`). A column added to a table's interface in
 * db/schema.ts and not here does not compile: the list names what is missing.
 */
const allOf =
  <T>() =>
  <const L extends readonly (keyof T & string)[]>(list: L & (Exclude<keyof T, L[number]> extends never ? unknown : { missing: Exclude<keyof T, L[number]> })): L =>
    list;

export const STORE_COLUMNS = allOf<StoreTable>()([
  'id', 'name', 'address', 'city', 'state', 'zip', 'phone', 'timezone', 'frozen', 'freeze_msg', 'closed', 'max_machines', 'max_drawers',
  'exchange_rate', 'credit_cents', 'comps_budget_cents', 'limit_day', 'limit_hourly_cents', 'limit_daily_cents', 'limit_weekly_cents',
  'min_amount_cents', 'blind_count', 'max_failed_logins', 'created_at', 'cap_hourly_cents', 'cap_daily_cents', 'cap_weekly_cents', 'min_age',
  'birthday_required', 'id_check_cents', 'large_payout_cents', 'denominations', 'large_diff_cents', 'cash_log_cents', 'cash_report_cents',
]);
export const DRAWER_COLUMNS = allOf<DrawerTable>()(['id', 'store_id', 'number', 'frozen', 'created_at', 'last_login_at']);
export const ACCOUNT_COLUMNS = allOf<AccountTable>()([
  'id', 'store_id', 'username', 'password_hash', 'sa_type', 'disabled', 'locked', 'failed_logins', 'removed', 'created_at', 'last_login_at',
]);
export const AUDIT_COLUMNS = allOf<AuditTable>()([
  'id', 'store_id', 'at', 'actor_account_id', 'actor_name', 'actor_role', 'kind', 'target_type', 'target_id', 'target_label', 'before_json', 'after_json',
]);
export const SHIFT_COLUMNS = allOf<ShiftTable>()([
  'id', 'store_id', 'drawer_id', 'account_id', 'started_at', 'ended_at', 'closed_by_account_id', 'init_set', 'initial_cents', 'fills_cents',
  'bleeds_cents', 'purchases_cents', 'redeems_cents', 'comps_cents', 'special_comps_cents', 'reverts_cents', 'balance_cents', 'counted_cents',
  'count_detail',
]);
/** The shift's columns in a query that joins others (`shift.id`, ...). */
export const SHIFT_COLUMNS_QUALIFIED = SHIFT_COLUMNS.map((c) => `shift.${c}` as const);
export const CREDIT_TRANSFER_COLUMNS = allOf<CreditTransferTable>()([
  'id', 'at', 'key', 'fund', 'parent_account_id', 'child_account_id', 'child_store_id', 'd_child_cents', 'parent_balance_cents',
  'child_balance_cents', 'ledger_id', 'actor_account_id', 'note',
]);

export const ALERT_COLUMNS = allOf<AlertTable>()([
  'id', 'kind', 'store_id', 'subject', 'detail', 'open_key', 'raised_at', 'cleared_at', 'acknowledged_at', 'acknowledged_by', 'resolved_at', 'resolved_by', 'note',
]);
export const ALERT_THRESHOLD_COLUMNS = allOf<AlertThresholdTable>()(['store_id', 'kind', 'value']);
/** The webhook's secret is among them: read it only to sign (services/alerts/webhook-delivery.ts), never answer it. */
export const WEBHOOK_COLUMNS = allOf<WebhookTable>()(['id', 'url', 'secret', 'created_at', 'created_by', 'removed_at']);
export const WEBHOOK_DELIVERY_COLUMNS = allOf<WebhookDeliveryTable>()([
  'id', 'webhook_id', 'alert_id', 'event', 'body', 'created_at', 'attempts', 'next_at', 'claimed_until', 'delivered_at', 'last_status', 'last_error',
]);
