import { Status } from '@moneybox/contract';
import type { Store } from '../../db/schema.js';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { refuse } from '../../domain/status-refusal.js';
import { bindToStore, only, storeScope, type BoundToStore } from '../../repositories/store-scope.js';
import { resolvePeriod, type Period } from './period.js';
import { reportRepository, type LedgerFilter } from '../../repositories/report.repository.js';

/** The report queries of one store's rows (the rest are the daily totals' own, of every store). */
const storeReportQueries = only(
  reportRepository,
  'customerIdsByPin',
  'drawerIdByNumber',
  'accountIdByUsername',
  'transactions',
  'count',
  'purchasesAndReverts',
  'shiftsStarted',
  'countedRows',
  'largePayouts',
);

/** The caller's store, the period applied, and the ledger filter every report query starts from. */
export interface ReportScope {
  store: Store;
  period: Period;
  filter: LedgerFilter;
  /** The store's report queries, bound to it. */
  reports: BoundToStore<typeof storeReportQueries>;
  /** A cashier: only their own shifts are reported. */
  ownShiftsOf: number | undefined;
}

export async function reportScope(deps: Deps, actor: Actor, q: { startTime?: string | number | undefined; endTime?: string | number | undefined }): Promise<ReportScope> {
  const store = await storeScope(deps.handle.db, actor.storeId).store.find();
  if (!store) refuse(Status.KIOSK_CLOSED);
  const period = resolvePeriod(q, store);
  const ownShiftsOf = actor.role === 'boss' ? undefined : actor.accountId;
  return { store, period, ownShiftsOf, reports: bindToStore(storeReportQueries, deps.handle.db, store.id), filter: { fromIso: period.fromIso, toIso: period.toIso, ownerAccountId: ownShiftsOf } };
}

/** `pinId`: the store's customers with that id or mobile id (none found: an empty report, not an error). */
export async function customersOf(pinId: string | undefined, scope: ReportScope): Promise<number[] | undefined> {
  if (pinId === undefined) return undefined;
  return scope.reports.customerIdsByPin(pinId);
}
