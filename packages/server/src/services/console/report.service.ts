import { CONSOLE_REPORT_MAX_DAYS, CONSOLE_REPORT_PAGE_STORES, REPORT_CHANNELS, toUnits, type ReportChannel } from '@moneybox/contract';
import type { ConsoleActor } from '../../domain/console-actor.js';
import { consoleStoreRepository as repo, type StoreSet } from '../../repositories/console-store.repository.js';
import { platformAccountRepository } from '../../repositories/platform-account.repository.js';
import { reportDeps, type Deps } from '../deps.js';
import { daysWindow, storesDailyTotals, type Totals } from '../report/daily-totals.js';
import { addInto, FIGURE_KINDS, figures, zeroFigures, type FigureCents } from '../report/figures.js';
import { resolvePeriod } from '../report/period.js';
import { storeDayOf } from '../report/store-days.js';
import { storesInScope } from './scope.js';

export interface ConsoleReportQuery {
  from: string;
  to: string;
  distributor_id?: number | undefined;
  kids?: number[] | undefined;
  page: number;
}

const narrow = (set: StoreSet, to: readonly number[]): StoreSet => (set === 'all' ? [...new Set(to)] : set.filter((id) => to.includes(id)));

/** The figures of one key prefix (day|channel, or store|day|channel) in cents. */
function centsOf(totals: Totals, prefix: string): FigureCents | undefined {
  let c: FigureCents | undefined;
  for (const kind of FIGURE_KINDS) {
    const t = totals.get(`${prefix}|${kind}`);
    if (!t) continue;
    c ??= zeroFigures();
    c[kind] += t.amount_cents;
    c[`${kind}_count`] += t.count;
  }
  return c;
}

/** Credit given summed in cents, and its moves. */
interface CreditSum {
  cents: number;
  count: number;
}
function addCredit(to: CreditSum, cents: number): void {
  to.cents += cents;
  to.count += 1;
}
const creditFigures = (c: CreditSum) => ({ credit_given: toUnits(c.cents), credit_count: c.count });

/**
 * /operator/report: the cross-store report over the caller's scope (services/console/scope.ts),
 * narrowed by a distributor's stores and/or a list of kiosk ids (never widened: a store outside the
 * scope is simply not selected). Store days are each store's own, counted as its daily report
 * counts them (services/report/daily-totals.ts); the period's days are calendar days, at most
 * CONSOLE_REPORT_MAX_DAYS (39 with limit_day otherwise, as the store reports refuse). Rows, credit
 * rows and per-store totals are the page's stores' (a page of CONSOLE_REPORT_PAGE_STORES stores);
 * each store's totals are the sums of its own rows and credit rows, the totals those of every selected store.
 */
export async function consoleReport(deps: Deps, actor: ConsoleActor, q: ConsoleReportQuery) {
  const period = resolvePeriod({ startTime: q.from, endTime: q.to }, { timezone: 'UTC', limit_day: CONSOLE_REPORT_MAX_DAYS });
  // The scope and its bindings from the primary (as the envelope's session); the figures from the report replica when fresh.
  const { db } = deps.handle;
  let set = await storesInScope(db, actor);
  if (q.distributor_id !== undefined) set = narrow(set, (await platformAccountRepository.storesOf(db, q.distributor_id)).map((r) => Number(r.store_id)));
  if (q.kids !== undefined) set = narrow(set, q.kids);
  const stores = await repo.listed(db, set);
  const pageStores = stores.slice((q.page - 1) * CONSOLE_REPORT_PAGE_STORES, q.page * CONSOLE_REPORT_PAGE_STORES);
  const days = { firstDay: period.firstDay, lastDay: period.lastDay };
  const handle = reportDeps(deps).handle;
  const totals = await storesDailyTotals(
    handle,
    { stores: stores.map((s) => ({ id: Number(s.id), timezone: s.timezone })), all: set === 'all' },
    pageStores.map((s) => Number(s.id)),
    days,
    { kinds: FIGURE_KINDS, channels: REPORT_CHANNELS },
  );

  // The page's rows, and each page store's totals summed from them (every page store, rows or not).
  const list = [];
  const storeCents = new Map<number, FigureCents>();
  for (const s of pageStores) {
    const sum = zeroFigures();
    storeCents.set(Number(s.id), sum);
    for (const day of period.days) {
      for (const channel of REPORT_CHANNELS) {
        const c = centsOf(totals.page, `${s.id}|${day}|${channel}`);
        if (!c) continue;
        list.push({ kid: Number(s.id), store: s.name, day, channel, ...figures(c) });
        addInto(sum, c);
      }
    }
  }
  const dayChannels = [];
  const byChannel = new Map<ReportChannel, FigureCents>(REPORT_CHANNELS.map((c) => [c, zeroFigures()]));
  const all = zeroFigures();
  for (const day of period.days) {
    for (const channel of REPORT_CHANNELS) {
      const c = centsOf(totals.all, `${day}|${channel}`) ?? zeroFigures();
      dayChannels.push({ day, channel, ...figures(c) });
      addInto(byChannel.get(channel)!, c);
      addInto(all, c);
    }
  }

  // Credit given to the stores (the credit ledger's gives, repositories/console-store.repository.ts
  // creditGiven): each move on its store's own day, read beside the figures.
  const zoneOf = new Map(stores.map((s) => [Number(s.id), s.timezone]));
  const nameOf = new Map(stores.map((s) => [Number(s.id), s.name]));
  const creditBy = new Map<string, CreditSum & { kid: number; day: string }>();
  const storeCredit = new Map<number, CreditSum>(pageStores.map((s) => [Number(s.id), { cents: 0, count: 0 }]));
  const allCredit: CreditSum = { cents: 0, count: 0 };
  const window = stores.length ? daysWindow(zoneOf.values(), days) : undefined;
  const moves = window ? await repo.creditGiven(handle.db, set, window.fromIso, window.toIso) : [];
  for (const m of moves) {
    const kid = Number(m.store_id);
    const tz = zoneOf.get(kid);
    if (tz === undefined) continue;
    const day = storeDayOf(Date.parse(m.at), tz);
    if (day < period.firstDay || day > period.lastDay) continue;
    const cents = Number(m.d_credit_cents);
    addCredit(allCredit, cents);
    const ofStore = storeCredit.get(kid);
    if (!ofStore) continue; // not on the page
    addCredit(ofStore, cents);
    const k = `${kid}|${day}`;
    const e = creditBy.get(k) ?? { kid, day, cents: 0, count: 0 };
    addCredit(e, cents);
    creditBy.set(k, e);
  }
  const credit = [...creditBy.values()]
    .sort((a, b) => a.kid - b.kid || a.day.localeCompare(b.day))
    .map((e) => ({ kid: e.kid, store: nameOf.get(e.kid)!, day: e.day, ...creditFigures(e) }));
  const storeTotals = pageStores.map((s) => ({ kid: Number(s.id), store: s.name, ...figures(storeCents.get(Number(s.id))!), ...creditFigures(storeCredit.get(Number(s.id))!) }));

  return {
    list,
    credit,
    store_totals: storeTotals,
    day_channels: dayChannels,
    channel_totals: REPORT_CHANNELS.map((channel) => ({ channel, ...figures(byChannel.get(channel)!) })),
    totals: { ...figures(all), ...creditFigures(allCredit) },
    stores: stores.length,
    page: q.page,
    page_stores: CONSOLE_REPORT_PAGE_STORES,
    period: { first_day: period.firstDay, last_day: period.lastDay, days: period.days.length, limit_day: CONSOLE_REPORT_MAX_DAYS },
  };
}
