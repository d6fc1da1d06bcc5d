import { toUnits } from '@moneybox/contract';
import { lowCreditThreshold, thresholdResolver } from '../../domain/alert-rules.js';
import { creditOutlook } from '../../domain/credit-outlook.js';
import { alertFactsRepository } from '../../repositories/alert.repository.js';
import type { ConsoleActor } from '../../domain/console-actor.js';
import { consoleStoreRepository as repo, type StoreSet } from '../../repositories/console-store.repository.js';
import type { Db } from '../../db/database.js';
import { platformRepository } from '../../repositories/platform.repository.js';
import { foldedUpTo } from '../report/daily-totals.js';
import { storeDayOf, storeDayStart } from '../report/store-days.js';
import type { Deps } from '../deps.js';
import { creditWeek } from './credit-week.js';
import { namedStore, storesInScope } from './scope.js';

type StoreRow = Awaited<ReturnType<typeof repo.listed>>[number];

/**
 * Today's purchases (net of reverts), redeems and net per store, each from its own store day's
 * start: report_daily's row of the store's day plus the ledger rows the refresher has not folded yet.
 */
async function todayByStore(db: Db, set: StoreSet, stores: readonly StoreRow[], now: number, floor: number) {
  // Per zone, not per store: the stores of a zone share their day and its start.
  const zones = new Map<string, { day: string; start: string }>();
  for (const s of stores) {
    if (zones.has(s.timezone)) continue;
    const day = storeDayOf(now, s.timezone);
    zones.set(s.timezone, { day, start: new Date(storeDayStart(day, s.timezone)).toISOString() });
  }
  const totals = new Map<number, { purchase: number; revert: number; redeem: number }>();
  if (!zones.size) return totals;
  const days = new Map<string, string[]>();
  for (const [zone, { day }] of zones) days.set(day, [...(days.get(day) ?? []), zone]);
  const tailFrom = [...zones.values()].reduce((m, z) => (z.start < m ? z.start : m), '9');
  const zoneOf = new Map(stores.map((s) => [s.id, s.timezone]));
  const rows = await repo.moneyOfDays(db, set, [...days].map(([day, zs]) => ({ day, zones: zs })), tailFrom, floor);
  for (const r of rows) {
    const storeId = Number(r.store_id);
    const zone = zoneOf.get(storeId);
    if (zone === undefined || (r.part === 't' && r.at! < zones.get(zone)!.start)) continue;
    const t = totals.get(storeId) ?? { purchase: 0, revert: 0, redeem: 0 };
    t[r.kind as 'purchase' | 'revert' | 'redeem'] += Number(r.cents);
    totals.set(storeId, t);
  }
  return totals;
}

/** The stores screen's rows: one query per figure over the whole scope. */
async function storeRows(db: Db, set: StoreSet, now = Date.now()) {
  // The refresher's watermark as it was before the reads below: their live tails start at or below it.
  const [stores, floor] = await Promise.all([repo.listed(db, set), foldedUpTo(db)]);
  const [shifts, machines, use, today, thresholds] = await Promise.all([
    repo.openShifts(db, set),
    repo.machines(db, set),
    creditWeek(db, set, now, floor),
    todayByStore(db, set, stores, now, floor),
    alertFactsRepository.thresholds(db),
  ]);
  const threshold = thresholdResolver(thresholds);
  const shiftsBy = new Map(shifts.map((r) => [r.store_id, Number(r.n)]));
  const machinesBy = new Map(machines.map((r) => [r.store_id, r]));
  const useBy = new Map(use.map((r) => [r.store_id, r]));
  return stores.map((s) => {
    const u = useBy.get(s.id);
    // Credit used over the week: what the ledger took from the store's credit (negative deltas), net.
    const outlook = creditOutlook(s.credit_cents, -Number(u?.credit_cents ?? 0), lowCreditThreshold(threshold, s.id));
    const t = today.get(s.id) ?? { purchase: 0, revert: 0, redeem: 0 };
    const purchases = t.purchase - t.revert;
    const m = machinesBy.get(s.id);
    return {
      kid: s.id,
      name: s.name,
      city: s.city,
      timezone: s.timezone,
      frozen: s.frozen === 1,
      freeze_msg: s.freeze_msg,
      distributor: s.distributor ?? null,
      open_shifts: shiftsBy.get(s.id) ?? 0,
      machines_connected: Number(m?.connected ?? 0),
      machines_enrolled: Number(m?.enrolled ?? 0),
      credit: toUnits(s.credit_cents),
      low_credit: outlook.low,
      days_left: outlook.daysLeft,
      today: { purchases: toUnits(purchases), redeems: toUnits(t.redeem), net: toUnits(purchases - t.redeem) },
      last_activity: u?.last_at ?? null,
    };
  });
}

/** Every store in the account's scope with its state and today's figures (the stores screen). */
export async function listConsoleStores(deps: Deps, actor: ConsoleActor) {
  const { db } = deps.handle;
  return { list: await storeRows(db, await storesInScope(db, actor)) };
}

/** One store of the scope: its row, settings and quota, and its bosses (21 outside the scope). */
export async function consoleStoreDetail(deps: Deps, actor: ConsoleActor, input: { kid: number }) {
  const { db } = deps.handle;
  const s = await namedStore(db, input.kid);
  const [present] = (await storeRows(db, [input.kid])) as [Awaited<ReturnType<typeof storeRows>>[number]];
  const [bosses, hosts] = await Promise.all([repo.bosses(db, input.kid), platformRepository.storeHosts(db, input.kid)]);
  return {
    store: {
      ...present,
      address: s.address,
      state: s.state,
      zip: s.zip,
      phone: s.phone,
      max_drawers: s.max_drawers,
      max_machines: s.max_machines,
      limit_day: s.limit_day,
      caps: { hourly: toUnits(s.cap_hourly_cents), daily: toUnits(s.cap_daily_cents), weekly: toUnits(s.cap_weekly_cents) },
      min_amount: toUnits(s.min_amount_cents),
      special_comps: toUnits(s.comps_budget_cents),
      created_at: s.created_at,
    },
    bosses: bosses.map((b) => ({ id: b.id, account: b.username, locked: b.locked === 1, disabled: b.disabled === 1, lastLogin: b.last_login_at })),
    hosts: hosts.map((h) => ({ host: h.host, layout: Number(h.layout) })),
  };
}
