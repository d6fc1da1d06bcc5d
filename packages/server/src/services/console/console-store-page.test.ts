import { CONSOLE_LIVE_PATH, Status, type Cents, type ConsoleLiveMessage } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { consoleAccount, type ConsoleSession } from '../../testing/console-kit.js';
import { newCustomer, openCounter } from '../../testing/customer-kit.js';
import { describeOnDatabases } from '../../testing/server.js';
import { createStore, setDomainLayout } from '../operator/operator.service.js';
import { SEED } from '../audit/audit.js';

/** A console live socket that keeps what it hears. */
async function listen(url: string, c: ConsoleSession) {
  const heard: ConsoleLiveMessage['type'][] = [];
  const socket = new WebSocket(`${url.replace('http', 'ws')}${CONSOLE_LIVE_PATH}`);
  socket.on('message', (d: Buffer) => heard.push((JSON.parse(d.toString()) as ConsoleLiveMessage).type));
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ UID: c.UID, TOKEN: c.TOKEN }));
  await until(() => heard.includes('hello'));
  return { heard, close: () => socket.close() };
}

async function until(ok: () => boolean, ms = 3_000) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('not heard in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The store page's reports, theme and live list (issue 22): the store's own services, scoped. */
describeOnDatabases('console store page', (s) => {
  let admin: ConsoleSession;
  let dist: ConsoleSession;
  let other: ConsoleSession;
  let support: ConsoleSession;
  const as = (c: ConsoleSession) => ({ UID: c.UID, TOKEN: c.TOKEN });

  beforeAll(async () => {
    await createStore({ handle: s.handle }, SEED, { id: 2102, name: 'Elsewhere', timezone: 'America/Chicago', credit: 0 as Cents, compsBudget: 0 as Cents, maxDrawers: 2, maxMachines: 2, limitDay: 31, limitHourly: 0 as Cents, limitDaily: 0 as Cents, limitWeekly: 0 as Cents, drawers: 1 });
    admin = await consoleAccount(s, 'admin');
    dist = await consoleAccount(s, 'distributor', { stores: [1001] });
    other = await consoleAccount(s, 'distributor', { stores: [2102] });
    support = await consoleAccount(s, 'support', { parentId: dist.UID });
  });

  it("answers the store's daily, shift, transaction and day close reports exactly as its boss reads them, to the accounts that have the store in scope only", async () => {
    const counter = await openCounter(s, 1000);
    const c = await newCustomer(s, counter);
    expect((await s.call('/customer/purchase', { ...counter, id: c.id, amount: 42.5, key: await s.key() })).status).toBe(Status.OK);
    const boss = await s.login({ username: 'boss01', password: 'boss1234' }, 'viewer');
    const bossAuth = { UID: boss.UID, TOKEN: boss.TOKEN };
    // An open day's Z report is as of the instant it is read (`at`, `to`): the rest must be equal.
    const strip = (r: Record<string, unknown>) => JSON.parse(JSON.stringify(r, (k, v: unknown) => (k === 'at' || k === 'to' ? undefined : v))) as unknown;
    const pairs = [
      ['/drawer/dailyLog', '/operator/storeDailyReport', {}],
      ['/drawer/dailyLog', '/operator/storeDailyReport', { fun_name: 'pos' }],
      ['/drawer/shiftLog', '/operator/storeShiftReport', {}],
      ['/drawer/transaction', '/operator/storeTransactionReport', {}],
      ['/drawer/transaction', '/operator/storeTransactionReport', { fun_name: 'purchase', limit: 1 }],
      ['/dayClose/get', '/operator/storeDayClose', {}],
    ] as const;
    for (const [store, console, input] of pairs) {
      const own = await s.call(store, { ...bossAuth, ...input });
      expect(own.status).toBe(Status.OK);
      for (const who of [admin, dist, support]) {
        const seen = await s.call(console, { ...as(who), kid: 1001, ...input });
        expect(strip(seen), `${console} as ${who.username}`).toEqual(strip(own));
      }
      const refused = await s.call(console, { ...as(other), kid: 1001, ...input });
      expect(refused.status).toBe(Status.PERMISSION_ERROR);
      // Nothing of the store: only the kiosk id the caller asked for, named back (issue 37).
      expect(refused).toEqual({ status: Status.PERMISSION_ERROR, kids: [1001], error: 'Permission error' });
      // An unknown store answers as a store out of scope.
      expect((await s.call(console, { ...as(admin), kid: 987654, ...input })).status).toBe(Status.PERMISSION_ERROR);
    }
    const daily = await s.call('/operator/storeDailyReport', { ...as(dist), kid: 1001 });
    expect((daily.totals as { purchases: number }).purchases).toBeGreaterThanOrEqual(42.5);
    // The store call's own input rules: a period past the store's limit is 39, a bad one 13.
    expect((await s.call('/operator/storeDailyReport', { ...as(admin), kid: 1001, startTime: '2020-01-01', endTime: '2026-01-01' })).status).toBe(Status.IMPROPER_PERIOD);
    expect((await s.call('/operator/storeShiftReport', { ...as(admin), kid: 1001, startTime: '2026-13-45' })).status).toBe(Status.INPUT_ERROR);
  });

  it("sets a store's theme as the layout of its host in the domain map, audited; another store's host and the platform's own are refused to a distributor", async () => {
    const domains = async () => (await (await s.raw('/API/config/domain.json')).json()) as Record<string, number>;
    expect((await s.call('/operator/storeHost', { ...as(dist), kid: 1001, host: 'Arcade.Example.com', layout: 2 })).status).toBe(Status.OK);
    expect((await domains())['arcade.example.com']).toBe(2);
    expect((await s.call('/operator/store', { ...as(support), kid: 1001 })).hosts).toEqual([{ host: 'arcade.example.com', layout: 2 }]);
    expect((await s.call('/operator/storeHost', { ...as(dist), kid: 1001, host: 'arcade.example.com', layout: 4 })).status).toBe(Status.OK);
    expect((await domains())['arcade.example.com']).toBe(4);
    const trail = await s.handle.db.selectFrom('audit').select(['store_id', 'actor_name', 'before_json', 'after_json']).where('kind', '=', 'console.store_host_set').orderBy('id').execute();
    expect(trail.map((t) => [t.store_id, t.actor_name])).toEqual([[1001, dist.username], [1001, dist.username]]);
    expect(JSON.parse(trail[1]!.before_json!)).toEqual({ host: 'arcade.example.com', layout: 2, store: 1001 });
    expect(JSON.parse(trail[1]!.after_json!)).toEqual({ host: 'arcade.example.com', layout: 4, store: 1001 });

    // Another distributor's store can not take it, nor remove it; a bad host or layout is 13; support is read-only (21).
    const audits = async () => Number((await s.handle.db.selectFrom('audit').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await audits();
    expect((await s.call('/operator/storeHost', { ...as(other), kid: 2102, host: 'arcade.example.com', layout: 1 })).status).toBe(Status.INPUT_ERROR);
    expect((await s.call('/operator/storeHostRemove', { ...as(other), kid: 2102, host: 'arcade.example.com' })).status).toBe(Status.INPUT_ERROR);
    expect((await s.call('/operator/storeHost', { ...as(other), kid: 1001, host: 'mine.example.com', layout: 1 })).status).toBe(Status.PERMISSION_ERROR);
    expect((await s.call('/operator/storeHost', { ...as(support), kid: 1001, host: 'mine.example.com', layout: 1 })).status).toBe(Status.PERMISSION_ERROR);
    expect((await s.call('/operator/storeHost', { ...as(dist), kid: 1001, host: 'bad host', layout: 1 })).status).toBe(Status.INPUT_ERROR);
    expect((await s.call('/operator/storeHost', { ...as(dist), kid: 1001, host: 'ok.example.com', layout: 7 })).status).toBe(Status.INPUT_ERROR);
    await setDomainLayout({ handle: s.handle }, SEED, { host: 'platform.example.com', layout: 3 });
    expect((await s.call('/operator/storeHost', { ...as(dist), kid: 1001, host: 'platform.example.com', layout: 1 })).status).toBe(Status.INPUT_ERROR);
    expect(await audits()).toBe(before);
    expect((await domains())).toMatchObject({ 'arcade.example.com': 4, 'platform.example.com': 3 });
    // The admin may bind the platform's host to a store.
    expect((await s.call('/operator/storeHost', { ...as(admin), kid: 2102, host: 'platform.example.com', layout: 1 })).status).toBe(Status.OK);
    expect((await s.call('/operator/store', { ...as(other), kid: 2102 })).hosts).toEqual([{ host: 'platform.example.com', layout: 1 }]);

    expect((await s.call('/operator/storeHostRemove', { ...as(dist), kid: 1001, host: 'arcade.example.com' })).status).toBe(Status.OK);
    expect((await domains())['arcade.example.com']).toBeUndefined();
    expect((await s.call('/operator/store', { ...as(dist), kid: 1001 })).hosts).toEqual([]);
    expect((await s.handle.db.selectFrom('audit').select('before_json').where('kind', '=', 'console.store_host_remove').executeTakeFirstOrThrow()).before_json).toBe(JSON.stringify({ host: 'arcade.example.com', layout: 4 }));
  });

  it('tells the live stores screens of a store frozen, credit moved and a shift opened, each only to the accounts that have the store in scope', async () => {
    const mine = await listen(s.url, dist);
    const theirs = await listen(s.url, other);
    const all = await listen(s.url, admin);
    try {
      const heardAfter = async (act: () => Promise<unknown>) => {
        await new Promise((r) => setTimeout(r, 1_050)); // past the once-a-second throttle
        const [m, t, a] = [mine.heard.length, theirs.heard.length, all.heard.length];
        await act();
        await until(() => mine.heard.slice(m).includes('stores') && all.heard.slice(a).includes('stores'));
        await new Promise((r) => setTimeout(r, 300));
        expect(theirs.heard.slice(t)).not.toContain('stores');
      };
      await heardAfter(async () => expect((await s.call('/operator/storeFreeze', { ...as(admin), kid: 1001, freeze: true, message: 'Wait' })).status).toBe(Status.OK));
      await s.call('/operator/storeFreeze', { ...as(admin), kid: 1001, freeze: false });
      // The store's comps come out of its distributor's credit: the admin gives the distributor some first.
      expect((await s.call('/operator/creditMove', { ...as(admin), distributor_id: as(dist).UID, amount: 100, key: `fund-${Date.now()}` })).status).toBe(Status.OK);
      await heardAfter(async () => expect((await s.call('/operator/creditMove', { ...as(admin), kid: 1001, fund: 'comps', amount: 5, key: `live-${Date.now()}` })).status).toBe(Status.OK));
      await heardAfter(() => openCounter(s, 1003));
      // The other distributor's store: only its own distributor and the admin hear it.
      const m = mine.heard.length;
      await s.call('/operator/storeFreeze', { ...as(admin), kid: 2102, freeze: true, message: 'Wait' });
      await until(() => theirs.heard.includes('stores'));
      await new Promise((r) => setTimeout(r, 300));
      expect(mine.heard.slice(m)).not.toContain('stores');
    } finally {
      for (const l of [mine, theirs, all]) l.close();
    }
  });
  it('follows the scope as it changes: a store bound to a distributor after its socket connected is heard, a store moved away no longer', async () => {
    const mine = await listen(s.url, dist);
    const theirs = await listen(s.url, other);
    try {
      const kid = 2103;
      expect((await s.call('/operator/storeCreate', { ...as(admin), kid, name: 'Bound Later', timezone: 'America/Chicago', max_drawers: 1, max_machines: 1, limit_day: 31, limit_hourly: 0, limit_daily: 0, limit_weekly: 0, drawers: 1, distributor_id: dist.UID })).status).toBe(Status.OK);
      const freeze = async (freeze: boolean) => {
        await new Promise((r) => setTimeout(r, 1_050)); // past the once-a-second throttle
        const [m, t] = [mine.heard.length, theirs.heard.length];
        expect((await s.call('/operator/storeFreeze', { ...as(admin), kid, freeze, message: 'Wait' })).status).toBe(Status.OK);
        return { mine: () => mine.heard.slice(m), theirs: () => theirs.heard.slice(t) };
      };
      const first = await freeze(true);
      await until(() => first.mine().includes('stores'));
      expect(first.theirs()).not.toContain('stores');
      // Moved to the other distributor by the console's call: then only the new one hears the store's changes.
      await new Promise((r) => setTimeout(r, 1_050));
      const [moving, leaving] = [theirs.heard.length, mine.heard.length];
      expect((await s.call('/operator/storeDistributor', { ...as(admin), kid, distributor_id: other.UID })).status).toBe(Status.OK);
      // Both hear the move: the new one has the store now, the old one's screen drops it at once.
      await until(() => theirs.heard.slice(moving).includes('stores') && mine.heard.slice(leaving).includes('stores'));
      const second = await freeze(false);
      await until(() => second.theirs().includes('stores'));
      await new Promise((r) => setTimeout(r, 300));
      expect(second.mine()).not.toContain('stores');
    } finally {
      for (const l of [mine, theirs]) l.close();
    }
  });
});
