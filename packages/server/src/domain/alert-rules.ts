import { ALERT_THRESHOLDS, type AlertKind, type ThresholdKind } from '@moneybox/contract';
import { isLowCredit } from './credit-outlook.js';

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
}

/**
 * Kinds whose cause is an event, not a state that can go (a shift closed short stays closed short):
 * their alert is never cleared by the sweep, only resolved by a person, and never raised twice.
 */
export const EVENT_KINDS: ReadonlySet<AlertKind> = new Set(['over_short']);

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
