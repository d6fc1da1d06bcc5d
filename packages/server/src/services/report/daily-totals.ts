import type { DatabaseHandle, Db } from '../../db/database.js';
import { reportRepository, type CountedRow, type DailyTotal } from '../../repositories/report.repository.js';
import { storeDayOf } from './store-days.js';

/**
 * Daily totals of the ledger per (store, store day, channel, kind): report_daily holds every
 * ledger row up to the watermark; a report adds the rows above it (the live tail) read in the
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
async function safeTarget(tx: Db, handle: DatabaseHandle, w: { pending_id: number | null; pending_at: string | null }): Promise<number | null> {
  if (handle.dialect === 'sqlite') return reportRepository.maxLedgerId(tx); // one writer: what is visible is committed, in id order
  if (w.pending_id === null || w.pending_at === null) return null;
  const oldest = await reportRepository.oldestRunningTransaction(tx);
  return oldest === null || oldest > w.pending_at ? w.pending_id : null;
}

/** What a refresher step did. */
interface RefreshOutcome {
  /** Ledger rows folded into the daily totals. */
  applied: number;
  /** PostgreSQL: a new sample of the sequence was taken that a later step may apply. */
  sampled: boolean;
  /** A full batch was applied: more committed rows wait above the watermark right now. */
  backlog: boolean;
}

/**
 * One refresher step: applies up to BATCH ledger rows above the watermark that are certainly
 * committed, in one transaction with the watermark's advance.
 */
export async function refreshStep(handle: DatabaseHandle): Promise<RefreshOutcome> {
  return handle.db.transaction().execute(async (tx) => {
    const w = await reportRepository.watermarkForUpdate(tx, handle.dialect);
    const target = await safeTarget(tx, handle, w);
    let applied = 0;
    let ledgerId = w.ledger_id;
    if (target !== null && target > w.ledger_id) {
      const rows = await reportRepository.rowsAbove(tx, w.ledger_id, target, BATCH[handle.dialect]);
      if (rows.length > 0) {
        const zones = await reportRepository.storeTimezones(tx);
        const storeOf = new Map<string, number>();
        const totals = bucket(rows, (id) => zones.get(id) ?? 'UTC', new Map(), storeOf);
        await reportRepository.addDailyTotals(
          tx,
          [...totals].map(([k, t]) => {
            const [, day, channel, kind] = k.split('|') as [string, string, string, string];
            return { store_id: storeOf.get(k)!, day, channel, kind, amount_cents: t.amount_cents, count: t.count };
          }),
        );
      }
      applied = rows.length;
      // A short batch means everything up to the target is in (ids may have gaps: rolled-back transactions).
      ledgerId = rows.length === BATCH[handle.dialect] ? Number(rows[rows.length - 1]!.id) : target;
    }
    let pending = { pending_id: w.pending_id, pending_at: w.pending_at };
    let sampled = false;
    // A new sample only once the last one is applied: under steady load some transaction is always
    // younger than the newest sample, never younger than an old one.
    if (handle.dialect === 'postgres' && (w.pending_id === null || ledgerId >= w.pending_id)) {
      const sample = await reportRepository.sequenceSample(tx);
      pending = { pending_id: sample.id, pending_at: sample.at };
      sampled = sample.id > ledgerId;
    }
    // An idle step writes nothing (no commit to sync on SQLite every second).
    if (ledgerId !== w.ledger_id || pending.pending_id !== w.pending_id || pending.pending_at !== w.pending_at) {
      await reportRepository.setWatermark(tx, { ledger_id: ledgerId, ...pending });
    }
    return { applied, sampled, backlog: applied === BATCH[handle.dialect] };
  });
}

/**
 * Runs refresher steps until nothing is left to apply now (tests, the bench, a catch-up): also
 * after a step that only sampled, since the next one may apply that sample at once.
 */
export async function refreshDailyTotals(handle: DatabaseHandle): Promise<void> {
  for (let i = 0; i < 1_000_000; i++) {
    const step = await refreshStep(handle);
    if (step.applied === 0 && !step.sampled) break;
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
