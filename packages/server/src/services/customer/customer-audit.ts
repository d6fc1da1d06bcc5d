import type { CustomerCreateInput, CustomerRecord, CustomerUpdateInput } from '@moneybox/contract';
import { audited, changes, type AuditTarget } from '../audit/audit.js';
import { retryOnConflict } from '../../db/errors.js';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { storeScope } from '../../repositories/store-scope.js';
import { blockState, createCustomer, kick, resetPin, setBlock, updateCustomer } from './customer.service.js';
import { presentCustomer } from './present.js';

/**
 * The customer changes a person makes, each with its audit row in the same transaction. The trail
 * keeps the profile fields (never the PIN, nor balances: those move only through the ledger).
 */
const PROFILE = ['first_name', 'last_name', 'drivers_license', 'birthday', 'gender', 'phone', 'mail', 'bank', 'bank_account', 'account_type'] as const;

function target(c: Pick<CustomerRecord, 'id' | 'first_name' | 'last_name' | 'mobile_id'>): AuditTarget {
  return { type: 'customer', id: c.id, label: `${c.first_name} ${c.last_name}`.trim() || c.mobile_id };
}

function profile(c: CustomerRecord): Record<string, unknown> {
  return Object.fromEntries(PROFILE.map((f) => [f, c[f]]));
}

export const auditedCustomer = {
  /** A mobile id clash aborts a PostgreSQL transaction, so the whole change is tried again. */
  create: (deps: Deps, actor: Actor, input: CustomerCreateInput) =>
    retryOnConflict(() =>
      audited(deps, actor, async (tx, audit) => {
        const r = await createCustomer(tx, actor, input);
        await audit({ kind: 'customer.create', target: target(r.customer), after: { mobile_id: r.customer.mobile_id, ...profile(r.customer) } });
        return r;
      }),
    ),

  update: (deps: Deps, actor: Actor, input: CustomerUpdateInput) =>
    audited(deps, actor, async (tx, audit) => {
      const found = await storeScope(tx.handle.db, actor.storeId).customers.find(input.id);
      const r = await updateCustomer(tx, actor, input);
      const diff = found ? changes(profile(presentCustomer(found)), profile(r.customer)) : { before: null, after: profile(r.customer) };
      await audit({ kind: 'customer.update', target: target(r.customer), ...diff });
      return r;
    }),

  block: (deps: Deps, actor: Actor, { id, block }: { id: number; block: boolean }) =>
    audited(deps, actor, async (tx, audit) => {
      const before = await blockState(tx, actor, id);
      const r = await setBlock(tx, actor, { id, block });
      const c = await storeScope(tx.handle.db, actor.storeId).customers.find(id);
      await audit({ kind: block ? 'customer.block' : 'customer.unblock', target: c ? target(presentCustomer(c)) : { type: 'customer', id }, before: { block: before.block }, after: { block } });
      return r;
    }),

  reset: (deps: Deps, actor: Actor, id: number) =>
    audited(deps, actor, async (tx, audit) => {
      const r = await resetPin(tx, actor, id);
      const c = await storeScope(tx.handle.db, actor.storeId).customers.find(id);
      await audit({ kind: 'customer.reset_pin', target: c ? target(presentCustomer(c)) : { type: 'customer', id } });
      return r;
    }),

  kick: (deps: Deps, actor: Actor, id: number) =>
    audited(deps, actor, async (tx, audit) => {
      const r = await kick(tx, actor, id);
      const c = await storeScope(tx.handle.db, actor.storeId).customers.find(id);
      await audit({ kind: 'customer.kick', target: c ? target(presentCustomer(c)) : { type: 'customer', id }, before: { machine: r.machine }, after: { playing: false } });
      return r;
    }),
};
