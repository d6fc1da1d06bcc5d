import { normalizeIdNumber, toUnits, type CustomerMoneyInput, type CustomerRedeemInput } from '@moneybox/contract';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { moveCustomerMoney, type AuditPayout } from '../../money/customer-money.js';
import { actorOf, writeAudit } from '../audit/audit.js';
import { recordCheckedId } from './id-card.js';
import { isoNow } from '../../clock.js';
import type { CustomerMoneyKind } from '../../money/movements.js';

export type MoneyKind = CustomerMoneyKind;
export { revertableCents } from '../../money/customer-money.js';
export { PURCHASE_LIMIT_MESSAGE } from '../../money/refusal-status.js';

/**
 * The customer money calls of the money core (money/customer-money.ts), by movement kind. Once
 * committed, the money core's event tells the customer's open screens (app.ts); a refusal tells nothing.
 */
export async function moveMoney(deps: Deps, actor: Actor, input: CustomerMoneyInput & Partial<Pick<CustomerRedeemInput, 'id_type' | 'id_number'>> & { kind: MoneyKind }) {
  const shownId = input.id_type !== undefined || input.id_number !== undefined ? { type: input.id_type ?? 'drivers_license', number: input.id_number ?? '' } : undefined;
  return moveCustomerMoney(deps, actor, input.kind, { id: input.id, amount: input.amount ?? 0, key: input.key, shownId }, auditPayout(actor));
}

/**
 * A checked payout's writes (issue 24), in the redeem's transaction: on a record without an ID
 * number, the number checked, recorded first (id-card.ts recordCheckedId); then the
 * payout's audit row: who paid, the customer, the amount, the store day's total, the ID type and
 * whether it was large. The ID number stays in the payout's own record (the large-payouts report),
 * not on the payout's trail: only its last four characters are kept.
 */
function auditPayout(actor: Actor): AuditPayout {
  return async (tx, p) => {
    if (p.recordsId) await recordCheckedId(tx, actor, p.customerId, p.idNumber, isoNow());
    await writeAudit(tx, actorOf(actor), {
      storeId: actor.storeId,
      kind: 'customer.checked_payout',
      target: { type: 'customer', id: p.customerId },
      after: {
        movement_id: p.movementId,
        amount: toUnits(p.amount),
        day_total: toUnits(p.dayTotal),
        id_type: p.idType,
        id_last4: normalizeIdNumber(p.idNumber).slice(-4),
        large: p.large,
        ...(p.recordsId ? { id_recorded: true } : {}),
      },
    });
  };
}
