import { toUnits, type LargePayoutRow } from '@moneybox/contract';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { presentPeriod } from './period.js';
import { reportScope } from './report-scope.js';
import { storeTime } from './store-days.js';

/**
 * /drawer/largePayouts (a boss's; issue 24): every redeem flagged as a large payout when it was paid
 * (the store day's payouts with it above the threshold: payout-rules.ts payoutNeeds), in the period, oldest first, with the ID checked at the counter,
 * and their sum and count. The CSV is the web's, like the other reports'.
 */
export async function largePayouts(deps: Deps, actor: Actor, q: { startTime?: string | number | undefined; endTime?: string | number | undefined }) {
  const scope = await reportScope(deps, actor, q);
  const { period } = scope;
  const rows = await scope.reports.largePayouts(period.fromIso, period.toIso);
  let cents = 0;
  const list: LargePayoutRow[] = rows.map((r) => {
    cents += Number(r.amount_cents);
    return {
      movement_id: Number(r.ledger_id),
      time: r.at,
      store_time: storeTime(Date.parse(r.at), period.timeZone),
      drawer: r.drawer_number == null ? null : Number(r.drawer_number),
      account: r.username ?? null,
      customer_id: Number(r.customer_id),
      mobile_id: r.mobile_id,
      customer_name: `${r.first_name} ${r.last_name}`.trim(),
      amount: toUnits(Number(r.amount_cents)),
      day_total: toUnits(Number(r.day_total_cents)),
      id_type: r.id_type,
      id_number: r.id_number,
    };
  });
  return { list, total: toUnits(cents), count: list.length, period: presentPeriod(period) };
}
