import type { CashLevel, ReportChannel } from '@moneybox/contract';
import type { Actor } from '../../domain/actor.js';
import type { ConsoleActor } from '../../domain/console-actor.js';
import { dayCloseView } from '../day-close/day-close.service.js';
import { reportDeps, type Deps } from '../deps.js';
import { cashLog } from '../report/cash-log.service.js';
import { dailyLog } from '../report/daily.service.js';
import { shiftLog } from '../report/shift-log.service.js';
import { transactionReport, type TransactionQuery } from '../report/transaction.service.js';

type Period = { startTime?: string | number | undefined; endTime?: string | number | undefined };

/**
 * A store's reports in the console, read-only: the store's own report services, run for a store in the
 * account's scope (21 otherwise, checked on the primary) as the store's boss reads them in viewer mode
 * (the whole store, no drawer). No session stands behind this actor: the report services only read, and
 * no console call reaches a store service that writes.
 */
async function asStoreReader(deps: Deps, actor: ConsoleActor, kid: number): Promise<Actor> {
  return { sessionId: 0, accountId: 0, storeId: kid, username: actor.username, role: 'boss', mode: 'viewer' };
}

/** /operator/storeDailyReport: the store's /drawer/dailyLog. */
export async function consoleDailyReport(deps: Deps, actor: ConsoleActor, input: Period & { kid: number; pinId?: string | undefined; fun_name?: ReportChannel | undefined }) {
  const { kid, ...q } = input;
  return dailyLog(reportDeps(deps), await asStoreReader(deps, actor, kid), q);
}

/** /operator/storeCashLog: the store's /drawer/cashLog (its log entries or its reports' records of a period). */
export async function consoleCashLog(deps: Deps, actor: ConsoleActor, input: Period & { kid: number; level: CashLevel }) {
  const { kid, ...q } = input;
  return cashLog(reportDeps(deps), await asStoreReader(deps, actor, kid), q);
}

/** /operator/storeShiftReport: the store's /drawer/shiftLog. */
export async function consoleShiftReport(deps: Deps, actor: ConsoleActor, input: Period & { kid: number }) {
  const { kid, ...q } = input;
  return shiftLog(reportDeps(deps), await asStoreReader(deps, actor, kid), q);
}

/** /operator/storeTransactionReport: the store's /drawer/transaction (the boss's whole-store records, paged). */
export async function consoleTransactionReport(deps: Deps, actor: ConsoleActor, input: TransactionQuery & { kid: number }) {
  const { kid, ...q } = input;
  return transactionReport(reportDeps(deps), await asStoreReader(deps, actor, kid), q);
}

/** /operator/storeDayClose: the store's /dayClose/get (the Z report of a store day; closing stays the boss's). */
export async function consoleDayClose(deps: Deps, actor: ConsoleActor, input: { kid: number; day?: string | undefined }) {
  return dayCloseView(deps, await asStoreReader(deps, actor, input.kid), { day: input.day });
}
