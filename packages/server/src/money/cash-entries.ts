import type { Db } from '../db/database.js';
import { cashLogRepository } from '../repositories/cash-log.repository.js';
import { cashIdentity, type CashIdentity, type CashStep } from './cash-log.js';
import type { Channel } from './ledger-kind.js';

/** Who made a cash movement and on what: the cashier at a counter, or the reload kiosk (a machine row). */
export interface CashMover {
  storeId: number;
  customer: CashIdentity & { id: number };
  at: string;
  channel: Channel;
  amount: number;
  accountId: number | null;
  machineId: number | null;
}

/**
 * A cash movement's log entries (cash-log.ts cashStep's), written beside its ledger row in its transaction:
 * each level it is at, made by the movement that reached it (with the cashier, the time and the identity
 * then) or brought up to date (repositories/cash-log.repository.ts record). `(tx, movementId)`, as a counter
 * plan's `alongside` takes it.
 */
export function recordCash(step: CashStep, who: CashMover) {
  return async (tx: Db, movementId: number): Promise<void> => {
    const identity = JSON.stringify(cashIdentity(who.customer));
    for (const e of step.entries) {
      await cashLogRepository.record(tx, {
        store_id: who.storeId,
        day: step.day,
        customer_id: who.customer.id,
        direction: step.direction,
        level: e.level,
        threshold_cents: e.thresholdCents,
        ledger_id: movementId,
        at: who.at,
        account_id: who.accountId,
        machine_id: who.machineId,
        channel: who.channel,
        amount_cents: who.amount,
        total_cents: step.totalCents,
        identity,
      });
    }
  };
}
