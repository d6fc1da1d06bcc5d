import { createHash } from 'node:crypto';
import { Status, toUnits, type ReportKind, type TransactionRow } from '@moneybox/contract';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { refuse } from '../../domain/status-refusal.js';
import { storeDailyTotals } from './daily-totals.js';
import { presentPeriod } from './period.js';
import type { Keyset, LedgerFilter, TransactionRecord } from '../../repositories/report.repository.js';
import { customersOf, reportScope, type ReportScope } from './report-scope.js';
import { storeDayStart, storeTime, addDays } from './store-days.js';
import { seesExpectedBalance } from '../../domain/expected-balance.js';
import { storeScope } from '../../repositories/store-scope.js';

export interface TransactionQuery {
  startTime?: string | number | undefined;
  endTime?: string | number | undefined;
  pinId?: string | undefined;
  fun_name?: ReportKind | undefined;
  drawer?: number | undefined;
  account?: string | undefined;
  page: number;
  limit: number;
  cursor?: string | undefined;
}

/**
 * The cursor: the last row of a page (at, id) and a fingerprint of the query it belongs to, as
 * base64url JSON. Opaque to the client; a cursor of another query (or store) answers 13.
 */
function fingerprint(storeId: number, f: LedgerFilter, limit: number): string {
  return createHash('sha256').update(JSON.stringify([storeId, f, limit])).digest('base64url').slice(0, 12);
}
function encodeCursor(k: Keyset, fp: string): string {
  return Buffer.from(JSON.stringify({ a: k.at, i: k.id, q: fp })).toString('base64url');
}
function decodeCursor(cursor: string, fp: string): Keyset {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { a?: unknown; i?: unknown; q?: unknown };
    if (typeof v.a === 'string' && v.a.length <= 40 && Number.isSafeInteger(v.i) && v.q === fp) return { at: v.a, id: v.i as number };
  } catch {
    // not JSON: refused below
  }
  return refuse(Status.INPUT_ERROR, { error: 'cursor: not a cursor of this report (same period, filters and limit)' });
}

/**
 * Rows over the period. Whole store days without the per-row filters (customer, drawer, account,
 * a cashier's own shifts) are counted from the daily totals; the rest (the partial first and last
 * day, or any filtered query) by counting the ledger.
 */
async function countRows(deps: Deps, f: LedgerFilter, scope: ReportScope): Promise<number> {
  const perRow = f.customerIds !== undefined || f.drawerId !== undefined || f.accountId !== undefined || f.ownerAccountId !== undefined;
  if (perRow) return scope.reports.count(f);
  const { period, store } = scope;
  const tz = period.timeZone;
  const whole = period.days.filter((d) => storeDayStart(d, tz) >= period.fromMs && storeDayStart(addDays(d, 1), tz) <= period.toMs);
  if (whole.length === 0) return scope.reports.count(f);
  const wholeFrom = storeDayStart(whole[0]!, tz);
  const wholeTo = storeDayStart(addDays(whole[whole.length - 1]!, 1), tz);
  const totals = await storeDailyTotals(deps.handle, store, { firstDay: whole[0]!, lastDay: whole[whole.length - 1]!, fromIso: new Date(wholeFrom).toISOString(), toIso: new Date(wholeTo).toISOString() });
  let n = 0;
  for (const [key, t] of totals) if (f.kind === undefined || key.endsWith(`|${f.kind}`)) n += t.count;
  if (wholeFrom > period.fromMs) n += await scope.reports.count({ ...f, toIso: new Date(wholeFrom).toISOString() });
  if (wholeTo < period.toMs) n += await scope.reports.count({ ...f, fromIso: new Date(wholeTo).toISOString() });
  return n;
}

/**
 * Links a reverted purchase and its revert. A revert takes back part of what the customer bought
 * in that shift (not one purchase by key), so a revert links to the customer's latest purchase of
 * the shift before it (or the one its row names), and that purchase to its first revert after it.
 */
async function revertLinks(rows: TransactionRecord[], scope: ReportScope): Promise<Map<number, { reverts_id: number | null; reverted_by: number | null }>> {
  const links = new Map<number, { reverts_id: number | null; reverted_by: number | null }>();
  const linkable = rows.filter((r) => (r.kind === 'purchase' || r.kind === 'revert') && r.shift_id !== null);
  // A link joins rows of one shift and customer (or a revert naming its purchase): only those are read.
  const all = await scope.reports.purchasesAndReverts({
    shiftIds: [...new Set(linkable.map((r) => Number(r.shift_id)))],
    customerIds: [...new Set(linkable.filter((r) => r.customer_id !== null).map((r) => Number(r.customer_id)))],
    withoutCustomer: linkable.some((r) => r.customer_id === null),
    revertedIds: linkable.filter((r) => r.kind === 'purchase').map((r) => Number(r.id)),
  });
  const wanted = new Set(rows.map((r) => Number(r.id)));
  const lastPurchase = new Map<string, number>();
  for (const m of all) {
    const who = `${m.shift_id}|${m.customer_id}`;
    const id = Number(m.id);
    if (m.kind === 'purchase') lastPurchase.set(who, id);
    else {
      const purchase = m.reverts_id !== null ? Number(m.reverts_id) : (lastPurchase.get(who) ?? null);
      if (wanted.has(id)) links.set(id, { reverts_id: purchase, reverted_by: null });
      if (purchase !== null && wanted.has(purchase) && !links.get(purchase)?.reverted_by) links.set(purchase, { reverts_id: null, reverted_by: id });
    }
  }
  return links;
}

function present(r: TransactionRecord, tz: string, link: { reverts_id: number | null; reverted_by: number | null } | undefined, sees: boolean): TransactionRow {
  const name = r.first_name === null && r.last_name === null ? null : `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim();
  return {
    id: Number(r.id),
    time: r.at,
    store_time: storeTime(Date.parse(r.at), tz),
    fun_name: r.kind,
    station: r.channel,
    drawer: r.drawer_number === null ? null : Number(r.drawer_number),
    machine: r.machine_name === null ? null : Number(r.machine_name),
    shift_id: r.shift_id === null ? null : Number(r.shift_id),
    account: r.username,
    customer_id: r.customer_id === null ? null : Number(r.customer_id),
    mobile_id: r.mobile_id,
    customer_name: name,
    // The rows of a shift sum to its expected cash: the blind-count rule decides whether they carry amounts.
    ...(sees ? { amount: toUnits(Number(r.amount_cents)), drawer_change: toUnits(Number(r.d_drawer_cents)) } : {}),
    reverts_id: link?.reverts_id ?? (r.reverts_id === null ? null : Number(r.reverts_id)),
    reverted_by: link?.reverted_by ?? null,
    // The initial amount's note is its count by denomination (writeCountNote): a figure like the amount.
    note: sees || r.kind !== 'init' ? r.note : '',
  };
}

/** /drawer/transaction: the store's money movements of a period, newest first, paged. */
export async function transactionReport(deps: Deps, actor: Actor, q: TransactionQuery) {
  const scope = await reportScope(deps, actor, q);
  const { store, period } = scope;
  const f: LedgerFilter = { ...scope.filter, kind: q.fun_name, customerIds: await customersOf(q.pinId, scope) };
  if (q.drawer !== undefined) f.drawerId = (await scope.reports.drawerIdByNumber(q.drawer)) ?? -1;
  if (q.account !== undefined) f.accountId = (await scope.reports.accountIdByUsername(q.account)) ?? -1;
  const fp = fingerprint(store.id, f, q.limit);
  const after = q.cursor === undefined ? undefined : decodeCursor(q.cursor, fp);
  // The page and its revert links while the total is counted (PostgreSQL: on two pool connections).
  const [{ rows, page, links }, total] = await Promise.all([
    scope.reports.transactions(f, { after, offset: (q.page - 1) * q.limit, limit: q.limit + 1 }).then(async (rows) => {
      const page = rows.slice(0, q.limit);
      return { rows, page, links: await revertLinks(page, scope) };
    }),
    countRows(deps, f, scope),
  ]);
  const last = page[page.length - 1];
  // A cashier's rows are their own shifts'; of those, only the one still open is counted blind (read on the
  // report's own handle, so a row and its shift's state come from the same database).
  const open = seesExpectedBalance(actor.role, store) ? undefined : (await storeScope(deps.handle.db, store.id).shifts.openForAccount(actor.accountId))?.id;
  const sees = (r: TransactionRecord) => seesExpectedBalance(actor.role, store, { closed: r.shift_id === null || Number(r.shift_id) !== open });
  return {
    list: page.map((r) => present(r, period.timeZone, links.get(Number(r.id)), sees(r))),
    total,
    page: q.page,
    limit: q.limit,
    cursor: rows.length > q.limit && last ? encodeCursor({ at: last.at, id: Number(last.id) }, fp) : null,
    period: presentPeriod(period),
  };
}
