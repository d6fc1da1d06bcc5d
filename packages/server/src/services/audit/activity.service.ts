import { AUDIT_KINDS, Status, isActivityKind } from '@moneybox/contract';
import { activityCsv, activityPage, type ActivityQuery } from './activity.js';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { refuse } from '../../domain/status-refusal.js';
import { storeScope } from '../../repositories/store-scope.js';
import { logRange } from '../log-range.js';

/** What the Activity tab filters by (the calls' input). */
interface ActivityFilter {
  account_id?: number | undefined;
  kind?: string | undefined;
  startTime?: string | number | undefined;
  endTime?: string | number | undefined;
}

/** The part of a kind before its dot: every group of AUDIT_KINDS, and money. */
const KIND_GROUPS = [...new Set([...AUDIT_KINDS.map((k) => k.split('.')[0]!), 'money'])];

/**
 * The Activity tab's filter: the caller's store only, an account of any store id sent finds nothing
 * else; the period [startTime, endTime), by default the last 24 hours, no wider than limit_day (39).
 */
async function query(deps: Deps, actor: Actor, i: ActivityFilter): Promise<ActivityQuery> {
  const store = await storeScope(deps.handle.db, actor.storeId).store.find();
  if (!store) refuse(Status.KIOSK_CLOSED);
  const range = logRange(i, store.limit_day);
  if (i.kind !== undefined && i.kind !== '' && !isActivityKind(i.kind) && !KIND_GROUPS.includes(i.kind)) refuse(Status.INPUT_ERROR, { error: `kind: unknown kind "${i.kind}"` });
  return {
    storeId: store.id,
    accountId: i.account_id,
    kind: i.kind === '' ? undefined : i.kind,
    from: range.from,
    to: range.to,
  };
}

/** One page of the store's activity (audit rows and money movements merged, newest first). */
export async function activityList(deps: Deps, actor: Actor, i: ActivityFilter & { page: number; limit: number }) {
  const q = await query(deps, actor, i);
  const { list, total } = await activityPage(deps.handle.db, q, (i.page - 1) * i.limit, i.limit);
  return { list, total, page: i.page, limit: i.limit };
}

/** The same rows as CSV (at most CSV_MAX_ROWS). */
export async function activityExport(deps: Deps, actor: Actor, i: ActivityFilter) {
  return activityCsv(deps.handle.db, await query(deps, actor, i));
}
