import { SaType, Status } from '@moneybox/contract';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main.js';
import { createAccount, createStore, freezeStore } from '../operator/operator.service.js';
import { dialects } from '../../testing/databases.js';
import { describeOnDatabases, withTestServer } from '../../testing/server.js';
import { SEED } from '../audit/audit.js';

const pos = (username: string, password: string, extra: Record<string, unknown> = {}) => ({ mode: 'pos', username, password, ...extra });

describeOnDatabases('posLogin and chooseDrawer', (s) => {

  it('logs a cashier in and hands out a drawer with a new shift', async () => {
    const login = await s.login();
    expect(login).toMatchObject({ status: Status.OK, saType: 2, account: 'cashier01', kid: 1001, moneybox: -1 });
    expect(login.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const r = await s.call('/user/chooseDrawer', { UID: login.UID, TOKEN: login.TOKEN, moneybox: 2 });
    expect(r).toMatchObject({ status: Status.OK, moneybox: 2, kid: 1001, storename: 'Demo Arcade', initAmount: false });
    const list = await s.call('/drawer/list', { kioskID: 1001 });
    const two = (list.list as Array<{ number: number; status: string; account: string }>).find((d) => d.number === 2);
    expect(two).toMatchObject({ status: 'occupied', account: 'cashier01' });
  });

  it('stores the session token only as a hash', async () => {
    const login = await s.login({ username: 'boss01', password: 'boss1234' }, 'viewer');
    const rows = await s.handle.db.selectFrom('session').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === login.TOKEN)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('answers 2 for an unknown user, a wrong kiosk id and a disabled account, with the same message', async () => {
    const unknown = await s.call('/user/posLogin', pos('nobody01', 'cash1234'));
    expect(unknown).toMatchObject({ status: Status.LOGIN_INCORRECT, error: 'Account or password incorrect, may be locked' });
    const wrongKiosk = await s.call('/user/posLogin', pos('cashier01', 'cash1234', { kiosk_id: 9999 }));
    expect(wrongKiosk).toMatchObject({ status: Status.LOGIN_INCORRECT, error: unknown.error });
    expect(wrongKiosk).not.toHaveProperty('token');

    await createAccount({ handle: s.handle }, SEED, { storeId: 1001, username: 'disabled01', password: 'pass1234', saType: SaType.CASHIER });
    await s.handle.db.updateTable('account').set({ disabled: 1 }).where('username', '=', 'disabled01').execute();
    expect((await s.call('/user/posLogin', pos('disabled01', 'pass1234'))).status).toBe(Status.LOGIN_INCORRECT);
  });

  it('answers 3 when a cashier uses the viewer, and lets a boss in as viewer with no drawer', async () => {
    const r = await s.call('/user/posLogin', { mode: 'viewer', username: 'cashier01', password: 'cash1234' });
    expect(r).toMatchObject({ status: Status.VIEWER_NOT_ALLOWED, error: 'Cashier cannot log in using viewer' });
    expect(r).not.toHaveProperty('token');
    const boss = await s.call('/user/posLogin', { mode: 'viewer', username: 'boss01', password: 'boss1234' });
    expect(boss).toMatchObject({ status: Status.OK, saType: 1, moneybox: -1 });
    // A viewer holds no drawer: choosing one is a permission error.
    expect((await s.call('/user/chooseDrawer', { UID: boss.uid, TOKEN: boss.token, moneybox: 3 })).status).toBe(Status.PERMISSION_ERROR);
  });

  it.each([
    ['43 for a username under 6 characters', 'abc', 'pass1234', 43],
    ['43 for a username over 20 characters', 'a'.repeat(21), 'pass1234', 43],
    ['44 for a password under 6 characters', 'cashier01', 'ab1', 44],
    ['44 for a password over 20 characters', 'cashier01', 'a1'.repeat(11), 44],
    ['40 for a password of letters only', 'cashier01', 'abcdefgh', 40],
    ['40 for a password of numbers only', 'cashier01', '12345678', 40],
    ['40 for a password with other signs', 'cashier01', 'cash 1234!', 40],
  ])('answers %s', async (_what, username, password, status) => {
    expect(await s.call('/user/posLogin', pos(username, password))).toMatchObject({ status, error: expect.any(String) });
  });

  it('answers 1 when the store is closed and 46 with the freeze message when the operator froze it', async () => {
    await createStore({ handle: s.handle }, SEED, {
      id: 2002, name: 'Second Store', timezone: 'UTC', credit: 0 as never, compsBudget: 0 as never, maxDrawers: 2, maxMachines: 1,
      limitDay: 31, limitHourly: 0 as never, limitDaily: 0 as never, limitWeekly: 0 as never, drawers: 1,
    });
    await createAccount({ handle: s.handle }, SEED, { storeId: 2002, username: 'second01', password: 'pass1234', saType: SaType.BOSS });
    await s.handle.db.updateTable('store').set({ closed: 1 }).where('id', '=', 2002).execute();
    expect(await s.call('/user/posLogin', pos('second01', 'pass1234'))).toMatchObject({ status: Status.KIOSK_CLOSED, error: 'Kiosk closed' });
    expect((await s.call('/drawer/list', { kioskID: 2002 })).status).toBe(Status.KIOSK_CLOSED);

    await s.handle.db.updateTable('store').set({ closed: 0 }).where('id', '=', 2002).execute();
    await freezeStore({ handle: s.handle }, SEED, { storeId: 2002, frozen: true, message: 'Account review: call 555-0100' });
    expect(await s.call('/user/posLogin', pos('second01', 'pass1234'))).toMatchObject({ status: Status.STORE_FROZEN, freeze_msg: 'Account review: call 555-0100' });
    // A wrong password is still 42 on a frozen store: the freeze message is only for who knows the password.
    expect((await s.call('/user/posLogin', pos('second01', 'wrong1234'))).status).toBe(Status.WRONG_PASSWORD);
    await freezeStore({ handle: s.handle }, SEED, { storeId: 2002, frozen: false, message: '' });
    expect((await s.call('/user/posLogin', pos('second01', 'pass1234'))).status).toBe(Status.OK);
  });

  it('answers 42 with attempts left, then 41 once locked, and the CLI unlock lets the account in again', async () => {
    await createAccount({ handle: s.handle }, SEED, { storeId: 1001, username: 'lockme01', password: 'right1234', saType: SaType.BOSS });
    const bad = pos('lockme01', 'wrong123');
    const first = await s.call('/user/posLogin', bad);
    expect(first).toMatchObject({ status: Status.WRONG_PASSWORD, try_times: 4 });
    for (const left of [3, 2, 1]) expect(await s.call('/user/posLogin', bad)).toMatchObject({ status: Status.WRONG_PASSWORD, try_times: left });
    expect(await s.call('/user/posLogin', bad)).toMatchObject({ status: Status.ACCOUNT_LOCKED, error: expect.stringContaining('locked') });
    // Even the right password is refused while locked.
    expect((await s.call('/user/posLogin', pos('lockme01', 'right1234'))).status).toBe(Status.ACCOUNT_LOCKED);

    const out: string[] = [];
    expect(await runCli(['unlock', '--username', 'lockme01'], s.handle, (l) => out.push(l))).toBe(0);
    expect(out.join('\n')).toContain('unlocked');
    expect((await s.call('/user/posLogin', pos('lockme01', 'right1234'))).status).toBe(Status.OK);
    // The count starts again from the store's limit after an unlock.
    expect(await s.call('/user/posLogin', bad)).toMatchObject({ status: Status.WRONG_PASSWORD, try_times: 4 });
  });

  it('resets the failure count on a successful login', async () => {
    await createAccount({ handle: s.handle }, SEED, { storeId: 1001, username: 'resetme01', password: 'right1234', saType: SaType.CASHIER });
    expect(await s.call('/user/posLogin', pos('resetme01', 'wrong1234'))).toMatchObject({ status: Status.WRONG_PASSWORD, try_times: 4 });
    expect(await s.call('/user/posLogin', pos('resetme01', 'wrong1234'))).toMatchObject({ status: Status.WRONG_PASSWORD, try_times: 3 });
    expect((await s.call('/user/posLogin', pos('resetme01', 'right1234'))).status).toBe(Status.OK);
    expect(await s.call('/user/posLogin', pos('resetme01', 'wrong1234'))).toMatchObject({ status: Status.WRONG_PASSWORD, try_times: 4 });
  });

  it('replaces the session on a second login: the first token gets 5 on its next call', async () => {
    await createAccount({ handle: s.handle }, SEED, { storeId: 1001, username: 'twice001', password: 'pass1234', saType: SaType.CASHIER });
    const who = { username: 'twice001', password: 'pass1234' };
    const first = await s.login(who);
    expect((await s.call('/user/menu', { UID: first.UID, TOKEN: first.TOKEN })).status).toBe(Status.OK);
    const second = await s.login(who);
    expect(await s.call('/user/menu', { UID: first.UID, TOKEN: first.TOKEN })).toMatchObject({ status: Status.SESSION_REPLACED, error: 'Logged in on another computer' });
    expect((await s.call('/user/chooseDrawer', { UID: first.UID, TOKEN: first.TOKEN, moneybox: 3 })).status).toBe(Status.SESSION_REPLACED);
    expect((await s.call('/user/menu', { UID: second.UID, TOKEN: second.TOKEN })).status).toBe(Status.OK);
  });

  it('answers 5 for a missing, unknown or foreign token and after logout', async () => {
    const me = await s.login({ username: 'boss01', password: 'boss1234' }, 'viewer');
    expect((await s.call('/user/menu', {})).status).toBe(Status.SESSION_REPLACED);
    expect((await s.call('/user/menu', { UID: me.UID, TOKEN: 'x'.repeat(43) })).status).toBe(Status.SESSION_REPLACED);
    expect((await s.call('/user/menu', { UID: me.UID, TOKEN: 'x'.repeat(5000) })).status).toBe(Status.SESSION_REPLACED);
    expect((await s.call('/user/menu', { UID: me.UID + 1, TOKEN: me.TOKEN })).status).toBe(Status.SESSION_REPLACED);
    expect((await s.call('/user/menu', { UID: me.UID, TOKEN: me.TOKEN })).status).toBe(Status.OK);
    expect((await s.call('/user/logout', { UID: me.UID, TOKEN: me.TOKEN })).status).toBe(Status.OK);
    expect((await s.call('/user/menu', { UID: me.UID, TOKEN: me.TOKEN })).status).toBe(Status.SESSION_REPLACED);
  });
});

describe.each(dialects)('sessions and login limits on %s', (dialect) => {
  it('expires an idle session (5) and keeps a busy one alive', () => withTestServer(dialect, { sessionIdleMs: 60_000 }, async (s) => {
    const idle = await s.login({ username: 'boss01', password: 'boss1234' }, 'viewer');
    const busy = await s.login();
    // Time passes in the database, not on the clock: each session's last call moved 50 s into the past.
    const age = async () => {
      for (const who of [idle, busy]) {
        const row = await s.handle.db.selectFrom('session').select(['id', 'last_seen_at']).where('account_id', '=', who.UID).where('revoked_at', 'is', null).executeTakeFirstOrThrow();
        await s.handle.db.updateTable('session').set({ last_seen_at: new Date(Date.parse(row.last_seen_at) - 50_000).toISOString() }).where('id', '=', row.id).execute();
      }
    };
    await age();
    // 50 s idle of 60: both alive; the busy one calls, which starts its idle time again.
    expect((await s.call('/user/menu', { UID: busy.UID, TOKEN: busy.TOKEN })).status).toBe(Status.OK);
    await age();
    // The busy session was last seen 50 s ago, the idle one 100 s ago: past the idle time.
    expect((await s.call('/user/menu', { UID: busy.UID, TOKEN: busy.TOKEN })).status).toBe(Status.OK);
    expect((await s.call('/user/menu', { UID: idle.UID, TOKEN: idle.TOKEN })).status).toBe(Status.SESSION_REPLACED);
  }));

  it('answers HTTP 511 {status: Status.DATA_LOCKED, error} (511 = rate limited: too many login attempts, wait and retry) on the 4th failure from one address', () => withTestServer(dialect, { loginIpLimit: 3 }, async (s) => {
    for (const username of ['nobody01', 'nobody02', 'cashier01']) {
      const r = await s.call('/user/posLogin', pos(username, 'wrong1234'));
      expect([2, 42]).toContain(r.status);
    }
    const res = await s.raw('/API/user/posLogin', { method: 'POST', body: JSON.stringify(pos('boss01', 'boss1234')) });
    expect(res.status).toBe(511);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: Status.DATA_LOCKED, error: expect.any(String) });
    // Other calls from that address are not limited.
    expect((await s.call('/drawer/list', { kioskID: 1001 })).status).toBe(Status.OK);
  }));

  it('holds the address limit against a burst of concurrent failing logins (at most 3 get past it)', () => withTestServer(dialect, { loginIpLimit: 3 }, async (s) => {
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        s.raw('/API/user/posLogin', { method: 'POST', body: JSON.stringify(pos(`burst${String(i).padStart(3, '0')}`, 'wrong1234')) }),
      ),
    );
    const codes = replies.map((r) => r.status);
    expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(3);
    expect(codes.filter((c) => c === 511).length).toBeGreaterThanOrEqual(9);
  }));

  it('locks an account exactly once under 10 concurrent wrong passwords: four 42s, then 41s', () => withTestServer(dialect, {}, async (s) => {
    const replies = await Promise.all(Array.from({ length: 10 }, () => s.call('/user/posLogin', pos('boss01', 'wrong1234'))));
    const tries = replies.filter((r) => r.status === 42).map((r) => r.try_times as number).sort();
    expect(tries).toEqual([1, 2, 3, 4]);
    expect(replies.filter((r) => r.status === 41)).toHaveLength(6);
    expect((await s.call('/user/posLogin', pos('boss01', 'boss1234'))).status).toBe(Status.ACCOUNT_LOCKED);
  }));

  it('checks no more than the allowed tries under a burst of 19 wrong passwords and the right one: no token, the account locked', () => withTestServer(dialect, {}, async (s) => {
    const { db } = s.handle;
    const id = await createAccount({ handle: { db } }, SEED, { storeId: 1001, username: 'burst0001', password: 'right1234', saType: SaType.CASHIER });
    const wrong = Array.from({ length: 19 }, () => s.call('/user/posLogin', pos('burst0001', 'wrong1234')));
    // The right one once the burst has taken the lock, while its passwords are still being hashed
    // (waiting for the lock, not a fixed pause: under load the right one could otherwise come first).
    for (const until = Date.now() + 10_000; Date.now() < until;) {
      if ((await db.selectFrom('account').select('locked').where('id', '=', id).executeTakeFirst())?.locked === 1) break;
      await new Promise((r) => setTimeout(r, 2));
    }
    const right = await s.call('/user/posLogin', pos('burst0001', 'right1234'));
    const replies = await Promise.all(wrong);
    expect(right.status).toBe(Status.ACCOUNT_LOCKED);
    expect(right.token).toBeUndefined();
    expect(replies.filter((r) => r.status === Status.WRONG_PASSWORD).map((r) => r.try_times as number).sort()).toEqual([1, 2, 3, 4]);
    expect(replies.filter((r) => r.status === Status.ACCOUNT_LOCKED)).toHaveLength(15);
    // Exactly five passwords were checked: each check is an audited failure.
    const checked = await db.selectFrom('audit').select('kind').where('target_type', '=', 'account').where('target_id', '=', id).where('kind', 'in', ['login.failed', 'login.locked']).execute();
    expect(checked).toHaveLength(5);
    expect(await db.selectFrom('account').select('locked').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ locked: 1 });
    expect(await db.selectFrom('session').select('id').where('account_id', '=', id).execute()).toEqual([]);
  }));

  it('limits attempts on one username from any address (HTTP 511)', () => withTestServer(dialect, { loginUserLimit: 2 }, async (s) => {
    expect((await s.call('/user/posLogin', pos('boss01', 'wrong1234'))).status).toBe(Status.WRONG_PASSWORD);
    expect((await s.call('/user/posLogin', pos('boss01', 'wrong1234'))).status).toBe(Status.WRONG_PASSWORD);
    const res = await s.raw('/API/user/posLogin', { method: 'POST', body: JSON.stringify(pos('boss01', 'boss1234')) });
    expect(res.status).toBe(511);
    // Another account is not affected.
    expect((await s.call('/user/posLogin', pos('cashier01', 'cash1234'))).status).toBe(Status.OK);
  }));
});
