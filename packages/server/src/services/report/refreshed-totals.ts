import type { DailyTotal, RefreshedRow } from '../../repositories/report.repository.js';
import { CREDIT_GIVEN_KIND } from '../../money/ledger-kind.js';

/** A refresher batch's totals summed over the stores (report_daily_all), from its per-store `store|day|channel|kind` totals. */
export function allStoresTotals(byStore: ReadonlyMap<string, { amount_cents: number; count: number }>): DailyTotal[] {
  const all = new Map<string, DailyTotal>();
  for (const [k, t] of byStore) {
    const key = k.slice(k.indexOf('|') + 1);
    const a = all.get(key);
    if (a) {
      a.amount_cents += t.amount_cents;
      a.count += t.count;
    } else {
      const [day, channel, kind] = key.split('|') as [string, string, string];
      all.set(key, { day, channel, kind, amount_cents: t.amount_cents, count: t.count });
    }
  }
  return [...all.values()];
}

/**
 * A refresher batch's credit use per store and UTC day (credit_use_day): what the counters moved
 * on the store's credit (the operator's store_credit is not use) and the day's last movement of any kind.
 */
export function creditUse(rows: readonly RefreshedRow[]): Array<{ store_id: number; day: string; used_cents: number; last_at: string }> {
  const days = new Map<string, { store_id: number; day: string; used_cents: number; last_at: string }>();
  for (const r of rows) {
    const storeId = Number(r.store_id);
    const day = r.at.slice(0, 10);
    const k = `${storeId}|${day}`;
    const used = r.kind === CREDIT_GIVEN_KIND ? 0 : Number(r.d_credit_cents);
    const d = days.get(k);
    if (!d) days.set(k, { store_id: storeId, day, used_cents: used, last_at: r.at });
    else {
      d.used_cents += used;
      if (r.at > d.last_at) d.last_at = r.at;
    }
  }
  return [...days.values()];
}
