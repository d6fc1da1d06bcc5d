import { Status, type CustomerRecord } from '@moneybox/contract';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../domain/actor.js';
import { refuse } from '../../domain/status-refusal.js';
import { idCardHash } from '../../money/protection.js';
import { storeScope, type StoreScope } from '../../repositories/store-scope.js';
import { actorOf, writeAudit, type AuditTarget } from '../audit/audit.js';
import { presentCustomer } from './present.js';

/** A customer's ID card columns and audit target: what a record's change and a checked payout both write. */

export function customerTarget(c: Pick<CustomerRecord, 'id' | 'first_name' | 'last_name' | 'mobile_id'>): AuditTarget {
  return { type: 'customer', id: c.id, label: `${c.first_name} ${c.last_name}`.trim() || c.mobile_id };
}

/** The ID card columns of a record holding `number`: its hash, and a shared exclusion it falls under. */
export async function idCard(scope: StoreScope, number: string, at: string) {
  const hash = idCardHash(number);
  const shared = await scope.sharedExclusions.match(hash, at);
  return { id_hash: hash, shared_since: shared?.since ?? null, shared_until: shared?.until ?? null };
}

/**
 * A checked payout to a customer with no ID number on record (money/payouts.ts `recordsId`): the
 * number the cashier typed from the document goes on the record in the payout's transaction (with
 * its ID card columns, as an update would set them), audited as the record's change. The next
 * checked payout must then match it.
 */
export async function recordCheckedId(tx: Db, actor: Actor, customerId: number, number: string, at: string): Promise<void> {
  const scope = storeScope(tx, actor.storeId);
  if (!(await scope.customers.updateProfile(customerId, { drivers_license: number, ...(await idCard(scope, number, at)) }, at))) refuse(Status.CUSTOMER_ERROR);
  const c = await scope.customers.find(customerId);
  await writeAudit(
    tx,
    actorOf(actor),
    { storeId: actor.storeId, kind: 'customer.update', target: c ? customerTarget(presentCustomer(c)) : { type: 'customer', id: customerId }, before: { drivers_license: '' }, after: { drivers_license: number } },
    at,
  );
}
