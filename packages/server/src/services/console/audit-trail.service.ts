import { AUDIT_KINDS, CONSOLE_AUDIT_PAGE_MAX } from '@moneybox/contract';
import type { ConsoleActor } from '../../domain/console-actor.js';
import type { AuditRow } from '../../db/schema.js';
import { auditRepository, type AuditTrailQuery } from '../../repositories/audit.repository.js';
import type { Deps } from '../deps.js';
import { auditJsonCell, CSV_MAX_ROWS, guardedCsv, parseAuditJson } from '../audit/activity.js';
import { storesInScope } from './scope.js';

/** The trail's filters (the calls' input, the contract's `auditFilters`): each optional, '' as none. */
interface TrailFilter {
  kid?: number | undefined;
  who?: string | undefined;
  kind?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** An instant as `at` is written (UTC, milliseconds), so the period compares as text on both databases. */
const asAt = (v: string | undefined) => (v === undefined || v === '' ? undefined : new Date(v).toISOString());

/**
 * The trail the account may read, narrowed by its filters: a store (in the scope, else 21 as for a
 * store that does not exist: scope.ts), else every store of the scope and the platform rows the
 * account wrote itself (every row for an unbounded scope). The filters narrow that and never widen it,
 * so another distributor's name or kind finds nothing of theirs.
 */
async function trailQuery(deps: Deps, actor: ConsoleActor, f: TrailFilter): Promise<AuditTrailQuery> {
  const db = deps.handle.db;
  const kind = f.kind || undefined;
  return {
    set: f.kid !== undefined ? [f.kid] : await storesInScope(db, actor),
    own: f.kid === undefined ? { role: actor.role, accountId: actor.accountId } : undefined,
    who: f.who || undefined,
    kinds: kind === undefined ? undefined : AUDIT_KINDS.filter((k) => k === kind || k.startsWith(`${kind}.`)),
    from: asAt(f.from),
    to: asAt(f.to),
  };
}

function present(r: AuditRow) {
  return {
    id: r.id,
    at: r.at,
    kid: r.store_id === null ? null : Number(r.store_id),
    who: r.actor_name,
    role: r.actor_role,
    kind: r.kind,
    target: r.target_label,
    before: parseAuditJson(r.before_json),
    after: parseAuditJson(r.after_json),
  };
}

/**
 * `/operator/audit`: the trail of the account's scope, newest first by id, `limit` rows before the
 * cursor `before_id`; `next` is the cursor of the older page (null: no older row matches).
 */
export async function listAudit(deps: Deps, actor: ConsoleActor, input: TrailFilter & { before_id?: number | undefined; limit?: number | undefined }) {
  const limit = input.limit ?? CONSOLE_AUDIT_PAGE_MAX;
  // One row past the page tells whether an older page exists.
  const rows = await auditRepository.trail(deps.handle.db, await trailQuery(deps, actor, input), input.before_id, limit + 1);
  const list = rows.slice(0, limit).map(present);
  return { list, next: rows.length > limit ? list[list.length - 1]!.id : null, limit };
}

/** `/operator/auditExport`: the same filtered trail as CSV (the Activity export's shape), at most CSV_MAX_ROWS rows. */
export async function exportAudit(deps: Deps, actor: ConsoleActor, input: TrailFilter) {
  const rows = await auditRepository.trail(deps.handle.db, await trailQuery(deps, actor, input), undefined, CSV_MAX_ROWS + 1);
  const list = rows.slice(0, CSV_MAX_ROWS).map(present);
  const csv = guardedCsv(
    ['time', 'store', 'account', 'role', 'kind', 'target', 'before', 'after'],
    list.map((r) => [r.at, r.kid ?? '', r.who, r.role, r.kind, r.target, auditJsonCell(r.before), auditJsonCell(r.after)]),
  );
  return { csv, rows: list.length, truncated: rows.length > CSV_MAX_ROWS };
}
