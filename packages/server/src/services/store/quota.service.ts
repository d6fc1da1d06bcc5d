import { Status, toUnits } from '@moneybox/contract';
import { CREDIT_GIVEN_KIND } from '../../money/ledger-kind.js';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { refuse } from '../../domain/status-refusal.js';
import { storeScope } from '../../repositories/store-scope.js';
import { creditOutlook } from '../../domain/credit-outlook.js';
import { lowCreditThreshold, thresholdResolver } from '../../domain/alert-rules.js';
import { alertFactsRepository } from '../../repositories/alert.repository.js';

const DAY = 86_400_000;

/** The store day (YYYY-MM-DD in the store's time zone) of a UTC hour bucket. */
function storeDay(hour: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(`${hour}:00:00Z`));
}

/**
 * Quota: credit and special comps budget left, drawers and machines used of their maximums, and the
 * credit history per store day (the operator's top-ups and what the counter used: purchases take
 * credit, reverts and redeems give it back), newest day first, with the low-credit warning (domain/credit-outlook.ts isLowCredit, the alert's rule).
 */
export async function storeQuota(deps: Deps, actor: Actor, days: number | undefined) {
  const { db } = deps.handle;
  const scope = storeScope(db, actor.storeId);
  const store = await scope.store.find();
  if (!store) refuse(Status.KIOSK_CLOSED);
  const span = Math.min(days ?? 30, 366);
  const now = Date.now();
  const from = new Date(now - span * DAY).toISOString();
  const creditHistory = scope.creditHistory;
  // The thresholds read and resolved as the alert sweep and the console's stores read them: one rule, one reading.
  const [hours, topups, counts, thresholds] = await Promise.all([creditHistory.hourly(from), creditHistory.topups(from), creditHistory.counts(), alertFactsRepository.thresholds(db)]);
  const threshold = thresholdResolver(thresholds);
  const byDay = new Map<string, { topups: number; used: number }>();
  const weekAgo = new Date(now - 7 * DAY).toISOString().slice(0, 13);
  let usedThisWeek = 0;
  for (const h of hours) {
    const day = storeDay(h.hour, store.timezone);
    const d = byDay.get(day) ?? { topups: 0, used: 0 };
    const cents = Number(h.credit_cents);
    if (h.kind === CREDIT_GIVEN_KIND) d.topups += cents;
    else {
      d.used -= cents;
      if (h.hour >= weekAgo) usedThisWeek -= cents;
    }
    byDay.set(day, d);
  }
  const history = [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .map(([day, d]) => ({ day, topups: toUnits(d.topups), used: toUnits(d.used) }));
  const outlook = creditOutlook(store.credit_cents, usedThisWeek, lowCreditThreshold(threshold, actor.storeId));
  return {
    credit: toUnits(store.credit_cents),
    special_comps: toUnits(store.comps_budget_cents),
    drawers: { used: counts.drawers, max: store.max_drawers },
    machines: { used: counts.machines, max: store.max_machines },
    avg_daily_use: toUnits(outlook.avgDailyCents),
    days_left: outlook.daysLeft,
    low_credit: outlook.low,
    history,
    topups: topups.map((t) => ({ at: t.at, amount: toUnits(t.d_credit_cents), note: t.note })),
  };
}
