import { SaType, Status, cents } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_KIOSK, DEMO_LOGINS } from '../../cli/seed/seed.js';
import { createAccount, createStore } from '../operator/operator.service.js';
import { describeOnDatabases, type Body } from '../../testing/server.js';
import { SEED } from '../audit/audit.js';

type S = { UID: number; TOKEN: string };
interface User {
  id: number;
  account: string;
  type: string;
  status: string;
  saType: number;
  self: boolean;
  moneybox: number | null;
  kid: number;
  storename: string;
  permission: string[];
}

describeOnDatabases('Account Setting: /user/list|create|update|disable|remove|unlock', (s) => {
  let boss: S;
  let n = 0;
  const name = (prefix = 'staff') => `${prefix}${String(++n).padStart(4, '0')}`;
  beforeAll(async () => {
    boss = await s.loginAt(3, DEMO_LOGINS.boss);
  });

  const as = (who: S, body: Body = {}) => ({ UID: who.UID, TOKEN: who.TOKEN, ...body });
  const list = async (who = boss) => (await s.call('/user/list', as(who))).list as User[];
  const create = (body: Body, who = boss) => s.call('/user/create', as(who, body));
  const newUser = async (saType: number = SaType.CASHIER, password = 'pass1234') => {
    const username = name();
    const r = await create({ username, password, saType });
    expect(r.status).toBe(Status.OK);
    return { ...(r.user as User), username, password };
  };
  const login = (u: { username: string; password: string }, mode: 'pos' | 'viewer' = 'pos') =>
    s.call('/user/posLogin', { mode, username: u.username, password: u.password, kiosk_id: DEMO_KIOSK });

  it("lists the store's staff with the administrator labels", async () => {
    const rows = await list();
    const me = rows.find((u) => u.account === 'boss01')!;
    expect(me).toMatchObject({ type: 'boss', status: 'enabled', saType: 1, self: true, kid: DEMO_KIOSK, storename: 'Demo Arcade', moneybox: 3 });
    expect(me.permission).toContain('/SystemSetup/DrawerSetup');
    const cashier = rows.find((u) => u.account === 'cashier01')!;
    expect(cashier).toMatchObject({ type: 'cashier', self: false });
    expect(cashier.permission).not.toContain('/SystemSetup/DrawerSetup');
    expect(cashier.permission).toContain('/Drawer');
  });

  it('creates an account by the spec rules: 43, 44, 40, 22 anywhere on the platform, 13 for a bad type', async () => {
    expect((await create({ username: 'short', password: 'pass1234', saType: 2 })).status).toBe(Status.USERNAME_LENGTH);
    expect((await create({ username: 'x'.repeat(21), password: 'pass1234', saType: 2 })).status).toBe(Status.USERNAME_LENGTH);
    expect((await create({ username: name(), password: 'p1', saType: 2 })).status).toBe(Status.PASSWORD_LENGTH);
    expect((await create({ username: name(), password: 'onlyletters', saType: 2 })).status).toBe(Status.PASSWORD_LETTERS_NUMBERS);
    expect((await create({ username: name(), password: 'pass1234', saType: 3 })).status).toBe(Status.INPUT_ERROR);
    expect((await create({ username: 'cashier01', password: 'pass1234', saType: 2 })).status).toBe(Status.ACCOUNT_NAME_REPEATED);
    await createStore({ handle: s.handle }, SEED, {
      id: 4004, name: 'Far Arcade', timezone: 'UTC', credit: cents(0), compsBudget: cents(0), maxDrawers: 2, maxMachines: 1,
      limitDay: 31, limitHourly: cents(0), limitDaily: cents(0), limitWeekly: cents(0), drawers: 1,
    });
    await createAccount({ handle: s.handle }, SEED, { storeId: 4004, username: 'farboss01', password: 'far12345', saType: SaType.BOSS });
    // Another store's name is this store's to give (names are each store's own, migration 032).
    expect(await create({ username: 'farboss01', password: 'pass1234', saType: 2 })).toMatchObject({ status: Status.OK });
    const u = await newUser();
    expect(u).toMatchObject({ type: 'cashier', status: 'enabled', self: false, moneybox: null });
    expect((await login(u)).status).toBe(Status.OK);
    expect((await list()).some((x) => x.id === u.id)).toBe(true);
  });

  it('updates the password and the type; the account is signed out at once (5) and the new password works', async () => {
    const u = await newUser();
    const l = await login(u);
    const session = { UID: l.uid as number, TOKEN: l.token as string };
    expect((await s.call('/user/update', as(boss, { id: u.id, password: 'bad' }))).status).toBe(Status.PASSWORD_LENGTH);
    expect((await s.call('/user/update', as(boss, { id: u.id, password: 'nodigits' }))).status).toBe(Status.PASSWORD_LETTERS_NUMBERS);
    expect((await s.call('/config/localtime', as(session))).status).toBe(Status.OK);
    expect(await s.call('/user/update', as(boss, { id: u.id, password: 'newpass99' }))).toMatchObject({ status: Status.OK, user: { id: u.id } });
    expect((await s.call('/config/localtime', as(session))).status).toBe(Status.SESSION_REPLACED);
    expect((await login(u)).status).toBe(Status.WRONG_PASSWORD);
    const again = await login({ username: u.username, password: 'newpass99' });
    expect(again.status).toBe(Status.OK);
    expect(await s.call('/user/update', as(boss, { id: u.id, saType: 1 }))).toMatchObject({ status: Status.OK, user: { type: 'boss', saType: 1 } });
    expect((await s.call('/config/localtime', { UID: again.uid, TOKEN: again.token })).status).toBe(Status.SESSION_REPLACED);
    expect((await login({ username: u.username, password: 'newpass99' }, 'viewer')).status).toBe(Status.OK);
  });

  it('disables and enables: a disabled account is signed out at once and cannot log in (2); enabled again it can', async () => {
    const u = await newUser();
    const l = await login(u);
    expect(await s.call('/user/disable', as(boss, { id: u.id, disable: 1 }))).toMatchObject({ status: Status.OK, user: { status: 'disabled' } });
    expect((await s.call('/config/localtime', { UID: l.uid, TOKEN: l.token })).status).toBe(Status.SESSION_REPLACED);
    expect((await login(u)).status).toBe(Status.LOGIN_INCORRECT);
    expect(await s.call('/user/disable', as(boss, { id: u.id, disable: false }))).toMatchObject({ status: Status.OK, user: { status: 'enabled' } });
    expect((await login(u)).status).toBe(Status.OK);
  });

  it('removes an account: 23 while it holds a drawer; then gone from the list, never logs in, name kept in reports and taken', async () => {
    const u = await newUser();
    const l = await login(u);
    const session = { UID: l.uid as number, TOKEN: l.token as string };
    expect((await s.call('/user/chooseDrawer', as(session, { moneybox: 2 }))).status).toBe(Status.OK);
    expect(await s.call('/user/remove', as(boss, { id: u.id }))).toMatchObject({ status: Status.ACCOUNT_IN_DRAWER, error: 'Account currently registered in a money box' });
    const closed = await s.call('/drawer/shift', as(session));
    expect(closed.status).toBe(Status.OK);
    expect(await s.call('/user/remove', as(boss, { id: u.id }))).toMatchObject({ status: Status.OK, id: u.id });
    expect((await s.call('/config/localtime', as(session))).status).toBe(Status.SESSION_REPLACED);
    expect((await list()).some((x) => x.id === u.id)).toBe(false);
    expect((await login(u)).status).toBe(Status.LOGIN_INCORRECT);
    expect((await create({ username: u.username, password: 'pass1234', saType: 2 })).status).toBe(Status.ACCOUNT_NAME_REPEATED);
    // The removed cashier's shift still shows their name.
    const report = await s.call('/drawer/shiftReport', as(boss, { shift_id: closed.shift_id }));
    expect(report).toMatchObject({ status: Status.OK });
    expect(JSON.stringify(report)).toContain(u.username);
    expect((await s.call('/user/remove', as(boss, { id: u.id }))).status).toBe(Status.USER_NOT_FOUND);
  });

  it("never lets a boss remove, disable or demote their own account (21), nor leave the store without a boss, even racing", async () => {
    const me = (await list()).find((u) => u.self)!;
    for (const [path, body] of [['/user/remove', {}], ['/user/disable', { disable: 1 }], ['/user/update', { saType: 2 }]] as const) {
      expect(await s.call(path, as(boss, { id: me.id, ...body }))).toMatchObject({ status: Status.PERMISSION_ERROR, reason: 'self' });
    }
    const activeBosses = async () =>
      (await s.handle.db.selectFrom('account').select('id').where('store_id', '=', DEMO_KIOSK).where('sa_type', '=', 1).where('disabled', '=', 0).where('removed', '=', 0).execute()).map((r) => r.id);
    // Two bosses only, each taking the other away at the same moment: one wins, the store keeps a boss.
    for (const [path, body] of [['/user/update', { saType: 2 }], ['/user/disable', { disable: 1 }], ['/user/remove', {}]] as const) {
      const a = await newUser(SaType.BOSS, 'boss5678');
      const b = await newUser(SaType.BOSS, 'boss5678');
      // Only a and b are enabled bosses now.
      await s.handle.db.updateTable('account').set({ disabled: 1 }).where('store_id', '=', DEMO_KIOSK).where('sa_type', '=', 1).where('id', 'not in', [a.id, b.id]).execute();
      const la = await login(a);
      const lb = await login(b);
      const [ra, rb] = await Promise.all([
        s.call(path, { UID: la.uid, TOKEN: la.token, id: b.id, ...body }),
        s.call(path, { UID: lb.uid, TOKEN: lb.token, id: a.id, ...body }),
      ]);
      const statuses = [ra.status, rb.status].sort((x, y) => x - y);
      expect(statuses[0]).toBe(0);
      expect([Status.PERMISSION_ERROR, Status.SESSION_REPLACED]).toContain(statuses[1]);
      if (statuses[1] === Status.PERMISSION_ERROR) expect([ra, rb].find((r) => r.status === 21)).toMatchObject({ reason: 'last_boss' });
      expect((await activeBosses()).length).toBe(1);
      // Put the demo boss back for the next round and the next tests.
      await s.handle.db.updateTable('account').set({ disabled: 0 }).where('id', '=', me.id).execute();
      await s.handle.db.updateTable('account').set({ disabled: 1 }).where('id', 'in', [a.id, b.id]).execute();
    }
    boss = await s.loginAt(3, DEMO_LOGINS.boss);
  });

  it('unlocks an account locked by failed logins (41 before, 0 after)', async () => {
    const u = await newUser();
    for (let i = 0; i < 5; i++) await login({ username: u.username, password: 'wrong123' });
    expect((await login(u)).status).toBe(Status.ACCOUNT_LOCKED);
    expect((await list()).find((x) => x.id === u.id)!.status).toBe('locked');
    expect(await s.call('/user/unlock', as(boss, { id: u.id }))).toMatchObject({ status: Status.OK, user: { status: 'enabled' } });
    expect((await login(u)).status).toBe(Status.OK);
  });

  it('keeps stores apart: a boss of another store can neither list nor touch these accounts, whatever ids it sends', async () => {
    const u = await newUser();
    const far = await s.call('/user/posLogin', { mode: 'pos', username: 'farboss01', password: 'far12345', kiosk_id: 4004 });
    const farBoss = { UID: far.uid as number, TOKEN: far.token as string };
    const farList = await list(farBoss);
    expect(farList.map((x) => x.account)).toEqual(['farboss01']);
    for (const [path, body] of [['/user/update', { saType: 1 }], ['/user/update', { password: 'hack1234' }], ['/user/disable', { disable: 1 }], ['/user/remove', {}], ['/user/unlock', {}]] as const) {
      expect((await s.call(path, as(farBoss, { id: u.id, ...body }))).status).toBe(Status.USER_NOT_FOUND);
    }
    expect((await list()).find((x) => x.id === u.id)).toMatchObject({ status: 'enabled', type: 'cashier' });
    expect((await login(u)).status).toBe(Status.OK);
  });

  it('lets a cashier do none of it (21) and a viewer boss only look', async () => {
    const u = await newUser();
    const c = await login(u);
    const cashier = { UID: c.uid as number, TOKEN: c.token as string };
    expect((await s.call('/user/list', as(cashier))).status).toBe(Status.PERMISSION_ERROR);
    expect((await create({ username: name(), password: 'pass1234', saType: 2 }, cashier)).status).toBe(Status.PERMISSION_ERROR);
    const viewer = await login(DEMO_LOGINS.boss, 'viewer');
    const v = { UID: viewer.uid as number, TOKEN: viewer.token as string };
    expect((await s.call('/user/list', as(v))).status).toBe(Status.OK);
    expect((await s.call('/user/disable', as(v, { id: u.id, disable: 1 }))).status).toBe(Status.PERMISSION_ERROR);
    boss = await s.loginAt(3, DEMO_LOGINS.boss);
  });
});
