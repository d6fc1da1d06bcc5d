import { Status } from '@moneybox/contract';
import type { Store } from '../../db/schema.js';
import type { AuthedContext } from '../../http/call.js';
import { refuse } from '../../http/errors.js';
import { storeRepository } from '../../repositories/store.repository.js';
import { resolvePeriod, type Period } from './period.js';
import { reportRepository, type LedgerFilter } from './report.repository.js';

/** The caller's store, the period applied, and the ledger filter every report query starts from. */
export interface ReportScope {
  store: Store;
  period: Period;
  filter: LedgerFilter;
  /** A cashier: only their own shifts are reported. */
  ownShiftsOf: number | undefined;
}

export async function reportScope(q: { startTime?: string | number | undefined; endTime?: string | number | undefined }, ctx: AuthedContext): Promise<ReportScope> {
  const store = await storeRepository.find(ctx.deps.handle.db, ctx.caller.storeId);
  if (!store) refuse(Status.KIOSK_CLOSED);
  const period = resolvePeriod(q, store);
  const ownShiftsOf = ctx.caller.role === 'boss' ? undefined : ctx.caller.accountId;
  return { store, period, ownShiftsOf, filter: { storeId: store.id, fromIso: period.fromIso, toIso: period.toIso, ownerAccountId: ownShiftsOf } };
}

/** `pinId`: the store's customers with that id or mobile id (none found: an empty report, not an error). */
export async function customersOf(pinId: string | undefined, scope: ReportScope, ctx: AuthedContext): Promise<number[] | undefined> {
  if (pinId === undefined) return undefined;
  return reportRepository.customerIdsByPin(ctx.deps.handle.db, scope.store.id, pinId);
}
