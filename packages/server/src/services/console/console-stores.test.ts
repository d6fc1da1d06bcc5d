import { randomUUID } from 'node:crypto';
import { Status, type ConsoleStoreRow } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { consoleAccount, type ConsoleSession } from '../../testing/console-kit.js';
import { giveWinnings, newCustomer, openCounter } from '../../testing/customer-kit.js';
import { describeOnDatabases } from '../../testing/server.js';
import { sweepAlerts } from '../alerts/alert-sweep.js';

describeOnDatabases('console stores', (s) => {
  let admin: ConsoleSession;
  const as = (c: ConsoleSession) => ({ UID: c.UID, TOKEN: c.TOKEN });
  const row = async (c: ConsoleSession, kid: number) => ((await s.call('/operator/stores', as(c))).list as ConsoleStoreRow[]).find((r) => r.kid === kid);

  const viewer = async () => {
    const v = await s.login({ username: 'boss01', password: 'boss1234' }, 'viewer');
    return { UID: v.UID, TOKEN: v.TOKEN };
  };

  beforeAll(async () => {
    admin = await consoleAccount(s, 'admin');
  });

  it("shows each store's state and today's figures as the ledger has them: purchases net of reverts, redeems, net, open shifts, machines", async () => {
    const before = (await row(admin, 1001))!;
    const counter = await openCounter(s, 1000);
    const c = await newCustomer(s, counter);
    const move = async (kind: 'purchase' | 'revert' | 'redeem', amount: number) => {
      const r = await s.call(`/customer/${kind}`, { ...counter, id: c.id, amount, key: await s.key() });
      expect(r.status, JSON.stringify(r)).toBe(Status.OK);
    };
    await move('purchase', 100);
    await move('purchase', 50.25);
    await move('revert', 20);
    await giveWinnings(s, c.id, 3000);
    await move('redeem', 30);
    const after = (await row(admin, 1001))!;
    expect(after.today.purchases).toBeCloseTo(before.today.purchases + 130.25, 2);
    expect(after.today.redeems).toBeCloseTo(before.today.redeems + 30, 2);
    expect(after.today.net).toBeCloseTo(before.today.net + 100.25, 2);
    expect(after.open_shifts).toBe(before.open_shifts + 1);
    const store = await s.handle.db.selectFrom('store').select('credit_cents').where('id', '=', 1001).executeTakeFirstOrThrow();
    expect(after.credit).toBe(store.credit_cents / 100);
    const machines = await s.handle.db.selectFrom('machine').select(['connected']).where('store_id', '=', 1001).where('removed', '=', 0).execute();
    expect(after.machines_enrolled).toBe(machines.length);
    expect(after.machines_connected).toBe(machines.filter((m) => m.connected === 1).length);
    expect(after.last_activity).not.toBeNull();
    await s.verify();
  });

  it("flags low credit by the low-credit alert's rule, the store's effective threshold (its override, else the platform default): the list, its filter and the open alerts name the same stores", async () => {
    const create = async (kid: number, credit: number) => {
      expect((await s.call('/operator/storeCreate', { ...as(admin), kid, name: `Credit ${kid}`, timezone: 'Asia/Shanghai', max_drawers: 2, max_machines: 2, limit_day: 31, limit_hourly: 0, limit_daily: 0, limit_weekly: 0, drawers: 1 })).status).toBe(Status.OK);
      if (credit) expect((await s.call('/operator/creditMove', { ...as(admin), key: randomUUID(), kid, amount: credit })).status).toBe(Status.OK);
    };
    await create(3191, 0);
    await create(3192, 53);
    await create(3193, 500);
    const deps = { handle: s.handle, settings: s.settings };
    const lowListed = async () => ((await s.call('/operator/stores', as(admin))).list as ConsoleStoreRow[]).filter((r) => r.low_credit).map((r) => r.kid).sort();
    const alerted = async () => {
      await sweepAlerts(deps);
      const open = (await s.call('/operator/alerts', { ...as(admin), filter: 'open' })).list as { kind: string; kid: number | null }[];
      return open.filter((a) => a.kind === 'low_credit').map((a) => a.kid).sort();
    };
    // The built-in default, $100: $53 is low although nothing was used this week (no days left to count).
    expect(await row(admin, 3192)).toMatchObject({ credit: 53, low_credit: true, days_left: null });
    expect(await row(admin, 3193)).toMatchObject({ credit: 500, low_credit: false });
    expect(await lowListed()).toEqual(expect.arrayContaining([3191, 3192]));
    expect(await lowListed()).toEqual(await alerted());
    // The store's override: $50 is its line, so $53 is not low there, in the list and in the alerts.
    expect((await s.call('/operator/thresholdsSet', { ...as(admin), kid: 3192, values: { low_credit: 5000 } })).status).toBe(Status.OK);
    expect((await row(admin, 3192))!.low_credit).toBe(false);
    expect(await lowListed()).toEqual(await alerted());
    expect(await alerted()).not.toContain(3192);
    // The platform default raised to $600: $500 is low now.
    expect((await s.call('/operator/thresholdsSet', { ...as(admin), values: { low_credit: 60_000 } })).status).toBe(Status.OK);
    expect((await row(admin, 3193))!.low_credit).toBe(true);
    expect(await lowListed()).toEqual(await alerted());
    expect(await alerted()).toContain(3193);
    // The store's own Quota screen says what the console says.
    const quota = await s.call('/store/quota', await viewer());
    const demo = (await row(admin, 1001))!;
    expect(demo.low_credit).toBe(quota.low_credit);
    expect(demo.days_left).toBe(quota.days_left);
    expect((await s.call('/operator/thresholdsSet', { ...as(admin), values: { low_credit: null } })).status).toBe(Status.OK);
  });

  it('freezes a store with its message: staff then get 46 with it; unfreezing lets them in; both audited with before and after', async () => {
    const frozen = await s.call('/operator/storeFreeze', { ...as(admin), kid: 1001, freeze: true, message: 'Call your distributor' });
    expect(frozen.status).toBe(Status.OK);
    expect((await s.call('/operator/storeFreeze', { ...as(admin), kid: 1001, freeze: true, message: '  ' })).status).toBe(Status.INPUT_ERROR);
    const login = await s.call('/user/posLogin', { mode: 'viewer', username: 'boss01', password: 'boss1234' });
    expect(login).toMatchObject({ status: Status.STORE_FROZEN, freeze_msg: 'Call your distributor' });
    expect(await row(admin, 1001)).toMatchObject({ frozen: true, freeze_msg: 'Call your distributor' });
    expect((await s.call('/operator/storeFreeze', { ...as(admin), kid: 1001, freeze: false })).status).toBe(Status.OK);
    expect((await s.call('/user/posLogin', { mode: 'viewer', username: 'boss01', password: 'boss1234' })).status).toBe(Status.OK);
    const trail = await s.handle.db
      .selectFrom('audit')
      .select(['kind', 'store_id', 'actor_name', 'actor_role', 'before_json', 'after_json'])
      .where('kind', 'in', ['console.store_freeze', 'console.store_unfreeze'])
      .orderBy('id')
      .execute();
    expect(trail.map((t) => [t.kind, t.store_id, t.actor_name, t.actor_role])).toEqual([
      ['console.store_freeze', 1001, admin.username, 'admin'],
      ['console.store_unfreeze', 1001, admin.username, 'admin'],
    ]);
    expect(JSON.parse(trail[0]!.before_json!)).toEqual({ frozen: false, freeze_msg: '' });
    expect(JSON.parse(trail[0]!.after_json!)).toEqual({ frozen: true, freeze_msg: 'Call your distributor' });
  });

  it('creates a store from the form with its distributor, its first boss, who can sign in; the distributor sees and unlocks that boss', async () => {
    const dist = await consoleAccount(s, 'distributor');
    const r = await s.call('/operator/storeCreate', {
      ...as(admin), kid: 3102, name: 'Form Store', timezone: 'America/New_York', credit: '2500.50', comps_budget: 100, max_drawers: 3, max_machines: 10,
      limit_day: 31, limit_hourly: 500, limit_daily: 2000, limit_weekly: 5000, drawers: 2, city: 'Austin', distributor_id: dist.UID,
    });
    expect(r).toMatchObject({ status: Status.OK, kid: 3102 });
    expect((await s.call('/operator/storeCreate', { ...as(admin), kid: 3102, name: 'Again', timezone: 'America/New_York', max_drawers: 1, max_machines: 1, limit_day: 1, limit_hourly: 0, limit_daily: 0, limit_weekly: 0, drawers: 1 })).status).toBe(Status.INPUT_ERROR);
    expect((await s.call('/operator/bossCreate', { ...as(dist), kid: 3102, username: 'formboss1', password: 'pass1234' })).status).toBe(Status.OK);
    expect((await s.call('/operator/bossCreate', { ...as(dist), kid: 3102, username: 'formboss1', password: 'pass1234' })).status).toBe(Status.ACCOUNT_NAME_REPEATED);
    expect((await s.call('/operator/bossCreate', { ...as(dist), kid: 3102, username: 'short', password: 'pass1234' })).status).toBe(Status.INPUT_ERROR);
    const detail = await s.call('/operator/store', { ...as(dist), kid: 3102 });
    expect(detail.store).toMatchObject({ kid: 3102, name: 'Form Store', credit: 2500.5, special_comps: 100, max_drawers: 3, max_machines: 10, caps: { hourly: 500, daily: 2000, weekly: 5000 }, distributor: dist.username, city: 'Austin' });
    const bosses = detail.bosses as { id: number; account: string; locked: boolean }[];
    expect(bosses.map((b) => b.account)).toEqual(['formboss1']);
    expect((await s.call('/user/posLogin', { mode: 'viewer', username: 'formboss1', password: 'pass1234' })).status).toBe(Status.OK);

    for (let i = 0; i < 5; i++) await s.call('/user/posLogin', { mode: 'viewer', username: 'formboss1', password: 'wrong123' });
    expect((await s.call('/user/posLogin', { mode: 'viewer', username: 'formboss1', password: 'pass1234' })).status).toBe(Status.ACCOUNT_LOCKED);
    expect(((await s.call('/operator/store', { ...as(dist), kid: 3102 })).bosses as { locked: boolean }[])[0]!.locked).toBe(true);
    expect((await s.call('/operator/bossUnlock', { ...as(dist), kid: 3102, id: bosses[0]!.id })).status).toBe(Status.OK);
    expect((await s.call('/user/posLogin', { mode: 'viewer', username: 'formboss1', password: 'pass1234' })).status).toBe(Status.OK);
    // A boss of another store by id: not this store's boss.
    const boss01 = await s.handle.db.selectFrom('account').select('id').where('username', '=', 'boss01').executeTakeFirstOrThrow();
    expect((await s.call('/operator/bossUnlock', { ...as(dist), kid: 3102, id: boss01.id })).status).toBe(Status.USER_NOT_FOUND);
    await s.verify();
  });

  it('sets the quota (only the fields given) and audits before and after', async () => {
    expect((await s.call('/operator/storeQuota', { ...as(admin), kid: 1001, max_machines: 25, limit_daily: 1500 })).status).toBe(Status.OK);
    const detail = await s.call('/operator/store', { ...as(admin), kid: 1001 });
    expect(detail.store).toMatchObject({ max_machines: 25, max_drawers: 5, caps: { hourly: 500, daily: 1500, weekly: 5000 } });
    const info = await s.call('/store/info', await viewer());
    expect((info.info as { max_machines: number }).max_machines).toBe(25);
    const a = await s.handle.db.selectFrom('audit').select(['before_json', 'after_json']).where('kind', '=', 'console.store_quota').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(a.after_json!)).toEqual({ max_machines: 25, limit_daily: 150000 });
    expect(JSON.parse(a.before_json!)).toMatchObject({ max_machines: 20, limit_daily: 200000 });
  });
});
