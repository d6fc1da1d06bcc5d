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

/** Every window that limits a purchase, with what it still allows: the store's first, then the customer's own (personal: true) where set. */
function limitingWindows(store: StoreLimits, used: PurchaseWindows, own?: StoreLimits | null): { limit: LimitName; left: number; personal: boolean }[] {
  const out: { limit: LimitName; left: number; personal: boolean }[] = [];
  for (const [limits, personal] of [[store, false], [own, true]] as const) {
    if (!limits) continue;
    const left = limitsLeft(limits, used);
    for (const [name] of WINDOWS) {
      const l = left[name];
      if (l !== null) out.push({ limit: name, left: l, personal });
    }
  }
  return out;
}

/**
 * The first window a purchase of `amount` cents would overrun, with what it still allows: the
 * store's limits first, then the customer's own (personal: true) where they are set.
 */
export function overrun(store: StoreLimits, used: PurchaseWindows, amount: number, own?: StoreLimits | null): { limit: LimitName; left: number; personal: boolean } | null {
  return limitingWindows(store, used, own).find((w) => amount > w.left) ?? null;
}

/** Cents a purchase may still be by `overrun`'s windows (the store's and the customer's own): the least of them; null when none limits. */
export function purchaseLeft(store: StoreLimits, used: PurchaseWindows, own?: StoreLimits | null): number | null {
  const lefts = limitingWindows(store, used, own).map((w) => w.left);
  return lefts.length ? Math.min(...lefts) : null;
}

/** A customer's personal purchase limits as on the row (cents, 0 = none) with the raise pending until `plimit_next_at`. */
export interface PersonalLimitColumns {
  plimit_hourly_cents: number;
  plimit_daily_cents: number;
  plimit_weekly_cents: number;
  plimit_next_hourly_cents: number | null;
  plimit_next_daily_cents: number | null;
  plimit_next_weekly_cents: number | null;
  plimit_next_at: string | null;
}

const PERSONAL = [
  ['limit_hourly_cents', 'plimit_hourly_cents', 'plimit_next_hourly_cents'],
  ['limit_daily_cents', 'plimit_daily_cents', 'plimit_next_daily_cents'],
  ['limit_weekly_cents', 'plimit_weekly_cents', 'plimit_next_weekly_cents'],
] as const;

/** A raise of a personal limit takes effect this long after it was asked for; a lowering at once. */
export const PERSONAL_RAISE_DELAY_MS = 24 * HOUR;

/** The personal limits in force at `at`: the pending ones once their time has come. Null when none is set. */
export function personalLimits(c: PersonalLimitColumns, at: string): StoreLimits | null {
  const due = c.plimit_next_at !== null && c.plimit_next_at <= at;
  const out = {} as StoreLimits;
  for (const [col, now, next] of PERSONAL) out[col] = Number(due ? (c[next] ?? c[now]) : c[now]);
  return out.limit_hourly_cents || out.limit_daily_cents || out.limit_weekly_cents ? out : null;
}

/** 0 (no limit) is the loosest: a lower limit is any other figure below it. */
const stricter = (a: number, b: number) => (a === 0 ? false : b === 0 || a <= b);

/**
 * A customer's new personal limits asked for at `at`: each window lower than (or as strict as) the
 * one in force takes effect at once; a raise (or removal) waits PERSONAL_RAISE_DELAY_MS, pending.
 */
export function nextPersonalLimits(c: PersonalLimitColumns, wanted: StoreLimits, at: string): PersonalLimitColumns {
  const inForce = personalLimits(c, at) ?? { limit_hourly_cents: 0, limit_daily_cents: 0, limit_weekly_cents: 0 };
  const out = { plimit_next_at: null } as PersonalLimitColumns;
  let raised = false;
  for (const [col, now, next] of PERSONAL) {
    const want = wanted[col];
    const keep = inForce[col];
    const lower = want === keep || stricter(want, keep);
    out[now] = lower ? want : keep;
    out[next] = want;
    if (!lower) raised = true;
  }
  if (!raised) for (const [, , next] of PERSONAL) out[next] = null;
  else out.plimit_next_at = new Date(Date.parse(at) + PERSONAL_RAISE_DELAY_MS).toISOString();
  return out;
}

export function presentLimits(store: StoreLimits, used: PurchaseWindows) {
  return presentWindows(store, used);
}

function presentWindows(store: StoreLimits, used: PurchaseWindows) {
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

/** The customer's own limits for the card: in force (left / total) and the pending raise, if any. */
export function presentPersonal(c: PersonalLimitColumns, used: PurchaseWindows, at: string) {
  const own = personalLimits(c, at);
  const pending = c.plimit_next_at !== null && c.plimit_next_at > at;
  return {
    ...(own ? presentWindows(own, used) : presentWindows({ limit_hourly_cents: 0, limit_daily_cents: 0, limit_weekly_cents: 0 }, used)),
    pending: pending
      ? {
          hourly: toUnits(Number(c.plimit_next_hourly_cents ?? 0)),
          daily: toUnits(Number(c.plimit_next_daily_cents ?? 0)),
          weekly: toUnits(Number(c.plimit_next_weekly_cents ?? 0)),
          at: c.plimit_next_at!,
        }
      : null,
  };
}

