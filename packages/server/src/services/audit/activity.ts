import { AUDIT_KINDS, MONEY_KINDS, SaType, toUnits, csvCell, type ActivityRow } from '@moneybox/contract';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/database.js';
import type { AuditRow } from '../../db/schema.js';
import { activityRepository, type MoneyActivityRow } from '../../repositories/activity.repository.js';
import { auditRepository } from '../../repositories/audit.repository.js';

/**
 * The trail as people read it (Activity tab, CLI): audit rows and the money calls' ledger rows
 * (shown as `money.<kind>`), merged newest first.
 */
export interface ActivityQuery {
  /** Null: every store (the operator). */
  storeId: number | null;
  accountId?: number | undefined;
  /** An activity kind (`account.create`, `money.purchase`), or a group: the part before the dot (`account`, `login`, `money`). */
  kind?: string | undefined;
  from: string;
  to: string;
}

function split(kind: string | undefined) {
  const match = (k: string) => kind === undefined || k === kind || k.startsWith(`${kind}.`);
  return {
    audit: AUDIT_KINDS.filter(match),
    money: MONEY_KINDS.filter((k) => match(`money.${k}`)),
  };
}

export const parseAuditJson = (json: string | null) => (json === null ? null : (JSON.parse(json) as Record<string, unknown>));

function fromAudit(r: AuditRow): ActivityRow {
  return {
    id: `a${r.id}`,
    at: r.at,
    actor: r.actor_name,
    actor_role: r.actor_role,
    account_id: r.actor_account_id,
    kind: r.kind,
    target_type: r.target_type,
    target_id: r.target_id,
    target: r.target_label,
    before: parseAuditJson(r.before_json),
    after: parseAuditJson(r.after_json),
    amount: null,
    terminal: null,
  };
}

/** A terminal's kind in words, for the CLI and the CSV (the web app says it in the user's language). */
const TERMINAL_WORDS: Record<string, string> = { game: 'Machine', reload_kiosk: 'Reload kiosk', reloader: 'Reloader', online: 'Online' };

/**
 * Who made a ledger row: a staff account; else the terminal on the floor that made it (a reload
 * kiosk's purchase or redeem), named with its kind and channel; else the operator (credit, budget).
 */
function whoMade(r: MoneyActivityRow): Pick<ActivityRow, 'actor' | 'actor_role' | 'terminal'> {
  if (r.username !== null) return { actor: r.username, actor_role: r.sa_type === SaType.BOSS ? 'boss' : 'cashier', terminal: null };
  if (r.machine_name !== null) {
    const kind = r.machine_kind ?? 'game';
    const name = Number(r.machine_name);
    return { actor: `${TERMINAL_WORDS[kind] ?? kind} ${name}`, actor_role: r.channel, terminal: { kind, name } };
  }
  return { actor: 'operator', actor_role: 'operator', terminal: null };
}

function fromLedger(r: MoneyActivityRow): ActivityRow {
  const onCustomer = r.customer_id !== null;
  return {
    id: `l${r.id}`,
    at: r.at,
    ...whoMade(r),
    account_id: r.account_id,
    kind: `money.${r.kind}`,
    target_type: onCustomer ? 'customer' : r.drawer_number !== null ? 'drawer' : 'store',
    target_id: onCustomer ? r.customer_id : r.drawer_number,
    target: onCustomer ? String(r.customer_id) : r.drawer_number !== null ? String(r.drawer_number) : '',
    before: null,
    after: { channel: r.channel, ...(r.key && { key: r.key }), ...(r.note && { note: r.note }) },
    amount: toUnits(r.amount_cents),
  };
}

/** One page of the merged trail and the total count. */
export async function activityPage(db: Db, q: ActivityQuery, offset: number, limit: number) {
  const kinds = split(q.kind);
  const f = { storeId: q.storeId, accountId: q.accountId, from: q.from, to: q.to };
  const need = offset + limit;
  const [audit, money, nAudit, nMoney] = await Promise.all([
    auditRepository.list(db, { ...f, kinds: kinds.audit }, need),
    activityRepository.money(db, { ...f, kinds: kinds.money }, need),
    auditRepository.count(db, { ...f, kinds: kinds.audit }),
    activityRepository.countMoney(db, { ...f, kinds: kinds.money }),
  ]);
  const merged = [...audit.map(fromAudit), ...money.map(fromLedger)].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id < b.id ? 1 : -1));
  return { list: merged.slice(offset, need), total: nAudit + nMoney };
}

export const CSV_MAX_ROWS = 10_000;

/** The trail as CSV (what the Activity tab exports and the CLI prints), at most CSV_MAX_ROWS rows. */
export async function activityCsv(db: Db, q: ActivityQuery) {
  const { list, total } = await activityPage(db, q, 0, CSV_MAX_ROWS);
  const csv = guardedCsv(
    ['time', 'account', 'role', 'kind', 'target type', 'target', 'amount', 'before', 'after'],
    list.map((r) => [r.at, r.actor, r.actor_role, r.kind, r.target_type, r.target, r.amount ?? '', auditJsonCell(r.before), auditJsonCell(r.after)]),
  );
  return { csv, rows: list.length, truncated: total > list.length };
}

/** A row's before or after in a CSV cell: its JSON, or nothing. */
export const auditJsonCell = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/**
 * A trail's CSV (the Activity tab's, the console's audit trail's): a header row, then the rows. Names,
 * targets and before/after values are typed by people: each cell passes the contract's formula guard.
 */
export function guardedCsv(columns: string[], rows: (string | number | null)[][]): string {
  return stringify(rows.map((r) => r.map(csvCell)), { header: true, columns });
}
