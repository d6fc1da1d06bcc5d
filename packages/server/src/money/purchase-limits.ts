import { toUnits } from '@moneybox/contract';

const HOUR = 3_600_000;

/** Purchase limits are rolling windows ending now: the last hour, 24 hours and 7 days. */
export function windowStarts(now = Date.now()) {
  return {
    hour: new Date(now - HOUR).toISOString(),
    day: new Date(now - 24 * HOUR).toISOString(),
    week: new Date(now - 7 * 24 * HOUR).toISOString(),
  };
}

/** Cents a customer purchased (net of reverts) in each rolling window: what the repository reads for the rules. */
export interface PurchaseWindows {
  hour: number;
  day: number;
  week: number;
}

export interface StoreLimits {
  limit_hourly_cents: number;
  limit_daily_cents: number;
  limit_weekly_cents: number;
}

const WINDOWS = [
  ['hourly', 'limit_hourly_cents', 'hour'],
  ['daily', 'limit_daily_cents', 'day'],
  ['weekly', 'limit_weekly_cents', 'week'],
] as const;

type LimitName = (typeof WINDOWS)[number][0];

/** Cents still allowed per window; null where the store sets no limit (0). */
function limitsLeft(store: StoreLimits, used: PurchaseWindows): Record<LimitName, number | null> {
  const out = {} as Record<LimitName, number | null>;
  for (const [name, col, w] of WINDOWS) out[name] = store[col] > 0 ? Math.max(0, store[col] - used[w]) : null;
  return out;
}

/** The first window a purchase of `amount` cents would overrun, with what it still allows. */
export function overrun(store: StoreLimits, used: PurchaseWindows, amount: number): { limit: LimitName; left: number } | null {
  const left = limitsLeft(store, used);
  for (const [name] of WINDOWS) {
    const l = left[name];
    if (l !== null && amount > l) return { limit: name, left: l };
  }
  return null;
}

export function presentLimits(store: StoreLimits, used: PurchaseWindows) {
  const left = limitsLeft(store, used);
  const one = (name: LimitName, col: keyof StoreLimits) => ({
    left: left[name] === null ? null : toUnits(left[name]),
    total: toUnits(store[col]),
  });
  return {
    hourly: one('hourly', 'limit_hourly_cents'),
    daily: one('daily', 'limit_daily_cents'),
    weekly: one('weekly', 'limit_weekly_cents'),
  };
}
