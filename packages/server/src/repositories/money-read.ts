import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { CustomerRead } from '../money/customer-rules.js';
import type { RecentPayout } from '../money/payouts.js';
import { CASH_CHANNELS, CASH_KINDS, type RecentCash } from '../money/cash-log.js';

// What the money reads share: the counter's (customer-movement.repository.ts readCounter) and a
// reload terminal's (reload.repository.ts).

/** Net purchases (purchases minus reverts) signed per ledger row. */
export const netPurchase = sql<number>`CASE WHEN kind = 'purchase' THEN amount_cents ELSE -amount_cents END`;

/**
 * A customer's net purchases in each purchase-limit window, every channel summed, as a derived
 * table of one row (hour, day, week) to join ON 1 = 1. By the customer alone: its ledger rows are
 * all its store's, and the reads count them only once the customer is found in the caller's store,
 * so the (customer_id, kind, at) index serves them.
 */
export function windowSums(customerId: number | RawBuilder<unknown> | undefined, w: { hour: string; day: string; week: string }) {
  return sql`(SELECT COALESCE(SUM(CASE WHEN at >= ${w.hour} THEN ${netPurchase} ELSE 0 END), 0) AS hour,
          COALESCE(SUM(CASE WHEN at >= ${w.day} THEN ${netPurchase} ELSE 0 END), 0) AS day, COALESCE(SUM(${netPurchase}), 0) AS week
        FROM ledger WHERE customer_id = ${customerId} AND kind IN ('purchase', 'revert') AND at >= ${w.week})`;
}

/**
 * A redeem's read: the customer's payouts (redeems, every channel) since `since`, as one text column
 * `recent_payouts` of `at=cents` items (the rules keep the store day's: money/payouts.ts
 * payoutsToday). By the customer alone, as windowSums, on the (customer_id, kind, at) index.
 */
export function recentPayoutsColumn(customerId: number | RawBuilder<unknown> | undefined, since: string, dialect: Dialect) {
  const item = sql`at || '=' || amount_cents`;
  const agg = dialect === 'postgres' ? sql`string_agg(${item}, ',')` : sql`group_concat(${item}, ',')`;
  return sql`(SELECT ${agg} FROM ledger WHERE customer_id = ${customerId} AND kind = 'redeem' AND at >= ${since}) AS recent_payouts`;
}

/** The column recentPayoutsColumn selected, as the rules take it. */
export function recentPayouts(x: Record<string, unknown>): RecentPayout[] {
  const v = x.recent_payouts as string | null | undefined;
  if (!v) return [];
  return v.split(',').map((item) => {
    const [at, cents] = item.split('=') as [string, string];
    return { at, cents: Number(cents) };
  });
}

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A cash movement's read (money/cash-log.ts): the customer's cash movements (CASH_KINDS on CASH_CHANNELS)
 * since `since`, as one text column `recent_cash` of `kind=at=cents` items, read only when the store `s` sets
 * a cash threshold (the CASE leaves the subquery unevaluated otherwise: a purchase costs what it did). By the
 * customer alone, as windowSums, on the (customer_id, kind, at) index.
 */
export function recentCashColumn(customerId: number | RawBuilder<unknown> | undefined, since: string, dialect: Dialect, s: string) {
  const item = sql`kind || '=' || at || '=' || amount_cents`;
  const agg = dialect === 'postgres' ? sql`string_agg(${item}, ',')` : sql`group_concat(${item}, ',')`;
  return sql`CASE WHEN ${sql.ref(`${s}.cash_log_cents`)} > 0 OR ${sql.ref(`${s}.cash_report_cents`)} > 0 THEN (SELECT ${agg} FROM ledger
      WHERE customer_id = ${customerId} AND kind IN (${inList(CASH_KINDS)}) AND channel IN (${inList(CASH_CHANNELS)}) AND at >= ${since}) END AS recent_cash`;
}

/** The column recentCashColumn selected, as the rules take it (null when not read). */
export function recentCash(x: Record<string, unknown>): RecentCash[] {
  const v = x.recent_cash as string | null | undefined;
  if (!v) return [];
  return v.split(',').map((item) => {
    const [kind, at, cents] = item.split('=') as [string, string, string];
    return { at, direction: kind === 'purchase' ? 'in' : 'out', cents: Number(cents) };
  });
}

const PERSONAL_LIMIT_COLUMNS = [
  'plimit_hourly_cents',
  'plimit_daily_cents',
  'plimit_weekly_cents',
  'plimit_next_hourly_cents',
  'plimit_next_daily_cents',
  'plimit_next_weekly_cents',
  'plimit_next_at',
] as const;

/** The store columns every money read selects beside its own (the payout thresholds and the store's zone, the birthday rule, the minimum age): `s` is the store table's alias. */
export function moneyStoreColumns(s: string) {
  return sql.raw(['birthday_required', 'id_check_cents', 'large_payout_cents', 'timezone', 'min_age', 'cash_log_cents', 'cash_report_cents'].map((col) => `${s}.${col}`).join(', '));
}

/** The store's columns of a money read that moneyStoreColumns selected. */
export function storeRuleColumns(x: Record<string, unknown>) {
  return {
    birthday_required: Number(x.birthday_required ?? 0),
    id_check_cents: Number(x.id_check_cents ?? 0),
    large_payout_cents: Number(x.large_payout_cents ?? 0),
    min_age: Number(x.min_age ?? 0),
    cash_log_cents: Number(x.cash_log_cents ?? 0),
    cash_report_cents: Number(x.cash_report_cents ?? 0),
    timezone: (x.timezone as string | null) ?? 'UTC',
  };
}

/** The customer columns every money read selects (with the row's version): `c` is the customer table's alias. */
export function moneyCustomerColumns(c: string) {
  return sql.raw(
    ['id AS customer_id', 'blocked', 'playing_machine_id', 'entries_cents', 'winnings_cents', 'drivers_license', 'birthday', 'first_name', 'last_name', 'address', 'protect_kind', 'protect_since', 'protect_until', 'shared_since', 'shared_until',
      ...PERSONAL_LIMIT_COLUMNS,
    ].map((col) => `${c}.${col}`).join(', '),
  );
}

/** The customer's columns of a money read (customer_id, blocked, ..., customer_version), or null when not found. */
export function customerColumns(x: Record<string, unknown>): (CustomerRead & { version: string | null }) | null {
  if (x.customer_id == null) return null;
  return {
    id: Number(x.customer_id),
    blocked: Number(x.blocked),
    playing_machine_id: x.playing_machine_id == null ? null : Number(x.playing_machine_id),
    entries_cents: Number(x.entries_cents),
    winnings_cents: Number(x.winnings_cents),
    drivers_license: (x.drivers_license as string | null) ?? '',
    birthday: (x.birthday as string | null) ?? '',
    first_name: (x.first_name as string | null) ?? '',
    last_name: (x.last_name as string | null) ?? '',
    address: (x.address as string | null) ?? '',
    protect_kind: (x.protect_kind as string | null) ?? '',
    protect_since: (x.protect_since as string | null) ?? null,
    protect_until: (x.protect_until as string | null) ?? null,
    shared_since: (x.shared_since as string | null) ?? null,
    shared_until: (x.shared_until as string | null) ?? null,
    plimit_hourly_cents: Number(x.plimit_hourly_cents ?? 0),
    plimit_daily_cents: Number(x.plimit_daily_cents ?? 0),
    plimit_weekly_cents: Number(x.plimit_weekly_cents ?? 0),
    plimit_next_hourly_cents: x.plimit_next_hourly_cents == null ? null : Number(x.plimit_next_hourly_cents),
    plimit_next_daily_cents: x.plimit_next_daily_cents == null ? null : Number(x.plimit_next_daily_cents),
    plimit_next_weekly_cents: x.plimit_next_weekly_cents == null ? null : Number(x.plimit_next_weekly_cents),
    plimit_next_at: (x.plimit_next_at as string | null) ?? null,
    version: (x.customer_version as string | null) ?? null,
  };
}
