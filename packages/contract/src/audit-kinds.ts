/**
 * The kinds of rows on the audit trail (zod-free, so the web's Activity tab imports it by subpath).
 * Changes people make are audit rows; money movements are ledger rows shown beside them with the
 * `money.` prefix (the ledger row IS the movement's audit row: who, store, when, kind, target,
 * amount, key). Add a kind here when a new change is audited, and its text in the web's `staff`
 * namespace (`kinds.<kind>`).
 */
export const AUDIT_KINDS = [
  'account.create',
  'account.update',
  'account.disable',
  'account.enable',
  'account.remove',
  'account.unlock',
  // A username refused as in use (or past the hourly limit) while names were platform-wide (migrations 031-032): kept for old rows.
  'account.name_refused',
  'login',
  'login.failed',
  'login.locked',
  'store.update',
  'drawer.freeze',
  'drawer.unfreeze',
  'drawer.create',
  'drawer.force_close',
  'drawer.handover',
  'drawer.no_sale',
  'drawer.shift_close',
  'customer.create',
  'customer.update',
  'customer.block',
  'customer.unblock',
  'customer.reset_pin',
  'customer.kick',
  'customer.protect',
  'customer.limits',
  'customer.checked_payout',
  'customer.export',
  'customer.erase',
  'machine.enrol_code',
  'machine.rename',
  'machine.release',
  'kiosk.collect',
  'kiosk.not_collected',
  'day.close',
  'day.annotate',
  'operator.command',
  // The platform console (issue 22): its sign-ins and every action, by a platform account.
  'console.login',
  'console.login_failed',
  'console.login_locked',
  'console.enrol',
  'console.store_create',
  'console.store_quota',
  'console.store_distributor',
  'console.store_freeze',
  'console.store_unfreeze',
  'console.boss_create',
  'console.boss_unlock',
  'console.name_refused',
  'console.account_create',
  'console.account_unlock',
  'console.factor_reset',
  // Offboarding (issue 37): accounts disabled, enabled, removed, new passwords; a store's name and address.
  'console.account_disable',
  'console.account_enable',
  'console.account_remove',
  'console.account_password',
  'console.boss_password',
  'console.store_rename',
  'console.credit_give',
  'console.credit_take_back',
  'console.comps_give',
  'console.comps_take_back',
  // Alerts by exception (issue 22).
  'console.alert_acknowledge',
  'console.alert_resolve',
  'console.thresholds_set',
  'console.unusual_activity_set',
  'console.webhook_add',
  'console.webhook_remove',
  // A store's theme: the hosts it is served at and their layout.
  'console.store_host_set',
  'console.store_host_remove',
  // Platform news, announcements and maintenance (issue 22): written by the services, whoever calls them (the CLI or the console).
  'operator.news_publish',
  'operator.news_update',
  'operator.news_withdraw',
  'operator.announcement_create',
  'operator.announcement_update',
  'operator.announcement_withdraw',
  'operator.maintenance',
  // Self-exclusions shared across an operator's stores (issue 24).
  'console.exclusion_sharing',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** Ledger kinds a person causes, shown on the trail as `money.<kind>`. */
export const MONEY_KINDS = ['init', 'fill', 'bleed', 'purchase', 'revert', 'redeem', 'special_comps', 'store_credit', 'comps_budget', 'adjust'] as const;
export type MoneyKind = (typeof MONEY_KINDS)[number];

type ActivityKind = AuditKind | `money.${MoneyKind}`;
export const ACTIVITY_KINDS: readonly ActivityKind[] = [...AUDIT_KINDS, ...MONEY_KINDS.map((k) => `money.${k}` as const)];

export function isActivityKind(k: string): k is ActivityKind {
  return (ACTIVITY_KINDS as readonly string[]).includes(k);
}
