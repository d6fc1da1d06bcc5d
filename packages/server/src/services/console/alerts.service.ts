import { randomBytes } from 'node:crypto';
import { ALERT_KINDS, NOTE_REQUIRED_KINDS, Status, THRESHOLD_KINDS, WEBHOOK_REFUSAL_REASON, type AlertKind, type AlertState, type ConsoleAlert, type ThresholdKind, type UnusualActivityRules } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import type { ConsoleActor } from '../../domain/console-actor.js';
import { thresholdResolver, unusualActivityRules, unusualActivityValues } from '../../domain/alert-rules.js';
import { refuse } from '../../domain/status-refusal.js';
import { alertFactsRepository, alertRepository, thresholdRepository, webhookRepository } from '../../repositories/alert.repository.js';
import type { StoreSet } from '../../repositories/console-store.repository.js';
import type { Deps } from '../deps.js';
import { parseAuditJson } from '../audit/activity.js';
import { consoleAudited, refuseInput } from './console-audit.js';
import { TARGET_REFUSED, targetAllowed } from '../alerts/webhook-target.js';
import { storesInScope } from './scope.js';

const LIST_LIMIT = 500;

type AlertRow = NonNullable<Awaited<ReturnType<typeof alertRepository.find>>>;

function stateOf(a: Pick<AlertRow, 'cleared_at' | 'resolved_at' | 'acknowledged_at'>): AlertState {
  if (a.resolved_at !== null) return 'resolved';
  if (a.cleared_at !== null) return 'cleared';
  return a.acknowledged_at !== null ? 'acknowledged' : 'open';
}

const isKind = (k: string): k is AlertKind => (ALERT_KINDS as readonly string[]).includes(k);

function present(a: AlertRow & { store_name: string | null }): ConsoleAlert {
  return {
    id: a.id,
    kind: isKind(a.kind) ? a.kind : 'ledger',
    kid: a.store_id === null ? null : Number(a.store_id),
    store: a.store_name,
    subject: a.subject,
    detail: parseAuditJson(a.detail) ?? {},
    state: stateOf(a),
    raised_at: a.raised_at,
    cleared_at: a.cleared_at,
    acknowledged_at: a.acknowledged_at,
    acknowledged_by: a.acknowledged_by,
    resolved_at: a.resolved_at,
    resolved_by: a.resolved_by,
    note: a.note,
  };
}

/** The alerts of the account's scope, newest first: the open ones (default) or every state. A platform-wide alert (no store) is the operator's: only an unbounded scope sees it. */
export async function listAlerts(deps: Deps, actor: ConsoleActor, input: { filter?: 'open' | 'all' | undefined; kid?: number | undefined }) {
  const db = deps.handle.db;
  const set = await storesInScope(db, actor);
  const rows = await alertRepository.list(db, set, { open: input.filter !== 'all', storeId: input.kid, limit: LIST_LIMIT });
  return { list: rows.map(present) };
}

/** The header's figure: open alerts in the account's scope. */
export async function countAlerts(deps: Deps, actor: ConsoleActor) {
  return { open: await alertRepository.countOpen(deps.handle.db, await storesInScope(deps.handle.db, actor)) };
}

/** The alert, when the actor's scope reaches it; 21 otherwise, the same as for an alert that does not exist. */
async function alertInScope(deps: Deps, actor: ConsoleActor, id: number): Promise<AlertRow> {
  const db = deps.handle.db;
  const a = await alertRepository.find(db, id);
  if (!a) refuse(Status.PERMISSION_ERROR);
  const set: StoreSet = await storesInScope(db, actor);
  if (set !== 'all' && (a.store_id === null || !set.includes(Number(a.store_id)))) refuse(Status.PERMISSION_ERROR);
  // An alert across several stores (unusual activity) is a bounded scope's only with all of them.
  if (set !== 'all' && (await alertRepository.storesOf(db, id)).some((k) => !set.includes(k))) refuse(Status.PERMISSION_ERROR);
  return a;
}

export async function acknowledgeAlert(deps: Deps, actor: ConsoleActor, input: { id: number; note?: string | undefined }) {
  const a = await alertInScope(deps, actor, input.id);
  // Unusual activity is acknowledged with what was looked at and found (the note stays with the alert and its audit row).
  if (isKind(a.kind) && NOTE_REQUIRED_KINDS.includes(a.kind) && !input.note?.trim()) refuseInput('alert_note_required', 'acknowledging this alert needs a note');
  return consoleAudited(deps, actor, async (tx, audit, change) => {
    // Acknowledged or resolved already (here, or by another console at the same moment): nothing to do.
    if (!(await alertRepository.acknowledge(tx.handle.db, a.id, actor.username, isoNow(), input.note))) return {};
    await audit({ storeId: a.store_id, kind: 'console.alert_acknowledge', target: { type: 'alert', id: a.id, label: `${a.kind} ${a.subject}` }, before: { state: stateOf(a) }, after: { state: 'acknowledged', note: input.note ?? '' } });
    change.tell({ kind: 'alerts' });
    return {};
  });
}

export async function resolveAlert(deps: Deps, actor: ConsoleActor, input: { id: number; note: string }) {
  const a = await alertInScope(deps, actor, input.id);
  if (a.resolved_at !== null) refuseInput('alert_resolved', 'already resolved');
  return consoleAudited(deps, actor, async (tx, audit, change) => {
    // Two consoles resolving at once: the one whose update finds it still unresolved writes the note and the audit row.
    if (!(await alertRepository.resolve(tx.handle.db, a.id, actor.username, isoNow(), input.note))) refuseInput('alert_resolved', 'already resolved');
    await audit({ storeId: a.store_id, kind: 'console.alert_resolve', target: { type: 'alert', id: a.id, label: `${a.kind} ${a.subject}` }, before: { state: stateOf(a), note: a.note }, after: { state: 'resolved', note: input.note } });
    change.tell({ kind: 'alerts' });
    return {};
  });
}

type Thresholds = Record<ThresholdKind, number | null>;

/** The platform defaults (no kid) or a store's overrides, and what applies there. */
export async function getThresholds(deps: Deps, actor: ConsoleActor, input: { kid?: number | undefined }) {
  const db = deps.handle.db;
  const storeId = input.kid ?? 0;
  const rows = await alertFactsRepository.thresholds(db);
  const here = new Map(rows.filter((r) => Number(r.store_id) === storeId).map((r) => [r.kind, Number(r.value)]));
  const resolve = thresholdResolver(rows);
  const set = {} as Thresholds;
  const effective = {} as Thresholds;
  for (const k of THRESHOLD_KINDS) {
    set[k] = here.get(k) ?? null;
    effective[k] = resolve(storeId, k);
  }
  return { set, effective };
}

/** Sets the platform defaults (no kid) or a store's overrides; null removes one (the default applies again). Admin only. */
export async function setThresholds(deps: Deps, actor: ConsoleActor, input: { kid?: number | undefined; values: Partial<Record<ThresholdKind, number | null | undefined>> }) {
  const storeId = input.kid ?? 0;
  const before = await getThresholds(deps, actor, { kid: input.kid });
  return consoleAudited(deps, actor, async (tx, audit) => {
    const changed: Partial<Thresholds> = {};
    for (const k of THRESHOLD_KINDS) {
      const v = input.values[k];
      if (v === undefined) continue;
      await thresholdRepository.set(tx.handle.db, storeId, k, v);
      changed[k] = v;
    }
    await audit({ storeId: input.kid ?? null, kind: 'console.thresholds_set', target: { type: 'store', id: input.kid ?? null, label: input.kid === undefined ? 'platform' : String(input.kid) }, before: before.set, after: changed });
    return {};
  });
}

/** The operator's unusual-activity rules (platform-wide), the defaults where nothing is set. Admin only. */
export async function getUnusualActivity(deps: Deps, _actor: ConsoleActor): Promise<UnusualActivityRules> {
  return unusualActivityRules(await alertFactsRepository.thresholds(deps.handle.db));
}

/** Sets the unusual-activity rules, audited with before and after (the sweep reads them at its next pass). Admin only. */
export async function setUnusualActivity(deps: Deps, actor: ConsoleActor, input: UnusualActivityRules) {
  const before = await getUnusualActivity(deps, actor);
  const after: UnusualActivityRules = {
    structuring_on: input.structuring_on,
    structuring_count: input.structuring_count,
    structuring_band: input.structuring_band,
    structuring_window: input.structuring_window,
    little_play_on: input.little_play_on,
    little_play_redeem: input.little_play_redeem,
    little_play_play: input.little_play_play,
  };
  return consoleAudited(deps, actor, async (tx, audit) => {
    for (const [k, v] of Object.entries(unusualActivityValues(after))) await thresholdRepository.set(tx.handle.db, 0, k, v);
    await audit({ storeId: null, kind: 'console.unusual_activity_set', target: { type: 'platform', id: null, label: 'unusual activity' }, before, after });
    return {};
  });
}

export async function listWebhooks(deps: Deps, _actor: ConsoleActor) {
  const db = deps.handle.db;
  const [hooks, stats] = await Promise.all([webhookRepository.active(db), webhookRepository.stats(db)]);
  const by = new Map(stats.map((s) => [Number(s.webhook_id), s]));
  return {
    list: hooks.map((h) => {
      const s = by.get(h.id);
      return { id: h.id, url: h.url, created_at: h.created_at, created_by: h.created_by, pending: Number(s?.pending ?? 0), delivered: Number(s?.delivered ?? 0), last_error: String(s?.last_error ?? '') };
    }),
  };
}

/**
 * A webhook URL and its signing secret, made here (32 random bytes) and answered this once: the
 * receiver keeps it to check signatures. The server keeps it as made (HMAC needs it); it is never
 * logged, never in an audit row, never answered again.
 */
export async function addWebhook(deps: Deps, actor: ConsoleActor, input: { url: string }) {
  // Checked again at every delivery, on the address connected to (webhook-delivery.ts).
  if (!(await targetAllowed(input.url, deps.settings.webhooks))) refuse(Status.INPUT_ERROR, { error: TARGET_REFUSED, reason: WEBHOOK_REFUSAL_REASON });
  return consoleAudited(deps, actor, async (tx, audit) => {
    const secret = randomBytes(32).toString('hex');
    const id = await webhookRepository.add(tx.handle.db, input.url, secret, actor.username, isoNow());
    await audit({ storeId: null, kind: 'console.webhook_add', target: { type: 'webhook', id, label: input.url }, after: { url: input.url } });
    return { id, secret };
  });
}

/** Stops a webhook: nothing more is sent to it, pending deliveries included. */
export async function removeWebhook(deps: Deps, actor: ConsoleActor, input: { id: number }) {
  return consoleAudited(deps, actor, async (tx, audit) => {
    if (!(await webhookRepository.remove(tx.handle.db, input.id, isoNow()))) refuseInput('no_webhook', 'no webhook with that id');
    await audit({ storeId: null, kind: 'console.webhook_remove', target: { type: 'webhook', id: input.id, label: String(input.id) }, before: { active: true }, after: { active: false } });
    return {};
  });
}
