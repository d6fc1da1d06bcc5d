import type { Cents } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { createPlatformAccount } from '../services/console/platform-accounts.service.js';
import { createStore } from '../services/operator/operator.service.js';
import { SEED } from '../services/audit/audit.js';
import { operatorCli } from '../testing/cli-kit.js';
import { describeOnDatabases } from '../testing/server.js';
import { openServerBus, type BusEvent } from '../bus/server-bus.js';

const newStore = (id: number) =>
  ({ id, name: `Cli Move ${id}`, timezone: 'America/Chicago', credit: 0 as Cents, compsBudget: 0 as Cents, maxDrawers: 1, maxMachines: 1, limitDay: 31, limitHourly: 0 as Cents, limitDaily: 0 as Cents, limitWeekly: 0 as Cents, drawers: 1 });

/** `npm run admin -- move-store`: a store's distributor from the command line, through the console's service, as the operator. */
describeOnDatabases('operator CLI: moving a store between distributors', (s, dialect) => {
  const { cli, refused } = operatorCli(s);
  const ownerOf = async (kid: number) =>
    (await s.handle.db.selectFrom('platform_account_store').innerJoin('platform_account', 'platform_account.id', 'platform_account_store.account_id').select('platform_account.username').where('platform_account_store.store_id', '=', kid).executeTakeFirst())?.username ?? null;

  beforeAll(async () => {
    await createStore({ handle: s.handle }, SEED, newStore(5201));
    await createPlatformAccount({ handle: s.handle }, SEED, { username: 'movedist1', password: 'console123', role: 'distributor', stores: [5201] });
    await createPlatformAccount({ handle: s.handle }, SEED, { username: 'movedist2', password: 'console123', role: 'distributor', stores: [] });
  });

  it('moves a store to another distributor and back to the operator, audited as the operator', async () => {
    expect(await cli('move-store', '--kiosk', '5201', '--distributor', 'movedist2')).toEqual({ code: 0, text: 'Kiosk 5201 now belongs to distributor "movedist2".' });
    expect(await ownerOf(5201)).toBe('movedist2');
    expect(await cli('move-store', '--kiosk', '5201', '--operator')).toEqual({ code: 0, text: "Kiosk 5201 is one of the operator's own stores again." });
    expect(await ownerOf(5201)).toBeNull();
    const audit = await s.handle.db.selectFrom('audit').select(['actor_name', 'kind', 'store_id']).where('kind', '=', 'console.store_distributor').orderBy('id').execute();
    expect(audit).toEqual([
      { actor_name: 'operator', kind: 'console.store_distributor', store_id: 5201 },
      { actor_name: 'operator', kind: 'console.store_distributor', store_id: 5201 },
    ]);
  });

  // Only PostgreSQL carries the bus between processes: defined there alone, so no run counts a skip.
  if (dialect === 'postgres') it("tells the running servers' consoles at once: the store's live note, naming the distributor it left, on their bus", async () => {
    const bus = openServerBus(s.handle);
    const heard: BusEvent[] = [];
    bus.subscribe((e) => heard.push(e));
    try {
      await bus.publish({ kind: 'alerts' }); // the bus listens once its first publish is through
      const dist = await s.handle.db.selectFrom('platform_account').select('id').where('username', '=', 'movedist2').executeTakeFirstOrThrow();
      expect((await cli('move-store', '--kiosk', '5201', '--distributor', 'movedist2')).code).toBe(0);
      expect((await cli('move-store', '--kiosk', '5201', '--operator')).code).toBe(0);
      await expect.poll(() => heard.flatMap((e) => (e.kind === 'live' ? e.batches : [])).filter((b) => b.store === 5201).length).toBeGreaterThanOrEqual(2);
      const formerOwners = heard.flatMap((e) => (e.kind === 'live' ? e.batches : [])).flatMap((b) => b.formerOwners ?? []);
      expect(formerOwners).toContain(Number(dist.id));
    } finally {
      await bus.close();
    }
  });

  it('refuses in words, changing nothing: an unknown distributor, both or neither target, the store already there', async () => {
    await refused(/no distributor "nobody"/, 'move-store', '--kiosk', '5201', '--distributor', 'nobody');
    await refused(/one of them/, 'move-store', '--kiosk', '5201');
    await refused(/one of them/, 'move-store', '--kiosk', '5201', '--distributor', 'movedist1', '--operator');
    await refused(/whole number/, 'move-store', '--kiosk', 'x');
    await refused(/already one of the operator's own/, 'move-store', '--kiosk', '5201', '--operator');
    expect(await ownerOf(5201)).toBeNull();
  });
});
