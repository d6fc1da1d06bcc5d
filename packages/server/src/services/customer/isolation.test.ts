import { Status } from '@moneybox/contract';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases, type Session } from '../../testing/server.js';
import { anotherStore, balances, giveWinnings, newCustomer, openCounter } from '../../testing/customer-kit.js';

const OTHER = 2002;

describeOnDatabases('store isolation of customers', (s) => {
  let here: Session;
  let there: Session;
  let ours: { id: number; mobile_id: string };
  let theirs: { id: number; mobile_id: string };

  beforeAll(async () => {
    await anotherStore(s, OTHER, 'Other Arcade');
    await s.handle.db.insertInto('machine').values({ store_id: OTHER, machine_id: 900, connected: 1, created_at: new Date().toISOString() }).execute();
    here = await openCounter(s, 1000);
    there = await openCounter(s, 1000, { storeId: OTHER });
    ours = await newCustomer(s, here, { first_name: 'Homer', last_name: 'Local', phone: '6185550100' });
    theirs = await newCustomer(s, there, { first_name: 'Homer', last_name: 'Remote', phone: '6185550199' });
    await giveWinnings(s, ours.id, 50_00);
    await giveWinnings(s, theirs.id, 50_00, OTHER);
  });
  afterEach(async () => {
    await s.verify();
  });

  const ids = (r: Record<string, unknown>) => (r.list as Array<{ id: number }>).map((x) => x.id);

  it('a search never shows another store’s customer', async () => {
    for (const [who, mine, other] of [
      [here, ours, theirs],
      [there, theirs, ours],
    ] as const) {
      expect(ids(await s.call('/customer/search', { ...who, type: 'id', rule: other.id }))).toEqual([]);
      expect(ids(await s.call('/customer/search', { ...who, type: 'mobile_id', rule: other.mobile_id }))).toEqual([]);
      expect(ids(await s.call('/customer/search', { ...who, type: 'any', rule: other.mobile_id }))).toEqual([]);
      expect(ids(await s.call('/customer/search', { ...who, type: 'phone', rule: '61855501' }))).toEqual([mine.id]);
      expect(ids(await s.call('/customer/search', { ...who, type: 'name', rule: 'homer' }))).toEqual([mine.id]);
      const list = await s.call('/customer/customerInfo', { ...who, page: 1, limit: 200 });
      expect(ids(list)).toContain(mine.id);
      expect(ids(list)).not.toContain(other.id);
      expect(list.total).toBe(ids(list).length);
    }
    expect((await s.call('/customer/customerInfo', { ...there, page: 1, limit: 200 })).total).toBe(1);
  });

  it('every call on another store’s customer answers 17 and changes nothing', async () => {
    const before = await balances(s, theirs.id);
    const row = () => s.handle.db.selectFrom('customer').selectAll().where('id', '=', theirs.id).executeTakeFirstOrThrow();
    const snapshot = await row();
    const id = theirs.id;
    const calls: Array<[string, Record<string, unknown>]> = [
      ['/customer/info', { type: 'id', rule: id }],
      ['/customer/info', { type: 'mobile_id', rule: theirs.mobile_id }],
      ['/customer/update', { id, first_name: 'Hacked' }],
      ['/customer/block', { id, block: true }],
      ['/customer/blockState', { id }],
      ['/customer/reset', { id }],
      ['/customer/kick', { id }],
      ['/customer/getDayLimit', { id }],
      ['/customer/history', { id }],
      ['/customer/giftHistory', { id }],
      ['/customer/purchase', { id, amount: 5 }],
      ['/customer/redeem', { id, amount: 5 }],
      ['/customer/comps', { id, amount: 5 }],
      ['/customer/revert', { id, amount: 5 }],
    ];
    for (const [path, body] of calls) {
      const r = await s.call(path, { ...here, ...body, key: await s.key() });
      expect(r.status, path).toBe(17);
    }
    expect(await balances(s, theirs.id)).toEqual(before);
    expect(await row()).toEqual(snapshot);
    // Their own counter still serves them.
    expect((await s.call('/customer/redeem', { ...there, id, amount: 5, key: await s.key() })).status).toBe(Status.OK);
  });
});
