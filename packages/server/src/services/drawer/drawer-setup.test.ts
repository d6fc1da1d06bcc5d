import { SaType, cents, Status } from '@moneybox/contract';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { DEMO_KIOSK, DEMO_LOGINS } from '../../cli/seed/seed.js';
import { createAccount, createStore } from '../operator/operator.service.js';
import { describeOnDatabases } from '../../testing/server.js';
import { cash, drawerId, info, newCashier, openCounter, setBlindCount, takeDrawer } from '../../testing/drawer-kit.js';
import { SEED } from '../audit/audit.js';

interface Item {
  id: number;
  number: number;
  status: string;
  freeze: boolean;
  account: string | null;
}

describeOnDatabases('drawer setup: freeze, create, setup list', (s) => {
  let boss: { UID: number; TOKEN: string };
  beforeAll(async () => {
    await setBlindCount(s, false); // a cashier's own drawer info is read with its balance (blind-count.test.ts)
    boss = await s.login(DEMO_LOGINS.boss, 'viewer');
  });
  afterEach(() => s.verify());

  const drawers = async () => (await s.call('/drawer/list', { kioskID: DEMO_KIOSK })).list as Item[];
  const freeze = (id: number, value: unknown, who = boss) => s.call('/drawer/freeze', { UID: who.UID, TOKEN: who.TOKEN, id, freeze: value });

  it('freezes a drawer: refused at login (45), shown frozen, refuses init (45); unfreeze restores it', async () => {
    const id = await drawerId(s, 3);
    const r = await freeze(id, true);
    expect(r).toMatchObject({ status: Status.OK, drawer: { id, number: 3, status: 'frozen', freeze: true } });
    expect((await drawers()).find((d) => d.id === id)).toMatchObject({ status: 'frozen', freeze: true });
    const cashier = await s.login(await newCashier(s));
    expect((await s.call('/user/chooseDrawer', { UID: cashier.UID, TOKEN: cashier.TOKEN, moneybox: 3 })).status).toBe(Status.DRAWER_FROZEN);
    expect(await freeze(id, '0')).toMatchObject({ status: Status.OK, drawer: { status: 'available', freeze: false } });
    const c = await takeDrawer(s, 3, await newCashier(s));
    // Frozen while the cashier holds it: the money calls stop, the shift can still be closed.
    expect((await freeze(id, 1)).status).toBe(Status.OK);
    expect((await s.call('/drawer/init', { UID: c.UID, TOKEN: c.TOKEN, amount: 10, key: await s.key() })).status).toBe(Status.DRAWER_FROZEN);
    expect((await drawers()).find((d) => d.id === id)!.status).toBe('frozen');
    expect((await s.call('/drawer/shift', { UID: c.UID, TOKEN: c.TOKEN })).status).toBe(Status.OK);
    expect((await freeze(id, 'false')).status).toBe(Status.OK);
  });

  it('freeze is boss only (21), for drawers of the caller store (33), with a yes/no flag (13)', async () => {
    const c = await openCounter(s, 1);
    const one = await drawerId(s, 1);
    expect((await freeze(one, true, c)).status).toBe(Status.PERMISSION_ERROR);
    expect((await freeze(999999, true)).status).toBe(Status.DRAWER_ERROR);
    expect((await freeze(one, 'maybe')).status).toBe(Status.INPUT_ERROR);
    expect((await freeze(one, undefined)).status).toBe(Status.INPUT_ERROR);
    await createStore({ handle: s.handle }, SEED, {
      id: 2002, name: 'Other Arcade', timezone: 'UTC', credit: cents(0), compsBudget: cents(0), maxDrawers: 2, maxMachines: 1,
      limitDay: 31, limitHourly: cents(0), limitDaily: cents(0), limitWeekly: cents(0), drawers: 1,
    });
    const foreign = ((await s.call('/drawer/list', { kioskID: 2002 })).list as Item[])[0]!;
    expect((await freeze(foreign.id, true)).status).toBe(Status.DRAWER_ERROR);
    expect(((await s.call('/drawer/list', { kioskID: 2002 })).list as Item[])[0]!.freeze).toBe(false);
    expect((await info(s, boss, { id: foreign.id })).status).toBe(Status.DRAWER_ERROR);
    expect((await s.call('/drawer/shift', { UID: c.UID, TOKEN: c.TOKEN })).status).toBe(Status.OK);
  });

  it('shows a boss any drawer by id and a cashier only their own (21)', async () => {
    const c = await openCounter(s, 1, 75);
    const one = await drawerId(s, 1);
    const two = await drawerId(s, 2);
    expect(await info(s, c, { id: one })).toMatchObject({ status: Status.OK, moneybox: 1, balance: 75 });
    expect((await info(s, c, { id: two })).status).toBe(Status.PERMISSION_ERROR);
    expect(await info(s, boss, { id: two })).toMatchObject({ status: Status.OK, moneybox: 2, shift_id: null, account: null, initAmount: false, balance: 0 });
    expect((await info(s, boss, { id: 'x' })).status).toBe(Status.INPUT_ERROR);
    expect((await s.call('/drawer/shift', { UID: c.UID, TOKEN: c.TOKEN })).status).toBe(Status.OK);
  });

  it('lists drawers for setup with their open shift (boss only) and the store maximum', async () => {
    const c = await openCounter(s, 2, 120);
    await cash(s, 'fills', c, 30);
    const cashier = await s.call('/drawer/setupList', { UID: c.UID, TOKEN: c.TOKEN });
    expect(cashier.status).toBe(Status.PERMISSION_ERROR);
    const r = await s.call('/drawer/setupList', { UID: boss.UID, TOKEN: boss.TOKEN });
    expect(r).toMatchObject({ status: Status.OK, max_drawers: 5 });
    const list = r.list as Array<Item & { shift_id: number | null; initAmount: boolean; balance: number | null; shiftStart: string | null }>;
    expect(list.map((d) => d.number)).toEqual([1, 2, 3]);
    expect(list[1]).toMatchObject({ number: 2, status: 'occupied', shift_id: c.shift_id, initAmount: true, balance: 150 });
    expect(typeof list[1]!.shiftStart).toBe('string');
    expect(list[0]).toMatchObject({ status: 'available', shift_id: null, balance: null, initAmount: false });
    expect((await s.call('/drawer/shift', { UID: c.UID, TOKEN: c.TOKEN })).status).toBe(Status.OK);
  });

  it('creates drawers up to the store maximum, then 15; cashiers get 21', async () => {
    const c = await s.login(await newCashier(s));
    expect((await s.call('/drawer/create', { UID: c.UID, TOKEN: c.TOKEN })).status).toBe(Status.PERMISSION_ERROR);
    const four = await s.call('/drawer/create', { UID: boss.UID, TOKEN: boss.TOKEN });
    expect(four).toMatchObject({ status: Status.OK, drawer: { number: 4, status: 'available', freeze: false, account: null } });
    expect(typeof (four.drawer as { createTime: string }).createTime).toBe('string');
    expect((await s.call('/drawer/create', { UID: boss.UID, TOKEN: boss.TOKEN })).drawer).toMatchObject({ number: 5 });
    expect((await s.call('/drawer/create', { UID: boss.UID, TOKEN: boss.TOKEN })).status).toBe(Status.DRAWER_LIMIT_REACHED);
    expect((await drawers()).map((d) => d.number)).toEqual([1, 2, 3, 4, 5]);
    // The new drawer is usable at login.
    const taken = await takeDrawer(s, 5, await newCashier(s));
    expect((await info(s, taken)).moneybox).toBe(5);
    expect((await s.call('/drawer/shift', { UID: taken.UID, TOKEN: taken.TOKEN })).status).toBe(Status.OK);
  });

  it('never passes the maximum when bosses create at once', async () => {
    await createStore({ handle: s.handle }, SEED, {
      id: 3003, name: 'Race Arcade', timezone: 'UTC', credit: cents(0), compsBudget: cents(0), maxDrawers: 5, maxMachines: 1,
      limitDay: 31, limitHourly: cents(0), limitDaily: cents(0), limitWeekly: cents(0), drawers: 1,
    });
    await createAccount({ handle: s.handle }, SEED, { storeId: 3003, username: 'raceboss1', password: 'boss1234', saType: SaType.BOSS });
    const other = await s.call('/user/posLogin', { mode: 'viewer', username: 'raceboss1', password: 'boss1234' });
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => s.call('/drawer/create', { UID: other.uid, TOKEN: other.token })),
    );
    const ok = replies.filter((r) => r.status === 0);
    expect(ok).toHaveLength(4);
    expect(replies.filter((r) => r.status === 15)).toHaveLength(8);
    expect(ok.map((r) => (r.drawer as Item).number).sort()).toEqual([2, 3, 4, 5]);
    const list = (await s.call('/drawer/list', { kioskID: 3003 })).list as Item[];
    expect(list.map((d) => d.number)).toEqual([1, 2, 3, 4, 5]);
    // The demo store is untouched by another store's boss.
    expect((await drawers()).length).toBe(5);
  });

  it('hands one drawer to exactly one of many cashiers choosing it at once', async () => {
    const who = await Promise.all(Array.from({ length: 6 }, () => newCashier(s)));
    const sessions = await Promise.all(who.map((w) => s.login(w)));
    const replies = await Promise.all(sessions.map((x) => s.call('/user/chooseDrawer', { UID: x.UID, TOKEN: x.TOKEN, moneybox: 1 })));
    expect(replies.filter((r) => r.status === 0)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 4)).toHaveLength(5);
    const winner = sessions[replies.findIndex((r) => r.status === 0)]!;
    expect((await s.call('/drawer/shift', { UID: winner.UID, TOKEN: winner.TOKEN })).status).toBe(Status.OK);
  });
});
