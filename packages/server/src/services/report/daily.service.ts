import { REPORT_CHANNELS, toUnits, type DailyFigures, type ReportChannel } from '@moneybox/contract';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { bucket, storeDailyTotals, totalKey, type Totals } from './daily-totals.js';
import { presentPeriod } from './period.js';
import { customersOf, reportScope } from './report-scope.js';
import { addDays, storeDayStart } from './store-days.js';

/** Figures in cents while summing. */
export interface FigureCents {
  purchase: number;
  revert: number;
  redeem: number;
  special_comps: number;
  purchase_count: number;
  redeem_count: number;
  special_comps_count: number;
  revert_count: number;
}
/** The kinds a daily figure sums. */
export const FIGURE_KINDS = ['purchase', 'revert', 'redeem', 'special_comps'] as const;
export const zeroFigures = (): FigureCents => ({ purchase: 0, revert: 0, redeem: 0, special_comps: 0, purchase_count: 0, redeem_count: 0, special_comps_count: 0, revert_count: 0 });

export function addInto(to: FigureCents, from: FigureCents): void {
  for (const k of Object.keys(to) as Array<keyof FigureCents>) to[k] += from[k];
}

/** Figures in currency units: purchases net of reverts, net = purchases - redeems. */
export function figures(c: FigureCents): DailyFigures {
  const purchases = c.purchase - c.revert;
  return {
    purchases: toUnits(purchases),
    redeems: toUnits(c.redeem),
    net: toUnits(purchases - c.redeem),
    special_comps: toUnits(c.special_comps),
    reverts: toUnits(c.revert),
    purchase_count: c.purchase_count,
    redeem_count: c.redeem_count,
    special_comps_count: c.special_comps_count,
    revert_count: c.revert_count,
  };
}

/**
 * /drawer/dailyLog: one row per store day of the period (whole days in the store's zone) and
 * channel: purchases (net of reverts), redeems, net, special comps, counts; totals per channel, per
 * day and overall. The store's figures come from the daily totals; one customer's (`pinId`) from
 * that customer's ledger rows.
 */
export async function dailyLog(deps: Deps, actor: Actor, q: { startTime?: string | number | undefined; endTime?: string | number | undefined; pinId?: string | undefined; fun_name?: ReportChannel | undefined }) {
  const scope = await reportScope(deps, actor, q);
  const { period, store } = scope;
  const tz = period.timeZone;
  const whole = {
    firstDay: period.firstDay,
    lastDay: period.lastDay,
    fromIso: new Date(storeDayStart(period.firstDay, tz)).toISOString(),
    toIso: new Date(storeDayStart(addDays(period.lastDay, 1), tz)).toISOString(),
  };
  const customers = await customersOf(q.pinId, scope);
  let totals: Totals;
  if (customers === undefined) totals = await storeDailyTotals(deps.handle, store, whole, q.fun_name);
  else {
    const rows = await scope.reports.countedRows({ ...scope.filter, fromIso: whole.fromIso, toIso: whole.toIso, customerIds: customers, channel: q.fun_name });
    totals = bucket(rows, () => tz);
  }
  const channels = q.fun_name === undefined ? REPORT_CHANNELS : [q.fun_name];
  const list = [];
  const byChannel = new Map(channels.map((c) => [c, zeroFigures()]));
  const all = zeroFigures();
  const dayTotals = [];
  for (const day of period.days) {
    const ofDay = zeroFigures();
    for (const channel of channels) {
      const c = zeroFigures();
      for (const kind of FIGURE_KINDS) {
        const t = totals.get(totalKey(day, channel, kind));
        if (!t) continue;
        c[kind] += t.amount_cents;
        c[`${kind}_count`] += t.count;
      }
      list.push({ day, channel, ...figures(c) });
      addInto(byChannel.get(channel)!, c);
      addInto(ofDay, c);
    }
    addInto(all, ofDay);
    dayTotals.push({ day, ...figures(ofDay) });
  }
  return {
    list,
    channel_totals: channels.map((channel) => ({ channel, ...figures(byChannel.get(channel)!) })),
    day_totals: dayTotals,
    totals: figures(all),
    period: presentPeriod(period),
  };
}
