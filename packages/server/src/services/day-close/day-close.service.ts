import { Status, type DayCloseNote, type DayCloseView, type ZReport } from '@moneybox/contract';
import { ledgerKey, ledgerKeyPlace, signSeal } from '../../auth/ledger-key.js';
import { isoNow } from '../../clock.js';
import type { Actor } from '../../domain/actor.js';
import { refuse } from '../../domain/status-refusal.js';
import { dayDigest, sealFieldsOf, sealText } from '../../money/ledger-digest.js';
import { storeScope, type StoreScope } from '../../repositories/store-scope.js';
import { audited } from '../change.js';
import type { Deps } from '../deps.js';
import { addDays, storeDayOf } from '../report/store-days.js';
import { closeBlocks, dayReads, dayWindow, zReport } from './z-report.js';

type View = Omit<DayCloseView, 'status'>;

async function notesOf(scope: StoreScope, day: string): Promise<DayCloseNote[]> {
  return (await scope.dayClose.notes(day)).map((n) => ({ target: n.target_type as DayCloseNote['target'], target_id: Number(n.target_id), note: n.note, by: n.by, at: n.at }));
}

/**
 * A store day as a boss sees it: closed, its stored report as it was closed (never recomputed); open,
 * its figures now and what keeps it from closing. Without `day`: today in the store's zone.
 * Three round trips after the session's: the store with the day's (and the day before's) close rows
 * and notes, then every read of the report and of its blocks at once (the Z report bench, issue 23).
 */
async function view(scope: StoreScope, day: string | undefined, nowMs: number): Promise<View> {
  const found = scope.store.find();
  const d = day ?? storeDayOf(nowMs, ((await found) ?? refuse(Status.KIOSK_CLOSED)).timezone);
  const [store, closed, beforeClosedAt, notes] = await Promise.all([found, scope.dayClose.find(d), scope.dayClose.closedAt(addDays(d, -1)), notesOf(scope, d)]);
  if (!store) refuse(Status.KIOSK_CLOSED);
  if (closed) {
    const seal = await scope.dayClose.seal(d);
    return { closed: true, closed_at: closed.closed_at, closed_by: closed.closed_by, report: JSON.parse(closed.report) as ZReport, blocked: [], notes, seal: seal ? { text: sealText(sealFieldsOf(seal)), public_key: seal.public_key, signature: seal.signature } : null };
  }
  const w = dayWindow(d, store.timezone, nowMs, null, beforeClosedAt);
  const reads = await dayReads(scope, d, w);
  const report = zReport(store, d, w, new Date(nowMs).toISOString(), reads);
  const blocked = closeBlocks(report.shifts, reads);
  if (d > storeDayOf(nowMs, store.timezone)) blocked.unshift({ reason: 'future_day', id: null, name: d });
  return { closed: false, closed_at: null, closed_by: null, report, blocked, notes };
}

/** /dayClose/get: the Z report of a store day (stored when closed). */
export function dayCloseView(deps: Deps, actor: Actor, input: { day?: string | undefined }): Promise<View> {
  return view(storeScope(deps.handle.db, actor.storeId), input.day, Date.now());
}

/**
 * /dayClose/close: closes a store day once every shift of it is closed and every kiosk's cash of it is
 * collected or marked not collected (10 with `blocked` otherwise; a day still to come is blocked too).
 * The report is stored as it is at this instant and never recomputed. Closing a closed day again answers
 * the stored report (nothing written). The close and its audit row are one transaction.
 */
export function closeDay(deps: Deps, actor: Actor, input: { day: string }): Promise<View> {
  return audited(deps, actor, async (tx, audit) => {
    const scope = storeScope(tx.handle.db, actor.storeId);
    // The close's instant comes after the rounds in flight; a round after it sees the close (its meters count on the next day).
    await scope.machines.lockGames(tx.handle.dialect);
    const now = Date.now();
    const v = await view(scope, input.day, now);
    if (v.closed) return v;
    if (v.blocked.length > 0) refuse(Status.SHIFT_ERROR, { reason: 'day_open', blocked: v.blocked });
    const at = v.report.at;
    const report = { ...v.report, to: v.report.to < at ? v.report.to : at };
    const stored = await scope.dayClose.insert({ day: input.day, closed_at: at, closed_by_account_id: actor.accountId, report: JSON.stringify(report) });
    // A racing close of the same day committed first: its report stands.
    if (!stored) return view(scope, input.day, now);
    await sealDay(scope, deps, input.day, report.from, report.to);
    const t = report.totals;
    await audit({
      kind: 'day.close',
      target: { type: 'store', id: actor.storeId, label: input.day },
      after: { day: input.day, net: t.net, drawers_over_short: t.drawers_over_short, kiosks_over_short: t.kiosks_over_short, large_differences: t.large_differences, machines_mismatched: t.machines_mismatched },
    });
    return view(scope, input.day, now);
  });
}

/**
 * The day's seal (issue 40, docs/COMPLIANCE.md): the digest of the store's ledger rows in the closed
 * window (money/ledger-digest.ts `dayDigest`) and the store's chain head now, signed with the operator's
 * Ed25519 key (auth/ledger-key.ts), stored with the close in its transaction.
 */
async function sealDay(scope: StoreScope, deps: Deps, day: string, from: string, to: string): Promise<void> {
  const digest = dayDigest(await scope.dayClose.windowLedger(from, to));
  const head = await scope.dayClose.chainHead();
  const fields = { storeId: scope.storeId, day, from, to, ...digest, chainLastId: head?.last_id ?? null, chainHash: head?.hash ?? null };
  const key = ledgerKey(ledgerKeyPlace(deps.settings));
  await scope.dayClose.insertSeal({
    day, from_at: from, to_at: to, count: digest.count, sum_cents: digest.sumCents, first_id: digest.firstId, last_id: digest.lastId, rows_hash: digest.rowsHash,
    chain_last_id: fields.chainLastId, chain_hash: fields.chainHash, public_key: key.publicKey, signature: signSeal(key, sealText(fields)), signed_at: isoNow(),
  });
}

/**
 * /dayClose/annotate: a boss ties a difference of the day (a shift's over/short, a kiosk collection's,
 * a machine's meters) to an explanation; the note and its audit row in one transaction. The target must
 * be on the day's report (13 `target` otherwise). The stored report itself never changes.
 */
export function annotateDay(deps: Deps, actor: Actor, input: { day: string; target: DayCloseNote['target']; target_id: number; note: string }): Promise<View> {
  return audited(deps, actor, async (tx, audit) => {
    const scope = storeScope(tx.handle.db, actor.storeId);
    const now = Date.now();
    const v = await view(scope, input.day, now);
    const r = v.report;
    const label =
      input.target === 'shift'
        ? r.shifts.find((s) => s.shift_id === input.target_id)?.cashier
        : input.target === 'collection'
          ? r.collections.find((c) => c.collection_id === input.target_id)?.kiosk
          : r.machines.find((m) => m.id === input.target_id)?.name;
    if (label === undefined) refuse(Status.INPUT_ERROR, { reason: 'target' });
    const at = isoNow();
    await scope.dayClose.insertNote({ day: input.day, target_type: input.target, target_id: input.target_id, note: input.note, account_id: actor.accountId, at });
    await audit({
      kind: 'day.annotate',
      target: { type: 'store', id: actor.storeId, label: input.day },
      after: { day: input.day, target: input.target, target_id: input.target_id, name: label, note: input.note },
    });
    return { ...v, notes: await notesOf(scope, input.day) };
  });
}
