import { Status } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../testing/server.js';
import { setBlindCount } from '../../testing/drawer-kit.js';

/**
 * The foundation's drawer journey as the login page and logout drive it:
 * list → login → chooseDrawer → init (once, with a key) → shift close.
 */
describeOnDatabases('drawer list, init and shift close', (s) => {
  // The cashier's replies are checked with the drawer's balance: no blind count (blind-count.test.ts).
  beforeAll(() => setBlindCount(s, false));
  const ledgerRows = async () => (await s.handle.db.selectFrom('ledger').select('id').execute()).length;
  const storeCredit = async () =>
    (await s.handle.db.selectFrom('store').select('credit_cents').where('id', '=', 1001).executeTakeFirstOrThrow()).credit_cents;


  it('/drawer/list answers 1 for an unknown kiosk and 13 without a kiosk id', async () => {
    expect(await s.call('/drawer/list', { kioskID: 424242 })).toMatchObject({ status: Status.KIOSK_CLOSED, error: 'Kiosk closed' });
    expect((await s.call('/drawer/list', {})).status).toBe(Status.INPUT_ERROR);
    expect((await s.call('/drawer/list', { kioskID: 'abc' })).status).toBe(Status.INPUT_ERROR);
  });

  it('/drawer/list shows every drawer of the kiosk as available, with its fields', async () => {
    const r = await s.call('/drawer/list', { kioskID: '1001' });
    expect(r).toMatchObject({ status: Status.OK, storename: 'Demo Arcade' });
    const list = r.list as Array<Record<string, unknown>>;
    expect(list.map((d) => d.number)).toEqual([1, 2, 3]);
    for (const d of list) {
      expect(d).toMatchObject({ status: 'available', freeze: false, account: null, id: expect.any(Number), createTime: expect.any(String) });
      expect(d).toHaveProperty('lastLogin');
    }
  });

  it('/drawer/init sets the initial amount once (11 the second time) and /drawer/shift returns the numbers', async () => {
    const me = await s.loginAt(1);
    const creditBefore = await storeCredit();
    const init = await s.call('/drawer/init', { ...me, amount: 150.25, key: await s.key() });
    expect(init).toMatchObject({ status: Status.OK, initial_amount: 150.25, balance: 150.25 });
    expect(await s.call('/drawer/init', { ...me, amount: 10, key: await s.key() })).toMatchObject({ status: Status.DRAWER_STATE_ERROR, error: 'Money box state error' });

    // A new login on the same drawer sees initAmount true.
    const again = await s.login();
    const resumed = await s.call('/user/chooseDrawer', { UID: again.UID, TOKEN: again.TOKEN, moneybox: 1 });
    expect(resumed).toMatchObject({ status: Status.OK, initAmount: true });

    const closed = await s.call('/drawer/shift', { UID: again.UID, TOKEN: again.TOKEN });
    expect(closed).toMatchObject({
      status: Status.OK,
      moneybox: 1,
      account: 'cashier01',
      initial_amount: 150.25,
      fills: 0,
      bleeds: 0,
      purchases: 0,
      redeems: 0,
      comps: 0,
      special_comps: 0,
      balance: 150.25,
      createTime: expect.any(String),
      shiftTime: expect.any(String),
    });
    expect(Date.parse(closed.shiftTime as string)).toBeGreaterThanOrEqual(Date.parse(closed.createTime as string));
    // The opening float is cash counted into the drawer, not credit taken from the store.
    expect(await storeCredit()).toBe(creditBefore);
    // The shift is closed: a second close is 10 and the drawer is available again.
    expect((await s.call('/drawer/shift', { UID: again.UID, TOKEN: again.TOKEN })).status).toBe(Status.SHIFT_ERROR);
    const list = (await s.call('/drawer/list', { kioskID: 1001 })).list as Array<{ number: number; status: string }>;
    expect(list.find((d) => d.number === 1)?.status).toBe('available');
    await s.verify();
  });

  it('/drawer/init answers 16 above the store credit, and the key stays usable for the corrected retry', async () => {
    const me = await s.loginAt(2);
    const credit = await storeCredit();
    const key = await s.key();
    const rows = await ledgerRows();
    expect(await s.call('/drawer/init', { ...me, amount: credit / 100 + 0.01, key })).toMatchObject({ status: Status.INITIAL_OVER_CREDIT });
    expect(await ledgerRows()).toBe(rows);
    expect((await s.call('/drawer/init', { ...me, amount: credit / 100, key })).status).toBe(Status.OK);
    expect((await s.call('/drawer/shift', me)).status).toBe(Status.OK);
    await s.verify();
  });

  it('/drawer/init with a reused key answers 12 and changes nothing', async () => {
    const me = await s.loginAt(3);
    const key = await s.key();
    expect((await s.call('/drawer/init', { ...me, amount: 20, key })).status).toBe(Status.OK);
    const rows = await ledgerRows();
    const shift = await s.handle.db.selectFrom('shift').selectAll().where('account_id', '=', me.UID).where('ended_at', 'is', null).executeTakeFirstOrThrow();
    // The same key again: 12 before anything else (not 11), nothing changes.
    expect((await s.call('/drawer/init', { ...me, amount: 99, key })).status).toBe(Status.KEY_ERROR);
    expect(await ledgerRows()).toBe(rows);
    expect(await s.handle.db.selectFrom('shift').selectAll().where('id', '=', shift.id).executeTakeFirstOrThrow()).toEqual(shift);
    expect((await s.call('/drawer/shift', me)).status).toBe(Status.OK);
    await s.verify();
  });

  it('applies a key once when 10 inits carry it at the same moment', async () => {
    const me = await s.loginAt(1);
    const key = await s.key();
    const rows = await ledgerRows();
    const replies = await Promise.all(Array.from({ length: 10 }, () => s.call('/drawer/init', { ...me, amount: 40, key })));
    expect(replies.map((r) => r.status).sort((a, b) => a - b)).toEqual([0, 12, 12, 12, 12, 12, 12, 12, 12, 12]);
    expect(await ledgerRows()).toBe(rows + 1);
    const closed = await s.call('/drawer/shift', me);
    expect(closed).toMatchObject({ initial_amount: 40, balance: 40 });
    await s.verify();
  });

  it('sets the initial amount once when 10 inits with different keys race', async () => {
    const me = await s.loginAt(2);
    const keys = await Promise.all(Array.from({ length: 10 }, () => s.key()));
    const rows = await ledgerRows();
    const replies = await Promise.all(keys.map((key, i) => s.call('/drawer/init', { ...me, amount: 10 + i, key })));
    expect(replies.map((r) => r.status).sort((a, b) => a - b)).toEqual([0, 11, 11, 11, 11, 11, 11, 11, 11, 11]);
    expect(await ledgerRows()).toBe(rows + 1);
    const won = replies.find((r) => r.status === 0)!;
    expect(await s.call('/drawer/shift', me)).toMatchObject({ initial_amount: won.initial_amount, balance: won.initial_amount });
    // The keys of the refused calls were rolled back with them: still usable.
    const unused = keys.filter((_, i) => replies[i]!.status !== 0);
    const used = await s.handle.db.selectFrom('one_time_key').select('key').where('key', 'in', unused).where('used_at', 'is not', null).execute();
    expect(used).toHaveLength(0);
    await s.verify();
  });

  it('/drawer/init and /drawer/shift answer 10 without an open shift and 21 for a viewer', async () => {
    const me = await s.login();
    expect((await s.call('/drawer/init', { UID: me.UID, TOKEN: me.TOKEN, amount: 5, key: await s.key() })).status).toBe(Status.SHIFT_ERROR);
    expect((await s.call('/drawer/shift', { UID: me.UID, TOKEN: me.TOKEN })).status).toBe(Status.SHIFT_ERROR);
    const viewer = await s.login({ username: 'boss01', password: 'boss1234' }, 'viewer');
    expect((await s.call('/drawer/init', { UID: viewer.UID, TOKEN: viewer.TOKEN, amount: 5, key: await s.key() })).status).toBe(Status.PERMISSION_ERROR);
  });
});
