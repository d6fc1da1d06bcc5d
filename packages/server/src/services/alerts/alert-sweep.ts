import { ledgerKeyPlace, ledgerPublicKey } from '../../auth/ledger-key.js';
import { isoAgo } from '../../clock.js';
import type { Db } from '../../db/database.js';
import {
  CLOSED_SHIFT_WINDOW_MS,
  EVENT_KINDS,
  LOCKOUT_WINDOW_MS,
  ledgerChainBreaks,
  ledgerDifferences,
  littlePlay,
  lockouts,
  longShift,
  lowCredit,
  machineOffline,
  metersDisagree,
  openKey,
  overShort,
  structuring,
  thresholdResolver,
  unusualActivityRules,
  unusualLookbackMs,
  type Cause,
  type CashMovementFact,
  type CustomerDayFact,
} from '../../domain/alert-rules.js';
import { storeDayOf, storeDayStart } from '../../domain/store-days.js';
import { CASH_CHANNELS, CASH_KINDS } from '../../money/cash-log.js';
import { verifyLedgerChain } from '../../money/ledger-chain.js';
import { verifyLedger } from '../../money/verify.js';
import { alertFactsRepository, alertRepository, outboxRepository } from '../../repositories/alert.repository.js';
import { isConnected, meterReconciliation } from '../machine/machine-rules.js';
import type { Deps } from '../deps.js';

export interface SweepOptions {
  /** The sweep's clock (tests pass a fake one). */
  now?: number;
  /** Also reconcile the machines' meters with the ledger (a heavier read: every store's machine totals). */
  meters?: boolean;
  /** Also apply the unusual-activity rules when the operator has them on (reads up to a week of cash rows; default: yes). */
  unusual?: boolean;
  /** Also run the ledger `verify` (the heaviest read: every balance against its ledger sum, every digested row against its digest). */
  verify?: boolean;
}

export interface SweepReport {
  raised: number[];
  cleared: number[];
}

/** The webhook body of an alert event (the delivery's id rides in a header, for the receiver to deduplicate a resend). */
function webhookBody(event: 'alert.raised' | 'alert.cleared', alert: { id: number; kind: string; storeId: number | null; subject: string; detail: object; at: string }) {
  return JSON.stringify({ event, alert: { id: alert.id, kind: alert.kind, kid: alert.storeId, subject: alert.subject, detail: alert.detail }, at: alert.at });
}

/**
 * The alert sweep: reads the facts, applies the rules (domain/alert-rules.ts), raises an alert for each
 * cause that has none standing and clears the standing alert of each cause that went (event kinds
 * stay until resolved). Raising is one INSERT that does nothing when the open key stands (its unique
 * index), so with two servers on one database each alert is raised once, whoever sweeps first; the
 * webhook outbox rows are written in the same transaction as the alert, by the server that raised it.
 */
export async function sweepAlerts(deps: Deps, opts: SweepOptions = {}): Promise<SweepReport> {
  const now = opts.now ?? Date.now();
  const db = deps.handle.db;
  const causes = await currentCauses(deps, now, opts);
  const checked = new Set<string>(['low_credit', 'over_short', 'long_shift', 'machine_offline', 'lockouts', ...(opts.meters ? ['meters'] : []), ...(opts.verify ? ['ledger'] : [])]);
  const standing = await alertRepository.standing(db);
  const standingKeys = new Set(standing.map((a) => a.open_key));
  const at = new Date(now).toISOString();
  const report: SweepReport = { raised: [], cleared: [] };

  for (const c of causes) {
    const key = openKey(c);
    if (standingKeys.has(key)) continue;
    standingKeys.add(key);
    const id = await db.transaction().execute(async (tx) => {
      const raised = await alertRepository.raise(tx, { kind: c.kind, store_id: c.storeId, subject: c.subject, detail: JSON.stringify(c.detail), open_key: key, raised_at: at }, c.stores);
      if (raised !== undefined) await outboxRepository.enqueue(tx, raised, 'alert.raised', webhookBody('alert.raised', { ...c, id: raised, at }), at);
      return raised;
    });
    if (id !== undefined) report.raised.push(id);
  }

  const standingNow = new Set(causes.map(openKey));
  for (const a of standing) {
    if (!checked.has(a.kind) || EVENT_KINDS.has(a.kind as Cause['kind']) || a.open_key === null || standingNow.has(a.open_key)) continue;
    const openKeyWas = a.open_key;
    const done = await db.transaction().execute(async (tx) => {
      if (!(await alertRepository.clear(tx, a.id, openKeyWas, at))) return false;
      await outboxRepository.enqueue(tx, a.id, 'alert.cleared', webhookBody('alert.cleared', { id: a.id, kind: a.kind, storeId: a.store_id, subject: a.subject, detail: {}, at }), at);
      return true;
    });
    if (done) report.cleared.push(a.id);
  }
  if (report.raised.length || report.cleared.length) await deps.bus?.publish({ kind: 'alerts' });
  return report;
}

async function currentCauses(deps: Deps, now: number, opts: SweepOptions): Promise<Cause[]> {
  const db = deps.handle.db;
  const [stores, open, closed, lockRows, thresholdRows] = await Promise.all([
    alertFactsRepository.stores(db),
    alertFactsRepository.openShifts(db),
    alertFactsRepository.closedShifts(db, isoAgo(CLOSED_SHIFT_WINDOW_MS, now)),
    alertFactsRepository.lockouts(db, isoAgo(LOCKOUT_WINDOW_MS, now)),
    alertFactsRepository.thresholds(db),
  ]);
  const threshold = thresholdResolver(thresholdRows);
  const withShift = new Set(open.map((s) => Number(s.store_id)));
  const machines = await alertFactsRepository.machines(db, [...withShift]);
  const heartbeat = deps.settings.terminalHeartbeatMs;
  const causes = [
    ...lowCredit(stores, threshold),
    ...overShort(closed, new Map(stores.map((s) => [Number(s.id), Number(s.large_diff_cents)])), threshold),
    ...longShift(open, now, threshold),
    ...machineOffline(machines, (m) => isConnected(m, heartbeat, now), withShift, now, threshold),
    ...lockouts(lockRows, threshold),
    ...(opts.unusual === false ? [] : await unusualActivityCauses(db, thresholdRows, now)),
  ];
  if (opts.meters) causes.push(...(await meterCauses(db)));
  if (opts.verify) {
    causes.push(...ledgerDifferences(await verifyLedger(db), (d) => (d.what.startsWith('store ') ? d.id : null)));
    // The digests and the day seals too (issue 40): a row changed, removed or added in the database itself.
    const chain = await verifyLedgerChain(db, deps.handle.dialect, ledgerPublicKey(ledgerKeyPlace(deps.settings)));
    causes.push(...ledgerChainBreaks(chain.problems));
  }
  return causes;
}

const CASH = { kinds: CASH_KINDS, channels: CASH_CHANNELS };

type CashRow = Awaited<ReturnType<typeof alertFactsRepository.cashOf>>[number];
const factOf = (r: CashRow): CashMovementFact => ({
  id: Number(r.id),
  storeId: Number(r.store_id),
  store: r.store_name,
  customerId: Number(r.customer_id),
  name: `${r.first_name} ${r.last_name}`.trim(),
  idHash: r.id_hash,
  kind: r.kind,
  amountCents: Number(r.amount_cents),
  thresholdCents: Number(r.cash_report_cents),
  at: r.at,
  day: storeDayOf(Date.parse(r.at), r.timezone),
});

/** The operator's unusual-activity rules (structuring, little play): read only when switched on. */
async function unusualActivityCauses(db: Db, thresholdRows: readonly { store_id: number; kind: string; value: number }[], now: number): Promise<Cause[]> {
  const rules = unusualActivityRules(thresholdRows);
  const causes: Cause[] = [];
  if (rules.structuring_on) {
    const rows = await alertFactsRepository.nearThresholdCash(db, isoAgo(unusualLookbackMs(rules.structuring_window), now), CASH, rules.structuring_band);
    causes.push(...structuring(rows.map(factOf), rules));
  }
  if (rules.little_play_on) {
    const since = isoAgo(unusualLookbackMs('day'), now);
    const who = await alertFactsRepository.redeemers(db, since, CASH);
    const [cash, bets] = await Promise.all([alertFactsRepository.cashOf(db, since, CASH, who), alertFactsRepository.betsOf(db, since, who)]);
    const days = new Map<string, CustomerDayFact & { movements: CashMovementFact[] }>();
    const dayOf = (customerId: number, storeId: number, day: string) => {
      const k = `${customerId}|${storeId}|${day}`;
      let d = days.get(k);
      if (!d) days.set(k, (d = { customerId, storeId, day, movements: [], betCents: 0 }));
      return d;
    };
    // Only the days read whole: a day begun before the look-back would count its redeems without its purchases.
    const from = Date.parse(since);
    for (const r of cash) {
      const m = factOf(r);
      if (storeDayStart(m.day, r.timezone) >= from) dayOf(m.customerId, m.storeId, m.day).movements.push(m);
    }
    for (const b of bets) {
      const d = days.get(`${Number(b.customer_id)}|${Number(b.store_id)}|${storeDayOf(Date.parse(`${b.minute}:00Z`), b.timezone)}`);
      if (d) d.betCents += Number(b.cents);
    }
    causes.push(...littlePlay([...days.values()], rules));
  }
  return causes;
}

async function meterCauses(db: Db): Promise<Cause[]> {
  const out: Cause[] = [];
  for (const s of await alertFactsRepository.storesWithGameMachines(db)) {
    const reconcile = await meterReconciliation(db, Number(s.id), s.exchange_rate);
    const machines = (await alertFactsRepository.machines(db, [Number(s.id)])).filter((m) => m.kind === 'game');
    out.push(...metersDisagree(machines.map((m) => ({ ...m, ...reconcile(m) }))));
  }
  return out;
}
