import { Status, toUnits, type CustomerExport, type CustomerRecord } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import type { Actor } from '../../domain/actor.js';
import { refuse } from '../../domain/status-refusal.js';
import { customerExportRepository } from '../../repositories/customer-export.repository.js';
import { storeScope } from '../../repositories/store-scope.js';
import { audited } from '../change.js';
import type { Deps } from '../deps.js';
import { mustFind } from './customer.service.js';
import { customerTarget } from './id-card.js';
import { presentCustomer } from './present.js';

/**
 * One customer's data as the store keeps it, for the customer who asks for it (docs/COMPLIANCE.md): their
 * record, every money movement, every recorded action on them and their cash log rows, in their store only. A boss's act, and
 * recorded as one (`customer.export`, in the same transaction as the reads, so the export and its row
 * stand or fall together); a cashier or a customer of another store get nothing.
 */
export async function exportCustomer(deps: Deps, actor: Actor, input: { id: number }): Promise<Omit<CustomerExport, 'status'>> {
  return audited(deps, actor, async (tx, audit) => {
    const db = tx.handle.db;
    const c = await mustFind(tx, actor, input.id);
    const store = await storeScope(db, actor.storeId).store.find();
    if (!store) refuse(Status.KIOSK_CLOSED);
    const [movements, actions, cash] = await Promise.all([
      customerExportRepository.movements(db, actor.storeId, c.id),
      customerExportRepository.actions(db, actor.storeId, c.id),
      customerExportRepository.cashLog(db, actor.storeId, c.id),
    ]);
    await audit({ kind: 'customer.export', target: customerTarget(presentCustomer(c)), after: { movements: movements.length, actions: actions.length } });
    return {
      exported_at: isoNow(),
      store: { kid: actor.storeId, name: store.name },
      customer: presentCustomer(c),
      movements: movements.map((m) => ({ id: Number(m.id), at: m.at, kind: m.kind, channel: m.channel, amount: toUnits(Number(m.amount_cents)) })),
      actions: actions.map((a) => ({ at: a.at, kind: a.kind, by: a.actor_name })),
      cash_log: cash.map((r) => ({ day: r.day, direction: r.direction, level: r.level, at: r.at, day_total: toUnits(Number(r.total_cents)), identity: JSON.parse(r.identity) as Record<string, string> })),
    };
  });
}

const DAY_MS = 86_400_000;

/** 13 with an erasure's reason (contract ERASE_REASONS) and the server's English words. */
function refuseErase(reason: 'erase_retention' | 'erase_balance' | 'erase_playing' | 'erased', error: string, extra: Record<string, unknown> = {}): never {
  refuse(Status.INPUT_ERROR, { reason, error, ...extra });
}

/**
 * Erases one customer's personal fields on their request (docs/COMPLIANCE.md): only once the retention
 * period (CUSTOMER_RETENTION_DAYS) has passed since their last money movement (or their sign-up, without
 * one), with no entries or winnings left and no machine in play. The record stays, empty and blocked, with
 * its balances and ledger rows; an exclusion's ID hash stays; the erasure is recorded (`customer.erase`).
 */
export async function eraseCustomer(deps: Deps, actor: Actor, input: { id: number }): Promise<{ customer: CustomerRecord }> {
  return audited(deps, actor, async (tx, audit) => {
    const db = tx.handle.db;
    const c = await mustFind(tx, actor, input.id);
    if (c.erased_at !== null) refuseErase('erased', 'the customer was erased already');
    if (c.playing_machine_id !== null) refuseErase('erase_playing', 'the customer is playing on a machine');
    if (c.entries_cents !== 0 || c.winnings_cents !== 0) refuseErase('erase_balance', 'the customer still holds entries or winnings: pay them out or revert first');
    const last = (await customerExportRepository.lastMovementAt(db, actor.storeId, c.id)) ?? c.created_at;
    const keptUntil = new Date(Date.parse(last) + deps.settings.customerRetentionDays * DAY_MS).toISOString();
    const at = isoNow();
    if (keptUntil > at) refuseErase('erase_retention', `kept until ${keptUntil}: ${deps.settings.customerRetentionDays} days after the customer's last movement`, { kept_until: keptUntil });
    if (!(await customerExportRepository.erase(db, actor.storeId, c.id, at))) refuseErase('erase_balance', 'the customer moved money meanwhile: try again');
    await audit({ kind: 'customer.erase', target: { type: 'customer', id: c.id, label: `#${c.id}` }, after: { last_movement: last } });
    return { customer: presentCustomer(await mustFind(tx, actor, c.id)) };
  });
}
