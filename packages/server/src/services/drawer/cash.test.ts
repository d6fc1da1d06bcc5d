import { Status } from '@moneybox/contract';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { DEMO_KIOSK, DEMO_LOGINS } from '../../cli/seed/seed.js';
import { freezeStore } from '../operator/operator.service.js';
import { describeOnDatabases } from '../../testing/server.js';
import { cash, counterSale, customerIds, drawerId, info, ledgerSums, newCashier, openCounter, setBlindCount, takeDrawer, type Counter } from '../../testing/drawer-kit.js';
import { SEED } from '../audit/audit.js';

describeOnDatabases('drawer init, fills and bleeds', (s) => {
  // These scenarios read the cashier's expected balance: the store does not ask for a blind count (blind-count.test.ts).
  beforeAll(() => setBlindCount(s, false));
  const open: Counter[] = [];
  // Every scenario leaves its drawer free for the next one (and, verifyEach, the books balanced).
  afterEach(async () => {
    for (const c of open.splice(0)) await s.call('/drawer/shift', { UID: c.UID, TOKEN: c.TOKEN });
  });
  const counter = async (moneybox: number, initial = 200) => {
    const c = await openCounter(s, moneybox, initial);
    open.push(c);
    return c;
  };

  it('moves cash in and out and keeps balance = initial + fills - bleeds + purchases - redeems', async () => {
    const c = await counter(1, 200);
    const fill = await cash(s, 'fills', c, 50.25);
    expect(fill).toMatchObject({ status: Status.OK, shift_id: c.shift_id, amount: 50.25, fills: 50.25, bleeds: 0, balance: 250.25 });
    expect(typeof fill.movement_id).toBe('number');
    expect(await cash(s, 'bleeds', c, '30.10')).toMatchObject({ status: Status.OK, bleeds: 30.1, balance: 220.15 });
    const [alice, bob] = await customerIds(s);
    await counterSale(s, c, 'purchase', 40_00, alice!);
    await counterSale(s, c, 'redeem', 100_00, bob!);
    const live = await info(s, c);
    expect(live).toMatchObject({
      status: Status.OK,
      moneybox: 1,
      shift_id: c.shift_id,
      initAmount: true,
      initial_amount: 200,
      fills: 50.25,
      bleeds: 30.1,
      purchases: 40,
      redeems: 100,
      balance: 160.15,
      freeze: false,
      blind_count: false,
      min_amount: 1,
    });
    const sums = await ledgerSums(s, c.shift_id);
    expect(sums.balance).toBe(sums.initial + sums.fills - sums.bleeds + sums.purchases - sums.redeems);
    expect(sums.balance).toBe(160_15);
  });

  it('never bleeds below zero (38) and a refused bleed changes nothing and leaves its key usable', async () => {
    const c = await counter(1, 20);
    const key = await s.key();
    const r = await cash(s, 'bleeds', c, 20.01, { key });
    expect(r.status).toBe(Status.DRAWER_BALANCE_ERROR);
    expect((await info(s, c)).balance).toBe(20);
    expect(await cash(s, 'bleeds', c, 20, { key })).toMatchObject({ status: Status.OK, balance: 0 });
    expect((await cash(s, 'bleeds', c, 0.01)).status).toBe(Status.DRAWER_BALANCE_ERROR);
  });

  it('requires a reason (13), at most 200 characters, and a positive amount (35) with at most two decimals (13)', async () => {
    const c = await counter(1);
    expect((await cash(s, 'fills', c, 10, { reason: '' })).status).toBe(Status.INPUT_ERROR);
    expect((await cash(s, 'fills', c, 10, { reason: '   ' })).status).toBe(Status.INPUT_ERROR);
    expect((await cash(s, 'bleeds', c, 10, { reason: undefined })).status).toBe(Status.INPUT_ERROR);
    expect((await cash(s, 'fills', c, 10, { reason: 'x'.repeat(201) })).status).toBe(Status.INPUT_ERROR);
    expect((await cash(s, 'fills', c, 10, { reason: 'x'.repeat(200) })).status).toBe(Status.OK);
    expect((await cash(s, 'fills', c, 0)).status).toBe(Status.AMOUNT_ERROR);
    expect((await cash(s, 'bleeds', c, 0)).status).toBe(Status.AMOUNT_ERROR);
    for (const bad of [-5, 1.005, 'NaN', '1e3', null, 1e12]) expect((await cash(s, 'fills', c, bad as number)).status).toBe(Status.INPUT_ERROR);
    expect((await cash(s, 'fills', c, 10, { key: 'not-a-key-we-gave' })).status).toBe(Status.KEY_ERROR);
    expect((await info(s, c)).fills).toBe(10);
  });

  it('refuses a shift that is not the caller open one (10)', async () => {
    const c = await counter(1);
    expect((await cash(s, 'fills', c, 10, { shift_id: c.shift_id + 1000 })).status).toBe(Status.SHIFT_ERROR);
    const other = await counter(2);
    expect((await cash(s, 'bleeds', c, 10, { shift_id: other.shift_id })).status).toBe(Status.SHIFT_ERROR);
    expect((await info(s, other)).bleeds).toBe(0);
  });

  it('needs the initial amount before fills and bleeds (11); init is once per shift (11), not above credit (16)', async () => {
    const c = await takeDrawer(s, 3, await newCashier(s));
    open.push(c);
    expect((await cash(s, 'fills', c, 10)).status).toBe(Status.DRAWER_STATE_ERROR);
    expect((await cash(s, 'bleeds', c, 10)).status).toBe(Status.DRAWER_STATE_ERROR);
    const store = await s.handle.db.selectFrom('store').select('credit_cents').where('id', '=', DEMO_KIOSK).executeTakeFirstOrThrow();
    const overCredit = (Number(store.credit_cents) + 1) / 100;
    const over = await s.call('/drawer/init', { UID: c.UID, TOKEN: c.TOKEN, amount: overCredit, key: await s.key() });
    expect(over.status).toBe(Status.INITIAL_OVER_CREDIT);
    const key = await s.key();
    expect(await s.call('/drawer/init', { UID: c.UID, TOKEN: c.TOKEN, amount: 150, key })).toMatchObject({ status: Status.OK, initial_amount: 150, balance: 150 });
    expect((await s.call('/drawer/init', { UID: c.UID, TOKEN: c.TOKEN, amount: 150, key })).status).toBe(Status.KEY_ERROR);
    expect((await s.call('/drawer/init', { UID: c.UID, TOKEN: c.TOKEN, amount: 10, key: await s.key() })).status).toBe(Status.DRAWER_STATE_ERROR);
    expect(await info(s, c)).toMatchObject({ initAmount: true, initial_amount: 150, balance: 150 });
    expect((await cash(s, 'fills', c, 10)).status).toBe(Status.OK);
  });

  it('refuses money calls on a frozen drawer (45) and in a frozen store (46 with the message)', async () => {
    const c = await counter(2);
    const boss = await s.login(DEMO_LOGINS.boss, 'viewer');
    const two = await drawerId(s, 2);
    expect((await s.call('/drawer/freeze', { UID: boss.UID, TOKEN: boss.TOKEN, id: two, freeze: true })).status).toBe(Status.OK);
    expect((await cash(s, 'fills', c, 10)).status).toBe(Status.DRAWER_FROZEN);
    expect((await cash(s, 'bleeds', c, 10)).status).toBe(Status.DRAWER_FROZEN);
    expect((await info(s, c)).freeze).toBe(true);
    expect((await s.call('/drawer/freeze', { UID: boss.UID, TOKEN: boss.TOKEN, id: two, freeze: 0 })).status).toBe(Status.OK);
    expect((await cash(s, 'fills', c, 10)).status).toBe(Status.OK);

    await freezeStore({ handle: s.handle }, SEED, { storeId: DEMO_KIOSK, frozen: true, message: 'Audit in progress' });
    try {
      expect(await cash(s, 'fills', c, 10)).toMatchObject({ status: Status.STORE_FROZEN, freeze_msg: 'Audit in progress' });
      expect((await cash(s, 'bleeds', c, 10)).status).toBe(Status.STORE_FROZEN);
    } finally {
      await freezeStore({ handle: s.handle }, SEED, { storeId: DEMO_KIOSK, frozen: false, message: '' });
    }
    expect((await info(s, c)).fills).toBe(10);
  });

  it('refuses a boss in viewer mode (21) but shows the drawers', async () => {
    const c = await counter(1);
    const boss = await s.login(DEMO_LOGINS.boss, 'viewer');
    const asBoss = { ...c, UID: boss.UID, TOKEN: boss.TOKEN };
    expect((await cash(s, 'fills', asBoss, 10)).status).toBe(Status.PERMISSION_ERROR);
    expect((await cash(s, 'bleeds', asBoss, 10)).status).toBe(Status.PERMISSION_ERROR);
    expect((await s.call('/drawer/init', { UID: boss.UID, TOKEN: boss.TOKEN, amount: 1, key: await s.key() })).status).toBe(Status.PERMISSION_ERROR);
    expect(await info(s, boss, { id: await drawerId(s, 1) })).toMatchObject({ status: Status.OK, moneybox: 1, shift_id: c.shift_id, balance: 200 });
    // The viewer holds no drawer of its own.
    expect((await info(s, boss)).status).toBe(Status.SHIFT_ERROR);
  });

  it('applies a key once: twice in a row, and ten times at once', async () => {
    const c = await counter(1, 100);
    const key = await s.key();
    expect((await cash(s, 'fills', c, 5, { key })).status).toBe(Status.OK);
    expect((await cash(s, 'fills', c, 5, { key })).status).toBe(Status.KEY_ERROR);
    expect((await cash(s, 'bleeds', c, 5, { key })).status).toBe(Status.KEY_ERROR);

    const fillKey = await s.key();
    const fills = await Promise.all(Array.from({ length: 10 }, () => cash(s, 'fills', c, 7, { key: fillKey })));
    expect(fills.filter((r) => r.status === 0)).toHaveLength(1);
    expect(fills.filter((r) => r.status === 12)).toHaveLength(9);
    const bleedKey = await s.key();
    const bleeds = await Promise.all(Array.from({ length: 10 }, () => cash(s, 'bleeds', c, 3, { key: bleedKey })));
    expect(bleeds.filter((r) => r.status === 0)).toHaveLength(1);
    expect(bleeds.filter((r) => r.status === 12)).toHaveLength(9);
    expect(await info(s, c)).toMatchObject({ fills: 12, bleeds: 3, balance: 109 });
  });

  it('lets exactly 20 of 30 concurrent bleeds of 10.00 through against 200.00', async () => {
    const c = await counter(1, 200);
    const keys = await Promise.all(Array.from({ length: 30 }, () => s.key()));
    const replies = await Promise.all(keys.map((key) => cash(s, 'bleeds', c, 10, { key })));
    expect(replies.filter((r) => r.status === 0)).toHaveLength(20);
    expect(replies.filter((r) => r.status === 38)).toHaveLength(10);
    expect(await info(s, c)).toMatchObject({ bleeds: 200, balance: 0 });
    const sums = await ledgerSums(s, c.shift_id);
    expect(sums).toMatchObject({ bleeds: 200_00, balance: 0 });
  });

  it('keeps the formula under a concurrent mix of fills, bleeds, purchases and redeems', async () => {
    const c = await counter(1, 50);
    const [alice, bob, , , eva] = await customerIds(s);
    const jobs: Array<Promise<unknown>> = [];
    for (let i = 0; i < 12; i++) {
      jobs.push(cash(s, 'fills', c, 5));
      jobs.push(cash(s, 'bleeds', c, 9));
      jobs.push(counterSale(s, c, 'purchase', 2_00, alice!));
    }
    jobs.push(counterSale(s, c, 'redeem', 20_00, bob!).catch(() => undefined));
    jobs.push(counterSale(s, c, 'redeem', 45_50, eva!).catch(() => undefined));
    await Promise.all(jobs);
    const live = await info(s, c);
    const sums = await ledgerSums(s, c.shift_id);
    expect(sums.balance).toBe(sums.initial + sums.fills - sums.bleeds + sums.purchases - sums.redeems);
    expect(live).toMatchObject({
      initial_amount: sums.initial / 100,
      fills: sums.fills / 100,
      bleeds: sums.bleeds / 100,
      purchases: sums.purchases / 100,
      redeems: sums.redeems / 100,
      balance: sums.balance / 100,
    });
    expect(live.balance as number).toBeGreaterThanOrEqual(0);
    expect(sums.fills).toBe(60_00);
    expect(sums.purchases).toBe(24_00);
  });

  it('lists the shift movements newest first with kind, amount, reason and paging', async () => {
    const c = await counter(1, 100);
    await cash(s, 'fills', c, 20, { reason: 'change from the bank' });
    await cash(s, 'bleeds', c, 30, { reason: 'safe drop' });
    const [alice] = await customerIds(s);
    await counterSale(s, c, 'purchase', 15_00, alice!);
    const r = await s.call('/drawer/movements', { UID: c.UID, TOKEN: c.TOKEN });
    expect(r).toMatchObject({ status: Status.OK, shift_id: c.shift_id, total: 4, page: 1, limit: 20 });
    const list = r.list as Array<Record<string, unknown>>;
    expect(list.map((m) => m.kind)).toEqual(['purchase', 'bleed', 'fill', 'init']);
    expect(list[0]).toMatchObject({ amount: 15, drawer: 15, customer_id: alice });
    expect(list[1]).toMatchObject({ amount: 30, drawer: -30, note: 'safe drop', customer_id: null });
    expect(list[2]).toMatchObject({ amount: 20, drawer: 20, note: 'change from the bank' });
    expect(typeof list[3]!.time).toBe('string');
    const page2 = await s.call('/drawer/movements', { UID: c.UID, TOKEN: c.TOKEN, page: 2, limit: 3 });
    expect((page2.list as Array<{ kind: string }>).map((m) => m.kind)).toEqual(['init']);
    // A cashier sees only their own shifts.
    const other = await counter(2);
    expect((await s.call('/drawer/movements', { UID: other.UID, TOKEN: other.TOKEN, shift_id: c.shift_id })).status).toBe(Status.PERMISSION_ERROR);
    const boss = await s.login(DEMO_LOGINS.boss, 'viewer');
    expect((await s.call('/drawer/movements', { UID: boss.UID, TOKEN: boss.TOKEN, shift_id: c.shift_id })).total).toBe(4);
    expect((await s.call('/drawer/movements', { UID: boss.UID, TOKEN: boss.TOKEN, shift_id: 999999 })).status).toBe(Status.SHIFT_ERROR);
  });
}, { verifyEach: true });
