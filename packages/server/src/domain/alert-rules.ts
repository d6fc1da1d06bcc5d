import { ALERT_THRESHOLDS, UNUSUAL_ACTIVITY_DEFAULTS, type AlertKind, type ThresholdKind, type UnusualActivityRules } from '@moneybox/contract';
import { isLowCredit } from './credit-outlook.js';
import { addDays } from './store-days.js';

/**
 * THE alert rules (issue 22, "Alerts by exception"), pure: each turns the facts the sweep read
 * (services/alerts/alert-sweep.ts) into the causes standing now. A cause is identified by its kind
 * and subject; the sweep raises an alert for a new one and clears the alert of one that went.
 */
export interface Cause {
  kind: AlertKind;
  storeId: number | null;
  subject: string;
  detail: Record<string, unknown>;
  /** Every store the cause is about when it spans several (the alert_store rows): a bounded scope sees it only with all of them. */
  stores?: readonly number[];
}

/**
 * Kinds whose cause is an event, not a state that can go (a shift closed short stays closed short):
 * their alert is never cleared by the sweep, only resolved by a person, and never raised twice.
 */
export const EVENT_KINDS: ReadonlySet<AlertKind> = new Set(['over_short', 'structuring', 'little_play']);

/** The key an alert is unique by while it stands (the alert table's unique open_key). */
export const openKey = (c: Pick<Cause, 'kind' | 'subject'>) => `${c.kind}|${c.subject}`;

/** A store's threshold for a rule: its override, else the platform default (store 0), else the built-in one. 0: the rule is off. */
export type ThresholdOf = (storeId: number, kind: ThresholdKind) => number | null;

/** The store's low-credit threshold in cents, by the resolver of the alert thresholds (0: off). */
export const lowCreditThreshold = (threshold: ThresholdOf, storeId: number): number => threshold(storeId, 'low_credit') ?? 0;

export function thresholdResolver(rows: readonly { store_id: number; kind: string; value: number }[]): ThresholdOf {
  const map = new Map(rows.map((r) => [`${Number(r.store_id)}|${r.kind}`, Number(r.value)]));
  return (storeId, kind) => map.get(`${storeId}|${kind}`) ?? map.get(`0|${kind}`) ?? ALERT_THRESHOLDS[kind].builtIn;
}

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** The window over which lockouts of one account are counted. */
export const LOCKOUT_WINDOW_MS = 24 * HOUR_MS;
/** How far back the sweep looks for closed shifts (it runs every minute; a day covers any pause). */
export const CLOSED_SHIFT_WINDOW_MS = 24 * HOUR_MS;

export function lowCredit(stores: readonly { id: number; credit_cents: number }[], threshold: ThresholdOf): Cause[] {
  return stores.flatMap((s) => {
    const below = lowCreditThreshold(threshold, s.id);
    return isLowCredit(s.credit_cents, below) ? [{ kind: 'low_credit' as const, storeId: s.id, subject: `store:${s.id}`, detail: { credit_cents: Number(s.credit_cents), threshold_cents: below } }] : [];
  });
}

/** A closed shift's over/short (counted minus expected) beyond the threshold; built in: the store's own large difference. */
export function overShort(
  shifts: readonly { id: number; store_id: number; drawer_id: number; balance_cents: number; counted_cents: number | null }[],
  largeDiff: ReadonlyMap<number, number>,
  threshold: ThresholdOf,
): Cause[] {
  return shifts.flatMap((s) => {
    if (s.counted_cents === null) return [];
    const limit = threshold(s.store_id, 'over_short') ?? largeDiff.get(s.store_id) ?? 0;
    const diff = Number(s.counted_cents) - Number(s.balance_cents);
    if (limit <= 0 || Math.abs(diff) <= limit) return [];
    return [{ kind: 'over_short' as const, storeId: s.store_id, subject: `shift:${s.id}`, detail: { shift: s.id, drawer: s.drawer_id, diff_cents: diff, threshold_cents: limit } }];
  });
}

export function longShift(shifts: readonly { id: number; store_id: number; drawer_id: number; started_at: string }[], now: number, threshold: ThresholdOf): Cause[] {
  return shifts.flatMap((s) => {
    const hours = threshold(s.store_id, 'long_shift') ?? 0;
    if (hours <= 0 || Date.parse(s.started_at) > now - hours * HOUR_MS) return [];
    return [{ kind: 'long_shift' as const, storeId: s.store_id, subject: `shift:${s.id}`, detail: { shift: s.id, drawer: s.drawer_id, started_at: s.started_at, threshold_hours: hours } }];
  });
}

/**
 * A machine not heard from for the threshold's minutes while its store has an open shift. `connected`:
 * the Machine screen's rule (services/machine/machine-rules.ts isConnected) at `now`.
 */
export function machineOffline<M extends { id: number; store_id: number; machine_id: number; last_seen_at: string | null }>(
  machines: readonly M[],
  connected: (m: M) => boolean,
  storesWithOpenShift: ReadonlySet<number>,
  now: number,
  threshold: ThresholdOf,
): Cause[] {
  return machines.flatMap((m) => {
    const minutes = threshold(m.store_id, 'machine_offline') ?? 0;
    if (minutes <= 0 || !storesWithOpenShift.has(m.store_id) || connected(m)) return [];
    if (m.last_seen_at !== null && Date.parse(m.last_seen_at) > now - minutes * MINUTE_MS) return [];
    return [{ kind: 'machine_offline' as const, storeId: m.store_id, subject: `machine:${m.id}`, detail: { machine: Number(m.machine_id), last_seen_at: m.last_seen_at, threshold_minutes: minutes } }];
  });
}

export function lockouts(rows: readonly { store_id: number | null; target_id: number | null; target_label: string; n: number }[], threshold: ThresholdOf): Cause[] {
  return rows.flatMap((r) => {
    if (r.store_id === null || r.target_id === null) return [];
    const times = threshold(r.store_id, 'lockouts') ?? 0;
    if (times <= 0 || Number(r.n) < times) return [];
    return [{ kind: 'lockouts' as const, storeId: r.store_id, subject: `account:${r.target_id}`, detail: { account: r.target_label, lockouts: Number(r.n), threshold: times } }];
  });
}

/** Machines whose meters disagree with the ledger, by the Machine screen's reconciliation. */
export function metersDisagree(machines: readonly { id: number; store_id: number; machine_id: number; metersMatch: boolean; meters: object; ledger: object }[]): Cause[] {
  return machines
    .filter((m) => !m.metersMatch)
    .map((m) => ({ kind: 'meters' as const, storeId: m.store_id, subject: `machine:${m.id}`, detail: { machine: Number(m.machine_id), meters: m.meters, ledger: m.ledger } }));
}

/** The ledger `verify`'s differences, one alert per balance that differs. */
export function ledgerDifferences(diffs: readonly { what: string; id: number; cached: number; ledger: number }[], storeOf: (d: { what: string; id: number }) => number | null): Cause[] {
  return diffs.map((d) => ({ kind: 'ledger' as const, storeId: storeOf(d), subject: `${d.what.replaceAll(' ', '_')}:${d.id}`, detail: { what: d.what, id: d.id, cached_cents: d.cached, ledger_cents: d.ledger } }));
}

/**
 * The ledger chain check's findings (money/ledger-chain.ts, issue 40): one alert per store whose digested
 * rows, periods or signed days no longer match, naming the first row that differs.
 */
export function ledgerChainBreaks(problems: readonly { storeId: number; what: string; row: number | null; detail: string }[]): Cause[] {
  const first = new Map<number, (typeof problems)[number]>();
  for (const p of problems) if (!first.has(p.storeId)) first.set(p.storeId, p);
  return [...first.values()].map((p) => ({
    kind: 'ledger' as const,
    storeId: p.storeId,
    subject: `ledger_chain:${p.storeId}`,
    detail: { what: 'ledger chain', id: p.row, first_row: p.row, problem: p.detail, problems: problems.filter((q) => q.storeId === p.storeId).length },
  }));
}

/*
 * Unusual activity (issue 40; docs/COMPLIANCE.md "Structuring and unusual activity"): the operator's rules over
 * the customers' cash movements (money/cash-log.ts CASH_KINDS on CASH_CHANNELS). Alerts only, in the console:
 * nothing here refuses a movement, and no store call reads these alerts.
 */

/** The rules as stored (alert_threshold rows of store 0 named `ua.<rule>`, numbers), the defaults where nothing is set. */
export const UNUSUAL_ACTIVITY_PREFIX = 'ua.';
export function unusualActivityRules(rows: readonly { store_id: number; kind: string; value: number }[]): UnusualActivityRules {
  const v = new Map(rows.filter((r) => Number(r.store_id) === 0 && r.kind.startsWith(UNUSUAL_ACTIVITY_PREFIX)).map((r) => [r.kind.slice(UNUSUAL_ACTIVITY_PREFIX.length), Number(r.value)]));
  const n = (k: keyof UnusualActivityRules, d: number) => v.get(k) ?? d;
  const d = UNUSUAL_ACTIVITY_DEFAULTS;
  return {
    structuring_on: n('structuring_on', 0) === 1,
    structuring_count: n('structuring_count', d.structuring_count),
    structuring_band: n('structuring_band', d.structuring_band),
    structuring_window: n('structuring_window', 1) === 7 ? 'week' : 'day',
    little_play_on: n('little_play_on', 0) === 1,
    little_play_redeem: n('little_play_redeem', d.little_play_redeem),
    little_play_play: n('little_play_play', d.little_play_play),
  };
}
/** The rules as alert_threshold values (booleans 1/0, the window in days). */
export function unusualActivityValues(r: UnusualActivityRules): Record<string, number> {
  return Object.fromEntries(
    Object.entries(r).map(([k, x]) => [`${UNUSUAL_ACTIVITY_PREFIX}${k}`, typeof x === 'boolean' ? (x ? 1 : 0) : x === 'week' ? 7 : x === 'day' ? 1 : Number(x)]),
  );
}

/** How far back the sweep reads cash movements: a whole week of any zone, or a whole day. */
export const unusualLookbackMs = (window: 'day' | 'week') => (window === 'week' ? 8 : 2) * 24 * HOUR_MS;

/** A movement is near the report threshold when it is at most the threshold and at least `band` percent under it; no threshold (0): never. */
export function nearThreshold(amountCents: number, thresholdCents: number, bandPercent: number): boolean {
  return thresholdCents > 0 && amountCents <= thresholdCents && amountCents * 100 >= thresholdCents * (100 - bandPercent);
}

/** The window a store day falls in: the day itself, or its week (named by its Monday). */
export function windowOf(day: string, window: 'day' | 'week'): string {
  if (window === 'day') return `day:${day}`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return `week:${addDays(day, -((weekday + 6) % 7))}`;
}

/** One cash movement as the sweep read it: its ledger row, store, customer and person key, store day. */
export interface CashMovementFact {
  id: number;
  storeId: number;
  store: string;
  customerId: number;
  name: string;
  /** The customer's ID document key (customer.id_hash, the normalised number hashed); '' none: matched by the record. */
  idHash: string;
  kind: string;
  amountCents: number;
  /** The store's report threshold (store.cash_report_cents; 0: off there). */
  thresholdCents: number;
  at: string;
  /** The store day of `at` in the store's zone. */
  day: string;
}

/** At most this many movements are listed in one alert's detail (the count says how many there were). */
export const LISTED_MOVEMENTS = 50;

const listed = (ms: readonly CashMovementFact[]) =>
  ms.slice(0, LISTED_MOVEMENTS).map((m) => ({ id: m.id, kid: m.storeId, store: m.store, customer: m.customerId, name: m.name, kind: m.kind, amount_cents: m.amountCents, at: m.at }));

/**
 * Structuring: `count` or more of one person's cash movements, each near its store's report threshold, in one
 * window (store day or week), across every store. A person is their ID document key, else their record. One
 * cause per person and window (its subject), so the alert is raised once; a new window raises again.
 */
export function structuring(movements: readonly CashMovementFact[], rule: Pick<UnusualActivityRules, 'structuring_on' | 'structuring_count' | 'structuring_band' | 'structuring_window'>): Cause[] {
  if (!rule.structuring_on) return [];
  const groups = new Map<string, CashMovementFact[]>();
  for (const m of movements) {
    if (!nearThreshold(m.amountCents, m.thresholdCents, rule.structuring_band)) continue;
    const person = m.idHash ? `person:${m.idHash.slice(0, 16)}` : `customer:${m.customerId}`;
    const key = `${person}|${windowOf(m.day, rule.structuring_window)}`;
    const g = groups.get(key);
    if (g) g.push(m);
    else groups.set(key, [m]);
  }
  return [...groups.entries()].flatMap(([subject, ms]) => {
    if (ms.length < rule.structuring_count) return [];
    ms.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id - b.id));
    const stores = [...new Set(ms.map((m) => m.storeId))].sort((a, b) => a - b);
    return [
      {
        kind: 'structuring' as const,
        storeId: ms[0]!.storeId,
        subject,
        stores,
        detail: { window: subject.slice(subject.indexOf('|') + 1), by_document: ms[0]!.idHash !== '', count: ms.length, threshold_count: rule.structuring_count, band_percent: rule.structuring_band, stores, movements: listed(ms) },
      },
    ];
  });
}

/** A customer's store day for the little-play rule: their cash movements of the day and the entries they bet. */
export interface CustomerDayFact {
  customerId: number;
  storeId: number;
  day: string;
  movements: readonly CashMovementFact[];
  betCents: number;
}

/**
 * Purchase and redeem with little play: a customer's redeems of one store day reaching `little_play_redeem`
 * percent of the cash bought that day (purchases less reverts) while the entries bet that day stay under
 * `little_play_play` percent of it. One cause per customer and day.
 */
export function littlePlay(days: readonly CustomerDayFact[], rule: Pick<UnusualActivityRules, 'little_play_on' | 'little_play_redeem' | 'little_play_play'>): Cause[] {
  if (!rule.little_play_on) return [];
  return days.flatMap((d) => {
    const sum = (kind: string) => d.movements.filter((m) => m.kind === kind).reduce((a, m) => a + m.amountCents, 0);
    const bought = sum('purchase') - sum('revert');
    const redeemed = sum('redeem');
    if (bought <= 0 || redeemed * 100 < bought * rule.little_play_redeem || d.betCents * 100 >= bought * rule.little_play_play) return [];
    const ms = [...d.movements].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id - b.id));
    return [
      {
        kind: 'little_play' as const,
        storeId: d.storeId,
        subject: `customer:${d.customerId}|day:${d.day}`,
        detail: { day: d.day, customer: d.customerId, name: ms[0]?.name ?? '', bought_cents: bought, redeemed_cents: redeemed, bet_cents: d.betCents, redeem_percent: rule.little_play_redeem, play_percent: rule.little_play_play, movements: listed(ms) },
      },
    ];
  });
}
