import type { DatabaseHandle, Db } from '../../db/database.js';
import { reportRepository, type CountedRow, type DailyTotal, type WatermarkState } from '../../repositories/report.repository.js';
import { allStoresTotals, creditUse } from './refreshed-totals.js';
import { addDays, storeDayOf, storeDayStart } from './store-days.js';

/**
 * Daily totals of the ledger per (store, store day, channel, kind): report_daily holds every
 * ledger row up to the watermark (as do report_daily_all and credit_use_day, the console's, written in the same step); a report adds the rows above it (the live tail) read in the
 * same snapshot, so every figure equals the ledger's sum at that moment. The refresher runs
 * outside the money transactions: a purchase never waits for it and never writes report_daily.
 */

/**
 * Rows applied per refresher transaction: on SQLite the step holds the one connection (and the
 * write lock), so steps stay small and yield to the money calls in between; PostgreSQL's do not block writers.
 */
const BATCH = { sqlite: 1000, postgres: 5000 } as const;

export type Totals = Map<string, { amount_cents: number; count: number }>;
export const totalKey = (day: string, channel: string, kind: string) => `${day}|${channel}|${kind}`;

function add(totals: Totals, key: string, amount: number, count: number): void {
  const t = totals.get(key);
  if (t) {
    t.amount_cents += amount;
    t.count += count;
  } else totals.set(key, { amount_cents: amount, count });
}

/** Buckets ledger rows by store day (the store's zone) and channel and kind. */
export function bucket(rows: CountedRow[], timeZoneOf: (storeId: number) => string, totals: Totals = new Map(), storeOf?: Map<string, number>): Totals {
  for (const r of rows) {
    const storeId = Number(r.store_id);
    const key = totalKey(storeDayOf(Date.parse(r.at), timeZoneOf(storeId)), r.channel, r.kind);
    const k = storeOf ? `${storeId}|${key}` : key;
    if (storeOf) storeOf.set(k, storeId);
    add(totals, k, Number(r.amount_cents), 1);
  }
  return totals;
}

/** PostgreSQL: the sequence sample becomes the target once no transaction older than it is still running. */
async function safeTarget(handle: DatabaseHandle, w: WatermarkState): Promise<number | null> {
  if (handle.dialect === 'sqlite') return reportRepository.maxLedgerId(handle.db); // one writer: what is visible is committed, in id order
  if (w.pending_id === null || w.pending_at === null) return null;
  const oldest = await reportRepository.oldestRunningTransaction(handle.db);
  return oldest === null || oldest > w.pending_at ? w.pending_id : null;
}

/** What a refresher step did. */
interface RefreshOutcome {
  /** Ledger rows folded into the daily totals. */
  applied: number;
  /** PostgreSQL: a new sample of the sequence was taken that a later step may apply. */
  sampled: boolean;
  /** A full batch was applied, or another step moved the watermark first: more may wait above it right now. */
  backlog: boolean;
}

/** The totals a step adds: report_daily's, report_daily_all's and credit_use_day's, and the watermark they bring it to. */
interface StepPlan {
  daily: Array<DailyTotal & { store_id: number }>;
  allStores: DailyTotal[];
  credit: ReturnType<typeof creditUse>;
  applied: number;
  ledgerId: number;
}

/**
 * The reading half of a step, outside its transaction: the rows above the watermark that are
 * certainly committed (up to BATCH), bucketed. Ledger rows never change once committed, so the
 * totals stay right for as long as the watermark stays `w`.
 */
async function planStep(handle: DatabaseHandle, w: WatermarkState): Promise<StepPlan> {
  const none: StepPlan = { daily: [], allStores: [], credit: [], applied: 0, ledgerId: w.ledger_id };
  const target = await safeTarget(handle, w);
  if (target === null || target <= w.ledger_id) return none;
  const rows = await reportRepository.rowsAbove(handle.db, w.ledger_id, target, BATCH[handle.dialect]);
  await turn();
  // A short batch means everything up to the target is in (ids may have gaps: rolled-back transactions).
  const ledgerId = rows.length === BATCH[handle.dialect] ? Number(rows[rows.length - 1]!.id) : target;
  if (rows.length === 0) return { ...none, ledgerId };
  const zones = await reportRepository.storeTimezones(handle.db);
  const storeOf = new Map<string, number>();
  const totals = bucket(rows, (id) => zones.get(id) ?? 'UTC', new Map(), storeOf);
  return {
    daily: [...totals].map(([k, t]) => {
      const [, day, channel, kind] = k.split('|') as [string, string, string, string];
      return { store_id: storeOf.get(k)!, day, channel, kind, amount_cents: t.amount_cents, count: t.count };
    }),
    // The console's totals of the same rows, under the same watermark (migration 024).
    allStores: allStoresTotals(totals),
    credit: creditUse(rows),
    applied: rows.length,
    ledgerId,
  };
}

/**
 * One turn of the event loop. better-sqlite3 answers at once, so a step's awaits alone never let
 * the loop read a request: without these turns a step (its read, bucketing and writes) was one
 * block of several milliseconds every purchase arriving meanwhile waited behind.
 */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

const sameWatermark = (a: WatermarkState, b: WatermarkState) => a.ledger_id === b.ledger_id && a.pending_id === b.pending_id && a.pending_at === b.pending_at;

/**
 * One refresher step: applies up to BATCH ledger rows above the watermark that are certainly
 * committed, in one transaction with the watermark's advance. The rows are read and bucketed
 * before that transaction, which then only writes the totals: on SQLite it holds the one
 * connection (every money call waits behind it) for the writes alone, about a third of a step
 * that also read and bucketed inside it (the open loop's tail, bench/HISTORY.md). If another step
 * (another server's) moved the watermark meanwhile, this one writes nothing and reports a backlog,
 * so the beat plans again from the new watermark.
 */
export async function refreshStep(handle: DatabaseHandle): Promise<RefreshOutcome> {
  const seen = await reportRepository.watermarkState(handle.db, handle.dialect, false);
  const plan = await planStep(handle, seen);
  await turn();
  return handle.db.transaction().execute(async (tx) => {
    const w = await reportRepository.watermarkState(tx, handle.dialect, true);
    if (!sameWatermark(w, seen)) return { applied: 0, sampled: false, backlog: true };
    if (plan.applied > 0) {
      await reportRepository.addDailyTotals(tx, plan.daily);
      await reportRepository.addAllStoresTotals(tx, plan.allStores);
      await reportRepository.addCreditUse(tx, plan.credit);
    }
    let next: WatermarkState = { ...w, ledger_id: plan.ledgerId };
    let sampled = false;
    // A new sample only once the last one is applied: under steady load some transaction is always
    // younger than the newest sample, never younger than an old one.
    if (handle.dialect === 'postgres' && (w.pending_id === null || plan.ledgerId >= w.pending_id)) {
      const sample = await reportRepository.sequenceSample(tx);
      next = { ...next, pending_id: sample.id, pending_at: sample.at };
      sampled = sample.id > plan.ledgerId;
    }
    // An idle step writes nothing (no commit to sync on SQLite every second).
    if (!sameWatermark(next, w)) await reportRepository.setWatermark(tx, next);
    // SQLite: the COMMIT does not wait for the WAL's fsync (nor hold the connection through it). The
    // totals are derived from ledger rows already on disk and move with the watermark in this one
    // transaction: a power cut that loses it loses both, and the next step folds the same rows again.
    handle.sqliteWal?.commitWithoutWaiting();
    return { applied: plan.applied, sampled, backlog: plan.applied === BATCH[handle.dialect] };
  });
}

/** The refresher's watermark: every ledger id up to it is in the daily totals (a read's live tail starts above it). */
export function foldedUpTo(db: Db): Promise<number> {
  return reportRepository.watermark(db);
}

/**
 * Runs refresher steps until nothing is left to apply now (tests, the bench, a catch-up): also
 * after a step that only sampled, since the next one may apply that sample at once.
 */
export async function refreshDailyTotals(handle: DatabaseHandle): Promise<void> {
  for (let i = 0; i < 1_000_000; i++) {
    const step = await refreshStep(handle);
    if (step.applied === 0 && !step.sampled && !step.backlog) break;
  }
}

/**
 * Refreshes every `everyMs` in the background; the returned stop waits for a running step. A beat
 * runs steps back to back only while they find a backlog (full batches). A step that applied the
 * last sample and took a new one waits for the next beat: under steady load there is always a
 * newer sample to chase, and chasing it ran about 200 small transactions a second beside the
 * purchases (docs/DECISIONS.md "Report refresher beat"). `step` is the refresher's step (tests
 * count them).
 */
export function startDailyTotals(handle: DatabaseHandle, log: (err: unknown) => void, everyMs = 1000, step = refreshStep): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        while (!stopped && (await step(handle)).backlog) await new Promise((r) => setImmediate(r));
      } catch (err) {
        if (!stopped) log(err);
      }
    });
  }, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

/** Exact totals of a store's days [firstDay, lastDay]: report_daily plus the live tail, read in one statement. */
export async function storeDailyTotals(
  handle: DatabaseHandle,
  store: { id: number; timezone: string },
  days: { firstDay: string; lastDay: string; fromIso: string; toIso: string },
  channel?: string,
): Promise<Totals> {
  const rows = await reportRepository.totalsWithTail(handle.db, store.id, days, channel);
  const totals: Totals = new Map();
  for (const r of rows) {
    const day = r.day ?? storeDayOf(Date.parse(r.at!), store.timezone);
    add(totals, totalKey(day, r.channel, r.kind), Number(r.amount_cents), Number(r.count));
  }
  return totals;
}

export type { DailyTotal };

/** The instants the store days [firstDay, lastDay] span in any of the zones: from the earliest first day's start to the latest end. */
export function daysWindow(timeZones: Iterable<string>, days: { firstDay: string; lastDay: string }): { fromIso: string; toIso: string } {
  let fromMs = Infinity;
  let toMs = -Infinity;
  for (const tz of new Set(timeZones)) {
    fromMs = Math.min(fromMs, storeDayStart(days.firstDay, tz));
    toMs = Math.max(toMs, storeDayStart(addDays(days.lastDay, 1), tz));
  }
  return { fromIso: new Date(fromMs).toISOString(), toIso: new Date(toMs).toISOString() };
}

/** Totals of several stores' days: summed over the stores (`all`, day|channel|kind) and the page's stores' own (`page`, store|day|channel|kind). */
export interface StoresTotals {
  all: Totals;
  page: Totals;
}

/**
 * Exact totals of several stores' days [firstDay, lastDay], each store's days in its own zone as
 * its daily report counts them (report_daily plus the live tail, bucketed by `bucket`), in one
 * statement. `stores`: the selected stores with their zones (`all`: no store filter in the query,
 * every store is in `stores`); `pageStores`: those whose own rows are wanted too.
 */
export async function storesDailyTotals(
  handle: DatabaseHandle,
  selection: { stores: ReadonlyArray<{ id: number; timezone: string }>; all: boolean },
  pageStores: readonly number[],
  days: { firstDay: string; lastDay: string },
  only: { kinds: readonly string[]; channels: readonly string[] },
): Promise<StoresTotals> {
  const zones = new Map(selection.stores.map((s) => [Number(s.id), s.timezone]));
  const result: StoresTotals = { all: new Map(), page: new Map() };
  if (zones.size === 0) return result;
  const rows = await reportRepository.totalsOfStores(
    handle.db,
    selection.all ? 'all' : [...zones.keys()],
    pageStores,
    { ...days, ...daysWindow(zones.values(), days) },
    only.kinds,
    only.channels,
  );
  const onPage = new Set(pageStores);
  const tail: CountedRow[] = [];
  for (const r of rows) {
    if (r.part === 't') add(result.all, totalKey(r.day!, r.channel, r.kind), Number(r.amount_cents), Number(r.count));
    else if (r.part === 'p') add(result.page, `${Number(r.store_id)}|${totalKey(r.day!, r.channel, r.kind)}`, Number(r.amount_cents), Number(r.count));
    else if (zones.has(Number(r.store_id))) tail.push({ id: 0, store_id: Number(r.store_id), at: r.at!, channel: r.channel, kind: r.kind, amount_cents: Number(r.amount_cents) });
  }
  const storeOf = new Map<string, number>();
  for (const [k, t] of bucket(tail, (id) => zones.get(id)!, new Map(), storeOf)) {
    const day = k.split('|')[1]!;
    if (day < days.firstDay || day > days.lastDay) continue;
    add(result.all, k.slice(k.indexOf('|') + 1), t.amount_cents, t.count);
    if (onPage.has(storeOf.get(k)!)) add(result.page, k, t.amount_cents, t.count);
  }
  return result;
}
