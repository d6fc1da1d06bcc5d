import { AUDIT_KINDS, Status, auditExportRequest, auditListRequest, isActivityKind, auditExportReply, auditListReply } from '@moneybox/contract';
import { activityCsv, activityPage, type ActivityQuery } from '../../audit/activity.js';
import { defineCall, type AuthedContext, type CallDef } from '../../http/call.js';
import { refuse } from '../../http/errors.js';
import { storeScope } from '../../repositories/store-scope.js';

const DAY = 86_400_000;
/** The part of a kind before its dot: every group of AUDIT_KINDS, and money. */
const KIND_GROUPS = [...new Set([...AUDIT_KINDS.map((k) => k.split('.')[0]!), 'money'])];

function toMs(v: string | number | undefined, field: string): number | undefined {
  if (v === undefined || v === '') return undefined;
  const ms = typeof v === 'number' ? v : Date.parse(v);
  if (!Number.isFinite(ms) || ms < 0 || ms > 8.64e15) refuse(Status.INPUT_ERROR, { error: `${field}: not a date and time` });
  return ms;
}

/**
 * The Activity tab's filter: the caller's store only, an account of any store id sent finds nothing
 * else; the period [startTime, endTime), by default the last 24 hours, no wider than limit_day (39).
 */
async function query(i: { account_id?: number | undefined; kind?: string | undefined; startTime?: string | number | undefined; endTime?: string | number | undefined }, ctx: AuthedContext): Promise<ActivityQuery> {
  const store = await storeScope(ctx.deps.handle.db, ctx.caller.storeId).store.find();
  if (!store) refuse(Status.KIOSK_CLOSED);
  const end = toMs(i.endTime, 'endTime') ?? Date.now();
  const start = toMs(i.startTime, 'startTime') ?? end - DAY;
  if (end <= start || end - start > store.limit_day * DAY) refuse(Status.IMPROPER_PERIOD, { limit_day: store.limit_day });
  if (i.kind !== undefined && i.kind !== '' && !isActivityKind(i.kind) && !KIND_GROUPS.includes(i.kind)) refuse(Status.INPUT_ERROR, { error: `kind: unknown kind "${i.kind}"` });
  return {
    storeId: store.id,
    accountId: i.account_id,
    kind: i.kind === '' ? undefined : i.kind,
    from: new Date(start).toISOString(),
    to: new Date(end).toISOString(),
  };
}

const list = defineCall({
  path: '/audit/list',
  access: 'session',
  input: auditListRequest,
  reply: auditListReply,
  async handler(i, ctx) {
    const q = await query(i, ctx);
    const { list: rows, total } = await activityPage(ctx.deps.handle.db, q, (i.page - 1) * i.limit, i.limit);
    return { list: rows, total, page: i.page, limit: i.limit };
  },
});

const exportCsv = defineCall({
  path: '/audit/export',
  access: 'session',
  input: auditExportRequest,
  reply: auditExportReply,
  handler: async (i, ctx) => activityCsv(ctx.deps.handle.db, await query(i, ctx)),
});

export const auditCalls: CallDef[] = [list, exportCsv] as CallDef[];
