import { toUnits, type CashLevel, type CashLogRow } from '@moneybox/contract';
import type { Actor } from '../../domain/actor.js';
import { storeScope } from '../../repositories/store-scope.js';
import type { Deps } from '../deps.js';
import { presentPeriod } from './period.js';
import { reportScope } from './report-scope.js';
import { storeTime } from './store-days.js';

/** The identity as an entry recorded it (JSON; a field it lacks reads as blank). */
function identityOf(text: string): CashLogRow['identity'] {
  const v = JSON.parse(text) as Partial<CashLogRow['identity']>;
  return { first_name: v.first_name ?? '', last_name: v.last_name ?? '', birthday: v.birthday ?? '', drivers_license: v.drivers_license ?? '', address: v.address ?? '' };
}

/**
 * /drawer/cashLog (a boss's, viewer too; issue 40, docs/COMPLIANCE.md "Cash transaction log"): the store's
 * log entries (`level: 'log'`: a customer's cash in or out of a store day reaching the log threshold) or its
 * reports' records (`'report'`: passing the report threshold) of the period, oldest first, each with the
 * identity as recorded, the movement that reached it and the day's sum so far. The CSV and the print are the web's.
 */
export async function cashLog(deps: Deps, actor: Actor, q: { startTime?: string | number | undefined; endTime?: string | number | undefined; level: CashLevel }) {
  const { store, period } = await reportScope(deps, actor, q);
  const rows = await storeScope(deps.handle.db, store.id).cashLog.list(q.level, period.fromIso, period.toIso);
  const list: CashLogRow[] = rows.map((r) => ({
    id: Number(r.id),
    day: r.day,
    direction: r.direction,
    level: r.level,
    threshold: toUnits(Number(r.threshold_cents)),
    movement_id: Number(r.ledger_id),
    time: r.at,
    store_time: storeTime(Date.parse(r.at), period.timeZone),
    channel: r.channel,
    account: r.username ?? null,
    machine: r.machine_number == null ? null : String(r.machine_number),
    amount: toUnits(Number(r.amount_cents)),
    day_total: toUnits(Number(r.total_cents)),
    movements: Number(r.movements),
    last_time: r.last_at,
    customer_id: Number(r.customer_id),
    mobile_id: r.mobile_id,
    identity: identityOf(r.identity),
  }));
  return { list, thresholds: { log: toUnits(Number(store.cash_log_cents)), report: toUnits(Number(store.cash_report_cents)) }, period: presentPeriod(period) };
}
