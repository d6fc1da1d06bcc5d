import { SaType, Status, type Cents } from '@moneybox/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KIOSK, DEMO_LOGINS } from '../../cli/seed/seed.js';
import { consoleAccount, type ConsoleSession } from '../../testing/console-kit.js';
import { describeOnDatabases, useSecondServer, useTestServer, type TestServer } from '../../testing/server.js';
import { createAccount, createStore } from '../operator/operator.service.js';
import { SEED } from '../audit/audit.js';

const newStore = (id: number) =>
  ({ id, name: `Names ${id}`, timezone: 'America/Chicago', credit: 0 as Cents, compsBudget: 0 as Cents, maxDrawers: 1, maxMachines: 1, limitDay: 31, limitHourly: 0 as Cents, limitDaily: 0 as Cents, limitWeekly: 0 as Cents, drawers: 1 });

/**
 * Staff usernames are the platform's sign-in key, so a name in use is not given twice; the console
 * answers a taken name the same generic way wherever its holder is, naming neither store nor account.
 */
describeOnDatabases('console boss names across distributors', (s) => {
  let distA: ConsoleSession;
  const as = (c: ConsoleSession) => ({ UID: c.UID, TOKEN: c.TOKEN });
  const bossCreate = (username: string) => s.call('/operator/bossCreate', { ...as(distA), kid: 5101, username, password: 'pass1234' });

  beforeAll(async () => {
    await createStore({ handle: s.handle }, SEED, newStore(5101));
    await createStore({ handle: s.handle }, SEED, newStore(5201));
    distA = await consoleAccount(s, 'distributor', { stores: [5101] });
    await consoleAccount(s, 'distributor', { stores: [5201] });
    await createAccount({ handle: s.handle }, SEED, { storeId: 5201, username: 'bossofb01', password: 'pass1234', saType: SaType.BOSS });
    await createAccount({ handle: s.handle }, SEED, { storeId: 5101, username: 'bossofa01', password: 'pass1234', saType: SaType.BOSS });
  });

  it("answers another distributor's boss name exactly as its own store's: the spec's 22 with its catalogue words only, nothing created", async () => {
    const theirs = await bossCreate('bossofb01');
    const mine = await bossCreate('bossofa01');
    expect(theirs).toEqual({ status: Status.ACCOUNT_NAME_REPEATED, error: 'Account name repeated' });
    expect(mine).toEqual(theirs);
    expect(JSON.stringify(theirs)).not.toMatch(/5201|taken|bossofb01/);
    const rows = await s.handle.db.selectFrom('account').select('store_id').where('username', 'in', ['bossofb01', 'bossofa01']).orderBy('store_id').execute();
    expect(rows.map((r) => r.store_id)).toEqual([5101, 5201]);
    // A free name is given.
    expect((await bossCreate('bossofa02')).status).toBe(Status.OK);
  });
});

const LIMIT = 3;
/** Distributor A's staff: the names another distributor's console account (or a store's boss) probes for. */
const A_STAFF = ['annaboss01', 'annacash02', 'annacash03', 'annacash04', 'annacash05'];

/** Refused staff names, by kind and prober, from the trail: the names tried and whether the limit refused them. */
async function probesAudited(s: TestServer, kind: 'console.name_refused' | 'account.name_refused', storeId: number) {
  const rows = await s.handle.db.selectFrom('audit').select(['target_label', 'after_json', 'store_id']).where('kind', '=', kind).where('store_id', '=', storeId).orderBy('id').execute();
  return rows.map((r) => ({ name: r.target_label, over_limit: (JSON.parse(r.after_json ?? '{}') as { over_limit: boolean }).over_limit }));
}

/**
 * Usernames stay one platform-wide namespace (the spec's login names no store), so a refused name
 * tells that it is in use somewhere: each prober gets a few such refusals an hour, then every name
 * check answers the catalogue's "too many" (511, status 34) without looking at the name.
 */
describeOnDatabases(
  'refused staff names are bounded per prober',
  (s) => {
    let distB: ConsoleSession;
    const as = (c: ConsoleSession) => ({ UID: c.UID, TOKEN: c.TOKEN });
    const bossCreateAt = (c: ConsoleSession, kid: number, username: string) => s.call('/operator/bossCreate', { ...as(c), kid, username, password: 'pass1234' });

    beforeAll(async () => {
      await createStore({ handle: s.handle }, SEED, newStore(5301));
      for (const kid of [5401, 5402, 5403]) await createStore({ handle: s.handle }, SEED, newStore(kid));
      await consoleAccount(s, 'distributor', { stores: [5301] });
      distB = await consoleAccount(s, 'distributor', { stores: [5401] });
      for (const username of A_STAFF) await createAccount({ handle: s.handle }, SEED, { storeId: 5301, username, password: 'pass1234', saType: SaType.CASHIER });
      await createAccount({ handle: s.handle }, SEED, { storeId: 5401, username: 'bertboss01', password: 'pass1234', saType: SaType.BOSS });
    });

    it("a distributor-B console account probing distributor A's staff names hits the limit; no reply tells A's names from its own store's", async () => {
      const own = await bossCreateAt(distB, 5401, 'bertboss01');
      expect(own).toEqual({ status: Status.ACCOUNT_NAME_REPEATED, error: 'Account name repeated' });
      for (const name of A_STAFF.slice(0, LIMIT - 1)) expect(await bossCreateAt(distB, 5401, name)).toEqual(own);

      // Past the limit: one answer for A's names, its own store's and a free name alike, none checked.
      const res = await s.raw('/API/operator/bossCreate', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ ...as(distB), kid: 5401, username: A_STAFF[LIMIT - 1], password: 'pass1234' }) });
      expect(res.status).toBe(511);
      const limited = (await res.json()) as Record<string, unknown>;
      expect(limited).toMatchObject({ status: Status.DATA_LOCKED, retryAfter: 3600 });
      expect(limited.error).toMatch(/too many/i);
      expect(await bossCreateAt(distB, 5401, A_STAFF[LIMIT]!)).toEqual(limited);
      expect(await bossCreateAt(distB, 5401, 'bertboss01')).toEqual(limited);
      expect(await bossCreateAt(distB, 5401, 'bertfree09')).toEqual(limited);
      expect(await s.handle.db.selectFrom('account').select('id').where('username', '=', 'bertfree09').executeTakeFirst()).toBeUndefined();

      // Every probe is on the trail of the store it aimed at, with the name tried.
      expect(await probesAudited(s, 'console.name_refused', 5401)).toEqual([
        { name: 'bertboss01', over_limit: false },
        ...A_STAFF.slice(0, LIMIT - 1).map((name) => ({ name, over_limit: false })),
        ...[A_STAFF[LIMIT - 1]!, A_STAFF[LIMIT]!, 'bertboss01', 'bertfree09'].map((name) => ({ name, over_limit: true })),
      ]);
      // Nothing of it reached distributor A's store.
      expect(await probesAudited(s, 'console.name_refused', 5301)).toEqual([]);
    });

    it('another console account is counted on its own, and a free name never counts', async () => {
      const other = await consoleAccount(s, 'distributor', { stores: [5402] });
      for (let i = 1; i <= LIMIT + 2; i++) expect((await bossCreateAt(other, 5402, `bertnew0${i}`)).status).toBe(Status.OK);
      expect(await bossCreateAt(other, 5402, A_STAFF[0]!)).toEqual({ status: Status.ACCOUNT_NAME_REPEATED, error: 'Account name repeated' });
    });

    it('a burst of probes on one account checks no more names than the limit allows', async () => {
      const burst = await consoleAccount(s, 'distributor', { stores: [5403] });
      const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => bossCreateAt(burst, 5403, A_STAFF[i % A_STAFF.length]!)));
      const refused = replies.filter((r) => r.status === Status.ACCOUNT_NAME_REPEATED);
      expect(refused.length).toBeLessThanOrEqual(LIMIT);
      expect(replies.filter((r) => r.status !== Status.ACCOUNT_NAME_REPEATED).every((r) => r.status === Status.DATA_LOCKED)).toBe(true);
    });

    it("a store's boss creating staff (/user/create) is bounded the same way, its own store's names and another distributor's alike", async () => {
      const boss = await s.loginAt(3, DEMO_LOGINS.boss);
      const create = (username: string) => s.call('/user/create', { UID: boss.UID, TOKEN: boss.TOKEN, username, password: 'pass1234', saType: SaType.CASHIER });
      const own = await create(DEMO_LOGINS.cashier.username);
      expect(own).toEqual({ status: Status.ACCOUNT_NAME_REPEATED, error: 'Account name repeated' });
      expect(await create(A_STAFF[0]!)).toEqual(own);
      expect(await create('bertboss01')).toEqual(own);
      const limited = await create(A_STAFF[1]!);
      expect(limited).toMatchObject({ status: Status.DATA_LOCKED, retryAfter: 3600 });
      expect(await create(DEMO_LOGINS.cashier.username)).toEqual(limited);
      expect(await create('demofree07')).toEqual(limited);
      const audited = await probesAudited(s, 'account.name_refused', DEMO_KIOSK);
      expect(audited.map((r) => r.over_limit)).toEqual([false, false, false, true, true, true]);
    });
  },
  { settings: { nameProbeLimit: LIMIT } },
);

describe('refused staff names counted across two servers on postgres', () => {
  const s = useTestServer('postgres', { settings: { nameProbeLimit: LIMIT } });
  const b = useSecondServer(s, { NAME_PROBE_LIMIT: String(LIMIT) });

  it("one console account's refusals on either server count together; past the limit both answer the same 511", async () => {
    await createStore({ handle: s.handle }, SEED, newStore(5501));
    await createStore({ handle: s.handle }, SEED, newStore(5601));
    for (const username of A_STAFF) await createAccount({ handle: s.handle }, SEED, { storeId: 5501, username, password: 'pass1234', saType: SaType.CASHIER });
    const distB = await consoleAccount(s, 'distributor', { stores: [5601] });
    const probe = (on: Pick<typeof b, 'call'>, username: string) => on.call('/operator/bossCreate', { UID: distB.UID, TOKEN: distB.TOKEN, kid: 5601, username, password: 'pass1234' });
    const servers = [s, b, s, b, s];
    const replies = [];
    for (const [i, name] of A_STAFF.entries()) replies.push(await probe(servers[i]!, name));
    expect(replies.map((r) => r.status)).toEqual([...Array<number>(LIMIT).fill(Status.ACCOUNT_NAME_REPEATED), ...Array<number>(A_STAFF.length - LIMIT).fill(Status.DATA_LOCKED)]);
    expect(replies[LIMIT]).toEqual(replies[LIMIT + 1]);
  });
});
