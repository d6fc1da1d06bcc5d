import { SaType, Status, type Cents } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { consoleAccount, type ConsoleSession } from '../../testing/console-kit.js';
import { describeOnDatabases } from '../../testing/server.js';
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
