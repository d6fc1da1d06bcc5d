import { Status, toUnits, type CustomerExport } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import type { Actor } from '../../domain/actor.js';
import { refuse } from '../../domain/status-refusal.js';
import { customerExportRepository } from '../../repositories/customer-export.repository.js';
import { storeScope } from '../../repositories/store-scope.js';
import { audited } from '../change.js';
import type { Deps } from '../deps.js';
import { mustFind } from './customer.service.js';
import { presentCustomer } from './present.js';

/**
 * One customer's data as the store keeps it, for the customer who asks for it (docs/COMPLIANCE.md): their
 * record, every money movement and every recorded action on them, in their store only. A boss's act, and
 * recorded as one (`customer.export`, in the same transaction as the reads, so the export and its row
 * stand or fall together); a cashier or a customer of another store get nothing.
 */
export async function exportCustomer(deps: Deps, actor: Actor, input: { id: number }): Promise<Omit<CustomerExport, 'status'>> {
  return audited(deps, actor, async (tx, audit) => {
    const db = tx.handle.db;
    const c = await mustFind(tx, actor, input.id);
    const store = await storeScope(db, actor.storeId).store.find();
    if (!store) refuse(Status.KIOSK_CLOSED);
    const [movements, actions] = await Promise.all([customerExportRepository.movements(db, actor.storeId, c.id), customerExportRepository.actions(db, actor.storeId, c.id)]);
    await audit({ kind: 'customer.export', target: { type: 'customer', id: c.id, label: `${c.first_name} ${c.last_name}` }, after: { movements: movements.length, actions: actions.length } });
    return {
      exported_at: isoNow(),
      store: { kid: actor.storeId, name: store.name },
      customer: presentCustomer(c),
      movements: movements.map((m) => ({ id: Number(m.id), at: m.at, kind: m.kind, channel: m.channel, amount: toUnits(Number(m.amount_cents)) })),
      actions: actions.map((a) => ({ at: a.at, kind: a.kind, by: a.actor_name })),
    };
  });
}
