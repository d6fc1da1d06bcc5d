import { SaType, Status } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../cli/seed/seed.js';
import { addCredit, freezeStore } from '../operator/operator.service.js';
import { describeOnDatabases, type Session } from '../../testing/server.js';
import { balances, drawerBalance, giveWinnings, newCustomer, openCounter, playEntries, seatAtMachine, storeMoney } from '../../testing/customer-kit.js';
import { setBlindCount } from '../../testing/drawer-kit.js';
import { PURCHASE_LIMIT_MESSAGE } from './movement.service.js';
import { SEED } from '../audit/audit.js';

const KINDS = ['purchase', 'revert', 'redeem', 'comps'] as const;

describeOnDatabases('customer money calls', (s) => {
  let counter: Session;
  const money = async (kind: string, session: Session, id: number, amount: unknown, key?: string) =>
    s.call(`/customer/${kind}`, { ...session, id, amount, key: key ?? (await s.key()) });

  beforeAll(async () => {
    // These scenarios read the drawer's balance in the cashier's replies: no blind count (blind-count.test.ts).
    await setBlindCount(s, false);
    counter = await openCounter(s, 5000);
  });

  it('purchase, special comps, redeem and revert move every balance as designed', async () => {
    const c = await newCustomer(s, counter);
    await giveWinnings(s, c.id, 100_00);
    const store0 = await storeMoney(s);
    const drawer0 = await drawerBalance(s, counter);

    const p = await money('purchase', counter, c.id, 40);
    expect(p).toMatchObject({ status: Status.OK, id: c.id, amount: 40, entries: 40, winnings: 100, balance: (drawer0 + 40_00) / 100 });
    expect(typeof p.movement_id).toBe('number');
    const comps = await money('comps', counter, c.id, '5.50');
    expect(comps).toMatchObject({ status: Status.OK, entries: 45.5, winnings: 100, balance: (drawer0 + 40_00) / 100 });
    const redeem = await money('redeem', counter, c.id, 30.25);
    expect(redeem).toMatchObject({ status: Status.OK, entries: 45.5, winnings: 69.75, balance: (drawer0 + 40_00 - 30_25) / 100 });
    const revert = await money('revert', counter, c.id, 15);
    expect(revert).toMatchObject({ status: Status.OK, entries: 30.5, winnings: 69.75, balance: (drawer0 + 25_00 - 30_25) / 100 });

    expect(await balances(s, c.id)).toEqual({ entries: 30_50, winnings: 69_75 });
    expect(await drawerBalance(s, counter)).toBe(drawer0 + 25_00 - 30_25);
    const store1 = await storeMoney(s);
    expect(store1.credit).toBe(store0.credit - 40_00 + 30_25 + 15_00);
    expect(store1.budget).toBe(store0.budget - 5_50);

    const shift = await s.handle.db.selectFrom('shift').selectAll().where('account_id', '=', counter.UID).where('ended_at', 'is', null).executeTakeFirstOrThrow();
    expect(shift).toMatchObject({ purchases_cents: 25_00, reverts_cents: 15_00, redeems_cents: 30_25, special_comps_cents: 5_50 });
    const rows = await s.handle.db.selectFrom('ledger').select(['kind', 'amount_cents', 'key']).where('customer_id', '=', c.id).where('channel', '=', 'pos').orderBy('id').execute();
    expect(rows.map((r) => [r.kind, Number(r.amount_cents)])).toEqual([
      ['purchase', 40_00],
      ['special_comps', 5_50],
      ['redeem', 30_25],
      ['revert', 15_00],
    ]);
  });

  it('answers 13 for malformed amounts and 35 for empty or below-minimum ones, changing nothing', async () => {
    const c = await newCustomer(s, counter);
    for (const kind of KINDS) {
      for (const bad of [-1, 1.234, 'abc', 'NaN', '1e5', 1e12, true, [5], { a: 1 }]) {
        expect((await money(kind, counter, c.id, bad)).status, `${kind} ${JSON.stringify(bad)}`).toBe(13);
      }
      for (const empty of [undefined, null, '', 0, '0.00', 0.99]) {
        expect((await money(kind, counter, c.id, empty)).status, `${kind} ${JSON.stringify(empty)}`).toBe(35);
      }
    }
    expect((await s.call('/customer/purchase', { ...counter, id: c.id, amount: 5 })).status).toBe(Status.INPUT_ERROR); // no key
    expect((await s.call('/customer/purchase', { ...counter, id: 'x', amount: 5, key: await s.key() })).status).toBe(Status.INPUT_ERROR);
    expect(await balances(s, c.id)).toEqual({ entries: 0, winnings: 0 });
  });

  it('honours a store minimum other than 1.00', async () => {
    const c = await newCustomer(s, counter);
    await s.handle.db.updateTable('store').set({ min_amount_cents: 5_00 }).where('id', '=', 1001).execute();
    try {
      expect(await money('purchase', counter, c.id, 4.99)).toMatchObject({ status: Status.AMOUNT_ERROR, min_amount: 5 });
      expect((await money('purchase', counter, c.id, 5)).status).toBe(Status.OK);
    } finally {
      await s.handle.db.updateTable('store').set({ min_amount_cents: 100 }).where('id', '=', 1001).execute();
    }
  });

  it('answers 17 for an unknown or blocked customer', async () => {
    const c = await newCustomer(s, counter);
    await money('purchase', counter, c.id, 20);
    await giveWinnings(s, c.id, 20_00);
    for (const kind of KINDS) expect((await money(kind, counter, 999999, 5)).status).toBe(Status.CUSTOMER_ERROR);
    expect((await s.call('/customer/block', { ...counter, id: c.id, block: 1 })).status).toBe(Status.OK);
    for (const kind of KINDS) expect((await money(kind, counter, c.id, 5)).status, kind).toBe(17);
    expect((await s.call('/customer/block', { ...counter, id: c.id, block: false })).status).toBe(Status.OK);
    for (const kind of KINDS) expect((await money(kind, counter, c.id, 5)).status, kind).toBe(0);
  });

  it('answers 25, 27, 29, 31 while the customer is playing, and works again after a kick', async () => {
    const c = await newCustomer(s, counter);
    await money('purchase', counter, c.id, 20);
    await giveWinnings(s, c.id, 20_00);
    const machine = await seatAtMachine(s, c.id);
    const codes = { purchase: 25, revert: 27, redeem: 29, comps: 31 };
    for (const kind of KINDS) expect((await money(kind, counter, c.id, 5)).status, kind).toBe(codes[kind]);
    expect(await s.call('/customer/kick', { ...counter, id: c.id })).toMatchObject({ status: Status.OK, machine, playing: false });
    for (const kind of KINDS) expect((await money(kind, counter, c.id, 5)).status, kind).toBe(0);
  });

  it('answers 24, 26, 28, 30 before the initial amount, 10 without a drawer, 21 for a viewer', async () => {
    const c = await newCustomer(s, counter);
    const noInit = await openCounter(s, null);
    const codes = { purchase: 24, revert: 26, redeem: 28, comps: 30 };
    for (const kind of KINDS) expect((await money(kind, noInit, c.id, 5)).status, kind).toBe(codes[kind]);

    const noDrawer = await s.login(DEMO_LOGINS.cashier);
    for (const kind of KINDS) expect((await money(kind, noDrawer, c.id, 5)).status, kind).toBe(10);

    const viewer = await s.login(DEMO_LOGINS.boss, 'viewer');
    for (const kind of KINDS) expect((await money(kind, viewer, c.id, 5)).status, kind).toBe(21);
    expect(await balances(s, c.id)).toEqual({ entries: 0, winnings: 0 });
  });

  it('answers 46 with the freeze message when the store is frozen and 45 when the drawer is', async () => {
    const c = await newCustomer(s, counter);
    await freezeStore({ handle: s.handle }, SEED, { storeId: 1001, frozen: true, message: 'Invoice overdue, call us' });
    try {
      for (const kind of KINDS) expect(await money(kind, counter, c.id, 5)).toMatchObject({ status: Status.STORE_FROZEN, freeze_msg: 'Invoice overdue, call us' });
    } finally {
      await freezeStore({ handle: s.handle }, SEED, { storeId: 1001, frozen: false, message: '' });
    }
    const other = await openCounter(s);
    await s.handle.db.updateTable('drawer').set({ frozen: 1 }).where('store_id', '=', 1001).where('number', '=', other.drawer).execute();
    for (const kind of KINDS) expect((await money(kind, other, c.id, 5)).status, kind).toBe(45);
    expect((await money('purchase', counter, c.id, 5)).status).toBe(Status.OK);
  });

  it('answers 32 when store credit or the special comps budget is lacking', async () => {
    const c = await newCustomer(s, counter);
    const { credit, budget } = await storeMoney(s);
    expect((await money('comps', counter, c.id, (budget + 1) / 100)).status).toBe(Status.CREDIT_ERROR);
    await addCredit({ handle: s.handle }, SEED, { storeId: 1001, amount: -(credit - 3_00), note: 'test: drain' });
    try {
      expect((await money('purchase', counter, c.id, 3.01)).status).toBe(Status.CREDIT_ERROR);
      expect((await money('purchase', counter, c.id, 3)).status).toBe(Status.OK);
    } finally {
      await addCredit({ handle: s.handle }, SEED, { storeId: 1001, amount: credit - 3_00, note: 'test: refill' });
    }
    expect(await balances(s, c.id)).toEqual({ entries: 3_00, winnings: 0 });
  });

  it('answers 38 when the drawer lacks the cash and 35 when winnings are short', async () => {
    const small = await openCounter(s, 100);
    const c = await newCustomer(s, small);
    await giveWinnings(s, c.id, 2_000_00);
    expect((await money('redeem', small, c.id, 100.01)).status).toBe(Status.DRAWER_BALANCE_ERROR);
    expect((await money('redeem', small, c.id, 100)).status).toBe(Status.OK);
    const poor = await newCustomer(s, counter);
    await giveWinnings(s, poor.id, 10_00);
    expect(await money('redeem', counter, poor.id, 10.01)).toMatchObject({ status: Status.AMOUNT_ERROR });
    expect(await balances(s, poor.id)).toEqual({ entries: 0, winnings: 10_00 });
  });

  it('refuses a purchase past the hourly limit with the provider message, and reports limits left', async () => {
    const c = await newCustomer(s, counter);
    expect(await s.call('/customer/getDayLimit', { ...counter, id: c.id })).toMatchObject({
      status: Status.OK,
      hourly: { left: 500, total: 500 },
      daily: { left: 2000, total: 2000 },
      weekly: { left: 5000, total: 5000 },
    });
    expect((await money('purchase', counter, c.id, 450)).status).toBe(Status.OK);
    const over = await money('purchase', counter, c.id, 50.01);
    expect(over).toMatchObject({ status: Status.AMOUNT_ERROR, error: PURCHASE_LIMIT_MESSAGE, reason: 'purchase_limit', limit: 'hourly', left: 50 });
    expect((await money('purchase', counter, c.id, 50)).status).toBe(Status.OK);
    // A revert gives the window back.
    expect((await money('revert', counter, c.id, 100)).status).toBe(Status.OK);
    expect(await s.call('/customer/getDayLimit', { ...counter, id: c.id })).toMatchObject({
      hourly: { left: 100, total: 500 },
      daily: { left: 1600, total: 2000 },
    });
    // Special comps are not purchases: no limit applies.
    expect((await money('comps', counter, c.id, 200)).status).toBe(Status.OK);
    // Limit 0 means no limit.
    await s.handle.db.updateTable('store').set({ limit_hourly_cents: 0 }).where('id', '=', 1001).execute();
    try {
      expect(await s.call('/customer/getDayLimit', { ...counter, id: c.id })).toMatchObject({ hourly: { left: null, total: 0 } });
      expect((await money('purchase', counter, c.id, 150)).status).toBe(Status.OK);
    } finally {
      await s.handle.db.updateTable('store').set({ limit_hourly_cents: 500_00 }).where('id', '=', 1001).execute();
    }
    expect(await s.call('/customer/getDayLimit', { ...counter })).toMatchObject({ status: Status.OK, hourly: { left: 500, total: 500 } });
    expect((await s.call('/customer/getDayLimit', { ...counter, id: 999999 })).status).toBe(Status.CUSTOMER_ERROR);
  });

  it('reverts only what the customer bought in this shift and has not played', async () => {
    const c = await newCustomer(s, counter);
    const first = await openCounter(s);
    expect((await money('purchase', first, c.id, 100)).status).toBe(Status.OK);
    // Bought at another drawer: not revertable here.
    expect(await money('revert', counter, c.id, 1)).toMatchObject({ status: Status.AMOUNT_ERROR, revertable: 0 });
    expect((await money('purchase', counter, c.id, 50)).status).toBe(Status.OK);
    expect((await s.call('/customer/info', { ...counter, type: 'id', rule: String(c.id) })).revertable).toBe(50);
    await playEntries(s, c.id, 120_00); // 150 bought, 120 played: 30 entries left
    expect(await money('revert', counter, c.id, 30.01)).toMatchObject({ status: Status.AMOUNT_ERROR, revertable: 30 });
    expect((await money('revert', counter, c.id, 20)).status).toBe(Status.OK);
    expect(await money('revert', counter, c.id, 10.01)).toMatchObject({ status: Status.AMOUNT_ERROR, revertable: 10 });
    expect((await money('revert', counter, c.id, 10)).status).toBe(Status.OK);
    expect(await balances(s, c.id)).toEqual({ entries: 0, winnings: 0 });
    // Revertable = min(entries, bought in this shift − reverted in it): comps raise entries, never the purchases.
    expect((await money('comps', counter, c.id, 40)).status).toBe(Status.OK);
    expect(await money('revert', counter, c.id, 20.01)).toMatchObject({ status: Status.AMOUNT_ERROR, revertable: 20 });
    expect((await money('revert', counter, c.id, 20)).status).toBe(Status.OK);
    expect(await money('revert', counter, c.id, 1)).toMatchObject({ status: Status.AMOUNT_ERROR, revertable: 0 });
    expect(await balances(s, c.id)).toEqual({ entries: 20_00, winnings: 0 });
    // Once the shift is closed, nothing bought in it can be reverted any more.
    expect((await money('purchase', first, c.id, 10)).status).toBe(Status.OK);
    expect((await s.call('/drawer/shift', { ...first })).status).toBe(Status.OK);
    expect((await money('revert', first, c.id, 10)).status).toBe(Status.SHIFT_ERROR);
  });

  it('concurrent reverts never take back more than was bought in the shift', async () => {
    const at = await openCounter(s);
    const c = await newCustomer(s, at);
    expect((await money('purchase', at, c.id, 100)).status).toBe(Status.OK);
    const keys = await Promise.all(Array.from({ length: 30 }, () => s.key()));
    const replies = await Promise.all(keys.map((k) => money('revert', at, c.id, 7, k)));
    expect(replies.filter((r) => r.status === 0)).toHaveLength(14);
    expect(replies.filter((r) => r.status !== 0).every((r) => r.status === 35)).toBe(true);
    expect(await balances(s, c.id)).toEqual({ entries: 2_00, winnings: 0 });
  });

  it('applies a key once: the same key twice, and twenty times at once', async () => {
    const c = await newCustomer(s, counter);
    const key = await s.key();
    expect((await money('purchase', counter, c.id, 10, key)).status).toBe(Status.OK);
    const before = { c: await balances(s, c.id), d: await drawerBalance(s, counter), st: await storeMoney(s) };
    expect((await money('purchase', counter, c.id, 10, key)).status).toBe(Status.KEY_ERROR);
    expect((await money('redeem', counter, c.id, 10, key)).status).toBe(Status.KEY_ERROR);
    expect({ c: await balances(s, c.id), d: await drawerBalance(s, counter), st: await storeMoney(s) }).toEqual(before);

    const once = await s.key();
    const replies = await Promise.all(Array.from({ length: 20 }, () => money('purchase', counter, c.id, 10, once)));
    expect(replies.filter((r) => r.status === 0)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 12)).toHaveLength(19);
    expect(await balances(s, c.id)).toEqual({ entries: 20_00, winnings: 0 });
    expect(await drawerBalance(s, counter)).toBe(before.d + 10_00);

    // A refused call leaves its key usable for the corrected retry.
    const retry = await s.key();
    expect((await money('purchase', counter, c.id, 0.5, retry)).status).toBe(Status.AMOUNT_ERROR);
    expect((await money('purchase', counter, c.id, 5, retry)).status).toBe(Status.OK);
    expect((await money('purchase', counter, c.id, 5, 'never-issued-key')).status).toBe(Status.KEY_ERROR);
  });

  it('100 concurrent redeems of 10.00 against 500.00 of winnings: exactly 50 succeed', async () => {
    const at = await openCounter(s, 10_000);
    const c = await newCustomer(s, at);
    await giveWinnings(s, c.id, 500_00);
    const drawer0 = await drawerBalance(s, at);
    const credit0 = (await storeMoney(s)).credit;
    const keys = await Promise.all(Array.from({ length: 100 }, () => s.key()));
    const replies = await Promise.all(keys.map((k) => money('redeem', at, c.id, 10, k)));
    expect(replies.filter((r) => r.status === 0)).toHaveLength(50);
    expect(replies.filter((r) => r.status !== 0).every((r) => r.status === 35)).toBe(true);
    expect(await balances(s, c.id)).toEqual({ entries: 0, winnings: 0 });
    expect(await drawerBalance(s, at)).toBe(drawer0 - 500_00);
    expect((await storeMoney(s)).credit).toBe(credit0 + 500_00);
    // Every success reported the balances as they were right after it: all distinct, down to 0.
    const winnings = replies.filter((r) => r.status === 0).map((r) => r.winnings as number).sort((a, b) => a - b);
    expect(winnings).toEqual(Array.from({ length: 50 }, (_, i) => i * 10));
  });

  it('concurrent purchases from two drawers on one customer never exceed the hourly limit', async () => {
    const boss = await s.loginAt(2, DEMO_LOGINS.boss);
    const cashier = await s.loginAt(1, DEMO_LOGINS.cashier);
    for (const who of [boss, cashier]) expect((await s.call('/drawer/init', { ...who, amount: 100, key: await s.key() })).status).toBe(Status.OK);
    const c = await newCustomer(s, counter);
    const keys = await Promise.all(Array.from({ length: 40 }, () => s.key()));
    const replies = await Promise.all(keys.map((k, i) => money('purchase', i % 2 ? boss : cashier, c.id, 30, k)));
    const ok = replies.filter((r) => r.status === 0).length;
    expect(ok).toBe(16); // 16 × 30 = 480 ≤ 500 < 510
    expect(replies.filter((r) => r.status !== 0).every((r) => r.status === 35 && r.error === PURCHASE_LIMIT_MESSAGE)).toBe(true);
    expect(await balances(s, c.id)).toEqual({ entries: 480_00, winnings: 0 });
    const drawers = (await drawerBalance(s, boss)) + (await drawerBalance(s, cashier));
    expect(drawers).toBe(200_00 + 480_00);
  });

  it('mixed concurrent money calls from several drawers keep every balance equal to the ledger', async () => {
    const counters = [await openCounter(s, 2000), await openCounter(s, 2000), await openCounter(s, 2000)];
    const customers = [await newCustomer(s, counter), await newCustomer(s, counter)];
    for (const c of customers) {
      await giveWinnings(s, c.id, 300_00);
      expect((await money('purchase', counters[0]!, c.id, 100)).status).toBe(Status.OK);
    }
    const ops = Array.from({ length: 60 }, (_, i) => ({
      kind: KINDS[i % 4]!,
      who: counters[i % 3]!,
      c: customers[i % 2]!,
      amount: 5 + (i % 7),
    }));
    const keys = await Promise.all(ops.map(() => s.key()));
    const replies = await Promise.all(ops.map((o, i) => money(o.kind, o.who, o.c.id, o.amount, keys[i])));
    expect(replies.every((r) => [0, 35].includes(r.status))).toBe(true);
  });

  it('a boss at a drawer serves customers like a cashier', async () => {
    const boss = await openCounter(s, 100, { saType: SaType.BOSS });
    const c = await newCustomer(s, counter);
    expect((await money('purchase', boss, c.id, 10)).status).toBe(Status.OK);
  });
}, { verifyEach: true });
