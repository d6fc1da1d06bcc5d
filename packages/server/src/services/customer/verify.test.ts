import { Status } from '@moneybox/contract';
import { expect, it } from 'vitest';
import { verifyLedger } from '../../money/verify.js';
import { describeOnDatabases } from '../../testing/server.js';
import { newCustomer, openCounter } from '../../testing/customer-kit.js';

describeOnDatabases('ledger verify after customer movements', (s) => {

  it('passes on honest books and reports a tampered customer balance, drawer and store credit', async () => {
    const counter = await openCounter(s, 500);
    const c = await newCustomer(s, counter);
    expect((await s.call('/customer/purchase', { ...counter, id: c.id, amount: 25, key: await s.key() })).status).toBe(Status.OK);
    expect(await verifyLedger(s.handle.db)).toEqual([]);

    await s.handle.db.updateTable('customer').set((eb) => ({ entries_cents: eb('entries_cents', '+', 1) })).where('id', '=', c.id).execute();
    expect(await verifyLedger(s.handle.db)).toEqual([{ what: 'customer entries', id: c.id, cached: 25_01, ledger: 25_00 }]);
    await expect(s.verify()).rejects.toThrow(/ledger mismatch/);
    await s.handle.db.updateTable('customer').set((eb) => ({ entries_cents: eb('entries_cents', '-', 1) })).where('id', '=', c.id).execute();

    await s.handle.db.updateTable('store').set((eb) => ({ credit_cents: eb('credit_cents', '+', 5) })).where('id', '=', 1001).execute();
    expect(await verifyLedger(s.handle.db)).toEqual([expect.objectContaining({ what: 'store credit', id: 1001 })]);
    await s.handle.db.updateTable('store').set((eb) => ({ credit_cents: eb('credit_cents', '-', 5) })).where('id', '=', 1001).execute();

    // A purchase whose ledger row vanished: the drawer, the customer and the store all disagree.
    await s.handle.db.deleteFrom('ledger').where('customer_id', '=', c.id).where('kind', '=', 'purchase').execute();
    const what = (await verifyLedger(s.handle.db)).map((d) => d.what);
    expect(what).toEqual(expect.arrayContaining(['customer entries', 'store credit', 'shift balance', 'shift purchases']));
  });
});
