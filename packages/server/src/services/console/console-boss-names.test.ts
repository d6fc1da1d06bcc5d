import { SaType, Status, type Cents } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_KIOSK, DEMO_LOGINS } from '../../cli/seed/seed.js';
import { consoleAccount, type ConsoleSession } from '../../testing/console-kit.js';
import { describeOnDatabases } from '../../testing/server.js';
import { createAccount, createStore } from '../operator/operator.service.js';
import { SEED } from '../audit/audit.js';

const newStore = (id: number) =>
  ({ id, name: `Names ${id}`, timezone: 'America/Chicago', credit: 0 as Cents, compsBudget: 0 as Cents, maxDrawers: 1, maxMachines: 1, limitDay: 31, limitHourly: 0 as Cents, limitDaily: 0 as Cents, limitWeekly: 0 as Cents, drawers: 1 });

/**
 * Staff usernames are each store's own (issue 34, item 17; migration 032): the store sign-in names its
 * store by the login URL's kiosk id, so a name taken in distributor B's store is free in distributor
 * A's, and no answer to A tells that B's account exists.
 */
describeOnDatabases('staff names are each store\'s own', (s) => {
  let distA: ConsoleSession;
  const as = (c: ConsoleSession) => ({ UID: c.UID, TOKEN: c.TOKEN });
  const bossCreate = (kid: number, username: string, password = 'pass1234') => s.call('/operator/bossCreate', { ...as(distA), kid, username, password });
  const signIn = (username: string, password: string, kiosk_id?: number) => s.call('/user/posLogin', { mode: 'viewer', username, password, ...(kiosk_id !== undefined && { kiosk_id }) });

  beforeAll(async () => {
    await createStore({ handle: s.handle }, SEED, newStore(5101));
    await createStore({ handle: s.handle }, SEED, newStore(5201));
    distA = await consoleAccount(s, 'distributor', { stores: [5101] });
    await consoleAccount(s, 'distributor', { stores: [5201] });
    await createAccount({ handle: s.handle }, SEED, { storeId: 5201, username: 'bossofb01', password: 'bpass1234', saType: SaType.BOSS });
    await createAccount({ handle: s.handle }, SEED, { storeId: 5101, username: 'bossofa01', password: 'pass1234', saType: SaType.BOSS });
  });

  it("gives distributor A another distributor's boss name in its own store, as any free name; its own store's name is 22", async () => {
    expect(await bossCreate(5101, 'bossofa01')).toEqual({ status: Status.ACCOUNT_NAME_REPEATED, error: 'Account name repeated' });
    const theirs = await bossCreate(5101, 'bossofb01', 'apass1234');
    expect(theirs.status).toBe(Status.OK);
    expect((await bossCreate(5101, 'bossfree01')).status).toBe(Status.OK);
    const rows = await s.handle.db.selectFrom('account').select('store_id').where('username', '=', 'bossofb01').orderBy('store_id').execute();
    expect(rows.map((r) => r.store_id)).toEqual([5101, 5201]);
    // A store outside A's scope is refused before its names are looked at.
    expect((await bossCreate(5201, 'bossofb01')).status).toBe(Status.PERMISSION_ERROR);
    expect((await bossCreate(5201, 'bossnew201')).status).toBe(Status.PERMISSION_ERROR);
  });

  it('signs each one in to its own store by the kiosk id; a name in two stores without a kiosk id, or at the other store, is a wrong login', async () => {
    expect(await signIn('bossofb01', 'apass1234', 5101)).toMatchObject({ status: Status.OK, saType: SaType.BOSS });
    expect(await signIn('bossofb01', 'bpass1234', 5201)).toMatchObject({ status: Status.OK, saType: SaType.BOSS });
    // B's password at A's store is a wrong try on A's own account, never B's.
    expect(await signIn('bossofb01', 'bpass1234', 5101)).toMatchObject({ status: Status.WRONG_PASSWORD, try_times: expect.any(Number) as number });
    const b = await s.handle.db.selectFrom('account').select('failed_logins').where('username', '=', 'bossofb01').where('store_id', '=', 5201).executeTakeFirstOrThrow();
    expect(b.failed_logins).toBe(0);
    // Without a kiosk id a name two stores use is unknown, whichever password.
    const unknown = await signIn('bossofb01', 'bpass1234');
    expect(unknown).toEqual({ status: Status.LOGIN_INCORRECT, error: expect.any(String) as string });
    expect(await signIn('bossofb01', 'apass1234')).toEqual(unknown);
    expect(await signIn('nosuchboss9', 'apass1234')).toEqual(unknown);
    // A name one store alone uses signs in without a kiosk id, as before.
    expect((await signIn('bossofa01', 'pass1234')).status).toBe(Status.OK);
    // Each session is its own store's: A's boss sees A's store.
    const a = await signIn('bossofb01', 'apass1234', 5101);
    const sessions = await s.handle.db.selectFrom('session').select(['store_id']).where('account_id', 'in', s.handle.db.selectFrom('account').select('id').where('username', '=', 'bossofb01')).where('revoked_at', 'is', null).execute();
    expect(sessions.map((r) => r.store_id).sort()).toEqual([5101, 5201]);
    expect(a.status).toBe(Status.OK);
  });

  it("lets a store's boss (/user/create) take a name another store uses; its own store's stays 22", async () => {
    const boss = await s.loginAt(3, DEMO_LOGINS.boss);
    const create = (username: string) => s.call('/user/create', { UID: boss.UID, TOKEN: boss.TOKEN, username, password: 'pass1234', saType: SaType.CASHIER });
    expect(await create(DEMO_LOGINS.cashier.username)).toEqual({ status: Status.ACCOUNT_NAME_REPEATED, error: 'Account name repeated' });
    expect((await create('bossofb01')).status).toBe(Status.OK);
    expect((await s.handle.db.selectFrom('account').select('store_id').where('username', '=', 'bossofb01').where('store_id', '=', DEMO_KIOSK).execute()).length).toBe(1);
  });
});
