import { centsToCredits, readCountNote, REPORT_CHANNELS, toUnits, type DayCloseBlock, type ZCollection, type ZMachine, type ZReport, type ZShift } from '@moneybox/contract';
import { CREDIT_GIVEN_KIND } from '../../money/ledger-kind.js';
import type { Store } from '../../db/schema.js';
import type { StoreScope } from '../../repositories/store-scope.js';
import { presentShiftWithNames } from '../drawer/shift-report.js';
import { addInto, FIGURE_KINDS, figures, zeroFigures } from '../report/figures.js';
import { addDays, storeDayStart } from '../report/store-days.js';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The window a store day's Z report covers: the day [its local midnight, the next one), except that a
 * day closed before it ended ends at its close, and the movements after that close belong to the next
 * day (whose window then starts at that close: `beforeClosedAt`, the day before's close). A day not
 * closed yet ends now at the latest.
 */
export function dayWindow(day: string, timeZone: string, nowMs: number, closedAt: string | null, beforeClosedAt: string | undefined): { from: string; to: string } {
  const start = iso(storeDayStart(day, timeZone));
  const end = iso(storeDayStart(addDays(day, 1), timeZone));
  const from = beforeClosedAt !== undefined && beforeClosedAt < start ? beforeClosedAt : start;
  const cut = closedAt ?? iso(nowMs);
  const to = cut < end ? cut : end;
  // A day still to come: an empty window at its start.
  return { from, to: to > from ? to : from };
}

/**
 * Every read a Z report and its close blocks are made of, at once (one round trip on PostgreSQL's pool):
 * the window's shifts, collections (and marks) since its start, ledger sums, machines' ledger, rounds and
 * meters, and each kiosk's last cash taken in it.
 */
export async function dayReads(scope: StoreScope, day: string, w: { from: string; to: string }) {
  const [shifts, collectionsSince, sums, dayTotals, dayGames, machines, lastCash] = await Promise.all([
    scope.dayClose.shiftsStarted(w.from, w.to),
    scope.dayClose.collectionsSince(w.from),
    // The report's kinds and gifts (and whatever moved store credit).
    scope.dayClose.windowSums(w.from, w.to, [...FIGURE_KINDS, 'gift']),
    scope.machines.ledgerTotals(w.from, w.to),
    scope.machines.roundCounts(w.from, w.to),
    scope.machines.dayMeters(day),
    scope.dayClose.lastCashIn(w.from, w.to),
  ]);
  return { shifts, collectionsSince, sums, dayTotals, dayGames, machines, lastCash };
}
export type DayReads = Awaited<ReturnType<typeof dayReads>>;

/** What keeps a day from closing: a shift of it still open, a kiosk's cash of it neither collected nor marked. */
export function closeBlocks(shifts: ZShift[], { lastCash, collectionsSince }: DayReads): DayCloseBlock[] {
  const blocks: DayCloseBlock[] = shifts.filter((s) => s.end === null).map((s) => ({ reason: 'shift_open', id: s.shift_id, name: s.cashier }));
  for (const k of lastCash) {
    const lastId = Number(k.last_id);
    const lastAt = String(k.last_at);
    const settled = collectionsSince.some(
      (c) => Number(c.machine_id) === Number(k.machine_id) && (c.counted_cents === null ? c.at >= lastAt : Number(c.up_to_cash_id) >= lastId),
    );
    if (!settled) blocks.push({ reason: 'kiosk_uncollected', id: Number(k.machine_id), name: String(k.name) });
  }
  return blocks;
}

/** Counts against what was expected (cents): the counted ones' sums, and how many differ by more than `threshold`. */
class CountTally {
  expected = 0;
  counted = 0;
  large = 0;
  constructor(private readonly threshold: number) {}
  /** One count: its figures in units (counted and over/short null when not counted) and its `large` flag. */
  add(expectedCents: number, countedCents: number | string | null) {
    const counted = countedCents === null ? null : Number(countedCents);
    const diff = counted === null ? null : counted - expectedCents;
    const large = diff !== null && Math.abs(diff) > this.threshold;
    if (counted !== null) {
      this.expected += expectedCents;
      this.counted += counted;
    }
    if (large) this.large++;
    return { expected: toUnits(expectedCents), counted: counted === null ? null : toUnits(counted), over_short: diff === null ? null : toUnits(diff), large };
  }
}

/**
 * The Z report of one window of a store: every shift that started in it (cashier, expected, counted,
 * over/short), every kiosk collection made in it, every game machine's day by the ledger and the
 * day's meter movement against it (per store day, never the machine's whole history), the ledger's figures by channel, gifts, the
 * store credit used, and the totals. Differences above the store's threshold are flagged `large`.
 */
export function zReport(store: Store, day: string, w: { from: string; to: string }, at: string, reads: DayReads): ZReport {
  const large = Number(store.large_diff_cents);
  const { shifts: shiftRows, sums, dayTotals, dayGames } = reads;
  const collectionRows = reads.collectionsSince.filter((c) => c.at < w.to);

  const drawers = new CountTally(large);
  const shifts: ZShift[] = shiftRows.map((row) => {
    const r = presentShiftWithNames(row);
    const d = drawers.add(Number(row.balance_cents), row.counted_cents);
    return {
      shift_id: r.shift_id, moneybox: r.moneybox, cashier: r.account, closed_by: r.closedBy, start: r.createTime, end: r.shiftTime,
      ...d, count_detail: r.count_detail ?? null,
    };
  });
  const kiosks = new CountTally(large);
  const collections: ZCollection[] = collectionRows.map((c) => ({
    collection_id: Number(c.id), kiosk_id: Number(c.machine_id), kiosk: String(c.name), time: c.at, collector: c.collector,
    ...kiosks.add(Number(c.expected_cents), c.counted_cents), count_detail: readCountNote(c.count_detail), reason: c.reason,
  }));

  // Each game machine's day: its meters' movement of the store day against the window's ledger rows
  // and rounds (credits at the store's rate); a difference is flagged. A reset (a reading lower than the
  // last) is counted, never a negative movement: the movement is the growth before it plus after it.
  const dayBy = new Map(dayTotals.map((t) => [t.machine_id, t]));
  const rate = store.exchange_rate;
  const machines: ZMachine[] = reads.machines.map((m) => {
    const t = dayBy.get(m.id);
    const ledger = { played: centsToCredits(t?.played_cents ?? 0, rate), won: centsToCredits(t?.won_cents ?? 0, rate), games: dayGames.get(m.id) ?? 0 };
    const meters = m.meters;
    const metersMatch = meters.played === ledger.played && meters.won === ledger.won && meters.games === ledger.games;
    return { id: m.id, name: String(m.name), played: toUnits(t?.played_cents ?? 0), won: toUnits(t?.won_cents ?? 0), meters, ledger, metersMatch, ...(m.resets > 0 ? { meterResets: m.resets } : {}) };
  });

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
  const creditUsed = -sums.filter((s) => s.kind !== CREDIT_GIVEN_KIND).reduce((a, s) => a + s.credit_cents, 0);

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
      drawers_expected: toUnits(drawers.expected),
      drawers_counted: toUnits(drawers.counted),
      drawers_over_short: toUnits(drawers.counted - drawers.expected),
      kiosks_expected: toUnits(kiosks.expected),
      kiosks_counted: toUnits(kiosks.counted),
      kiosks_over_short: toUnits(kiosks.counted - kiosks.expected),
      large_differences: drawers.large + kiosks.large,
      machines_mismatched: machines.filter((m) => !m.metersMatch).length,
    },
  };
}
