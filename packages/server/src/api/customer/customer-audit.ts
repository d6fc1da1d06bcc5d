import type { CustomerCreateInput, CustomerRecord, CustomerUpdateInput } from '@moneybox/contract';
import { audited, changes, type AuditTarget } from '../../audit/audit.js';
import { retryOnConflict } from '../../db/errors.js';
import type { AuthedContext } from '../../http/call.js';
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
  create: (input: CustomerCreateInput, ctx: AuthedContext) =>
    retryOnConflict(() =>
      audited(ctx, async (tx, audit) => {
        const r = await createCustomer(input, tx);
        await audit({ kind: 'customer.create', target: target(r.customer), after: { mobile_id: r.customer.mobile_id, ...profile(r.customer) } });
        return r;
      }),
    ),

  update: (input: CustomerUpdateInput, ctx: AuthedContext) =>
    audited(ctx, async (tx, audit) => {
      const found = await storeScope(tx.deps.handle.db, ctx.caller.storeId).customers.find(input.id);
      const r = await updateCustomer(input, tx);
      const diff = found ? changes(profile(presentCustomer(found)), profile(r.customer)) : { before: null, after: profile(r.customer) };
      await audit({ kind: 'customer.update', target: target(r.customer), ...diff });
      return r;
    }),

  block: (id: number, block: boolean, ctx: AuthedContext) =>
    audited(ctx, async (tx, audit) => {
      const before = await blockState(id, tx);
      const r = await setBlock(id, block, tx);
      const c = await storeScope(tx.deps.handle.db, ctx.caller.storeId).customers.find(id);
      await audit({ kind: block ? 'customer.block' : 'customer.unblock', target: c ? target(presentCustomer(c)) : { type: 'customer', id }, before: { block: before.block }, after: { block } });
      return r;
    }),

  reset: (id: number, ctx: AuthedContext) =>
    audited(ctx, async (tx, audit) => {
      const r = await resetPin(id, tx);
      const c = await storeScope(tx.deps.handle.db, ctx.caller.storeId).customers.find(id);
      await audit({ kind: 'customer.reset_pin', target: c ? target(presentCustomer(c)) : { type: 'customer', id } });
      return r;
    }),

  kick: (id: number, ctx: AuthedContext) =>
    audited(ctx, async (tx, audit) => {
      const r = await kick(id, tx);
      const c = await storeScope(tx.deps.handle.db, ctx.caller.storeId).customers.find(id);
      await audit({ kind: 'customer.kick', target: c ? target(presentCustomer(c)) : { type: 'customer', id }, before: { machine: r.machine }, after: { playing: false } });
      return r;
    }),
};
