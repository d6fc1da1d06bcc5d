import { REPORT_CHANNELS, type ReportChannel } from '@moneybox/contract';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { bucket, storeDailyTotals, totalKey, type Totals } from './daily-totals.js';
import { addInto, FIGURE_KINDS, figures, zeroFigures } from './figures.js';
import { presentPeriod } from './period.js';
import { customersOf, reportScope } from './report-scope.js';
import { addDays, storeDayStart } from './store-days.js';

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
