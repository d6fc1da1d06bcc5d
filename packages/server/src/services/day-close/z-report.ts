import { readCountNote, REPORT_CHANNELS, toUnits, type DayCloseBlock, type ZCollection, type ZMachine, type ZReport, type ZShift } from '@moneybox/contract';
import type { Store } from '../../db/schema.js';
import type { StoreScope } from '../../repositories/store-scope.js';
import { presentShiftWithNames } from '../drawer/shift-report.js';
import { meterReconciliation } from '../machine/machine.service.js';
import { addInto, FIGURE_KINDS, figures, zeroFigures } from '../report/daily.service.js';
import { addDays, storeDayStart } from '../report/store-days.js';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The window a store day's Z report covers: the day [its local midnight, the next one), except that a
 * day closed before it ended ends at its close, and the movements after that close belong to the next
 * day (whose window then starts at that close). A day not closed yet ends now at the latest.
 */
export async function dayWindow(scope: StoreScope, day: string, timeZone: string, nowMs: number, closedAt: string | null): Promise<{ from: string; to: string }> {
  const start = iso(storeDayStart(day, timeZone));
  const end = iso(storeDayStart(addDays(day, 1), timeZone));
  const before = await scope.dayClose.find(addDays(day, -1));
  const from = before && before.closed_at < start ? before.closed_at : start;
  const cut = closedAt ?? iso(nowMs);
  const to = cut < end ? cut : end;
  // A day still to come: an empty window at its start.
  return { from, to: to > from ? to : from };
}

/** What keeps a day from closing: a shift of it still open, a kiosk's cash of it neither collected nor marked. */
export async function closeBlocks(scope: StoreScope, w: { from: string; to: string }, shifts: ZShift[]): Promise<DayCloseBlock[]> {
  const blocks: DayCloseBlock[] = shifts.filter((s) => s.end === null).map((s) => ({ reason: 'shift_open', id: s.shift_id, name: s.cashier }));
  const [cash, collections] = await Promise.all([scope.dayClose.lastCashIn(w.from, w.to), scope.dayClose.collectionsSince(w.from)]);
  for (const k of cash) {
    const lastId = Number(k.last_id);
    const lastAt = String(k.last_at);
    const settled = collections.some(
      (c) => Number(c.machine_id) === Number(k.machine_id) && (c.counted_cents === null ? c.at >= lastAt : Number(c.up_to_cash_id) >= lastId),
    );
    if (!settled) blocks.push({ reason: 'kiosk_uncollected', id: Number(k.machine_id), name: String(k.name) });
  }
  return blocks;
}

/**
 * The Z report of one window of a store: every shift that started in it (cashier, expected, counted,
 * over/short), every kiosk collection made in it, every game machine's day by the ledger and its meters
 * against the ledger (the Machine screen's reconciliation), the ledger's figures by channel, gifts, the
 * store credit used, and the totals. Differences above the store's threshold are flagged `large`.
 */
export async function zReport(scope: StoreScope, store: Store, day: string, w: { from: string; to: string }, at: string): Promise<ZReport> {
  const large = Number(store.large_diff_cents);
  const isLarge = (diff: number | null) => diff !== null && Math.abs(diff) > large;
  const [shiftRows, collectionRows, sums, machineRows, dayTotals, reconcile] = await Promise.all([
    scope.dayClose.shiftsStarted(w.from, w.to),
    scope.dayClose.collectionsIn(w.from, w.to),
    scope.dayClose.windowSums(w.from, w.to),
    scope.machines.live(),
    scope.machines.ledgerTotals(w.from, w.to),
    meterReconciliation(scope.db, scope.storeId, store.exchange_rate),
  ]);

  let drawersExpected = 0;
  let drawersCounted = 0;
  let largeCount = 0;
  const shifts: ZShift[] = shiftRows.map((row) => {
    const r = presentShiftWithNames(row);
    const expected = Number(row.balance_cents);
    const counted = row.counted_cents === null ? null : Number(row.counted_cents);
    const diff = counted === null ? null : counted - expected;
    if (counted !== null) {
      drawersExpected += expected;
      drawersCounted += counted;
    }
    if (isLarge(diff)) largeCount++;
    return {
      shift_id: r.shift_id, moneybox: r.moneybox, cashier: r.account, closed_by: r.closedBy, start: r.createTime, end: r.shiftTime,
      expected: toUnits(expected), counted: r.counted, over_short: r.over_short, count_detail: r.count_detail ?? null, large: isLarge(diff),
    };
  });

  let kiosksExpected = 0;
  let kiosksCounted = 0;
  const collections: ZCollection[] = collectionRows.map((c) => {
    const expected = Number(c.expected_cents);
    const counted = c.counted_cents === null ? null : Number(c.counted_cents);
    const diff = counted === null ? null : counted - expected;
    if (counted !== null) {
      kiosksExpected += expected;
      kiosksCounted += counted;
    }
    if (isLarge(diff)) largeCount++;
    return {
      collection_id: Number(c.id), kiosk_id: Number(c.machine_id), kiosk: String(c.name), time: c.at, collector: c.collector,
      expected: toUnits(expected), counted: counted === null ? null : toUnits(counted), over_short: diff === null ? null : toUnits(diff),
      count_detail: readCountNote(c.count_detail), reason: c.reason, large: isLarge(diff),
    };
  });

  const dayBy = new Map(dayTotals.map((t) => [t.machine_id, t]));
  const machines: ZMachine[] = machineRows
    .filter((m) => m.kind === 'game')
    .map((m) => ({
      id: m.id,
      name: String(m.machine_id),
      played: toUnits(dayBy.get(m.id)?.played_cents ?? 0),
      won: toUnits(dayBy.get(m.id)?.won_cents ?? 0),
      ...reconcile(m),
    }));

  const all = zeroFigures();
  const channels = REPORT_CHANNELS.map((channel) => {
    const c = zeroFigures();
    for (const s of sums) {
      if (s.channel !== channel || !(FIGURE_KINDS as readonly string[]).includes(s.kind)) continue;
      const kind = s.kind as (typeof FIGURE_KINDS)[number];
      c[kind] += s.amount_cents;
      c[`${kind}_count`] += s.count;
    }
    addInto(all, c);
    return { channel, ...figures(c) };
  });
  const gifts = sums.filter((s) => s.kind === 'gift');
  // The store's credit the customers' movements took; the operator's own credit sales are not use.
  const creditUsed = -sums.filter((s) => s.kind !== 'store_credit').reduce((a, s) => a + s.credit_cents, 0);

  return {
    day,
    store: store.name,
    timezone: store.timezone,
    from: w.from,
    to: w.to,
    at,
    large_diff: toUnits(large),
    shifts,
    collections,
    machines,
    channels,
    gifts: { amount: toUnits(gifts.reduce((a, s) => a + s.amount_cents, 0)), count: gifts.reduce((a, s) => a + s.count, 0) },
    store_credit_used: toUnits(creditUsed),
    totals: {
      ...figures(all),
      drawers_expected: toUnits(drawersExpected),
      drawers_counted: toUnits(drawersCounted),
      drawers_over_short: toUnits(drawersCounted - drawersExpected),
      kiosks_expected: toUnits(kiosksExpected),
      kiosks_counted: toUnits(kiosksCounted),
      kiosks_over_short: toUnits(kiosksCounted - kiosksExpected),
      large_differences: largeCount,
      machines_mismatched: machines.filter((m) => !m.metersMatch).length,
    },
  };
}
