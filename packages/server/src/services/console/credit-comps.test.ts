import { Status, type Cents } from '@moneybox/contract';
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { consoleAccount, type ConsoleSession } from '../../testing/console-kit.js';
import { describeOnDatabases, type Body } from '../../testing/server.js';
import { createStore } from '../operator/operator.service.js';
import { SEED } from '../audit/audit.js';

const newStore = (id: number) =>
  ({ id, name: `Comps ${id}`, timezone: 'America/Chicago', credit: 0 as Cents, compsBudget: 0 as Cents, maxDrawers: 1, maxMachines: 1, limitDay: 31, limitHourly: 0 as Cents, limitDaily: 0 as Cents, limitWeekly: 0 as Cents, drawers: 1 });

/** A store's special comps budget flows down like credit: a distributor gives only what it holds. */
describeOnDatabases('console comps budget from nothing', (s) => {
  let admin: ConsoleSession, dist: ConsoleSession;
  const move = (c: ConsoleSession, body: Body) => s.call('/operator/creditMove', { UID: c.UID, TOKEN: c.TOKEN, key: randomUUID(), ...body });
  const budget = async () => Number((await s.handle.db.selectFrom('store').select('comps_budget_cents').where('id', '=', 4201).executeTakeFirstOrThrow()).comps_budget_cents);

  beforeAll(async () => {
    await createStore({ handle: s.handle }, SEED, newStore(4201));
    admin = await consoleAccount(s, 'admin');
    dist = await consoleAccount(s, 'distributor', { stores: [4201] });
  });

  it('a distributor holding nothing gives its store no comps budget, at once or in a burst', async () => {
    expect((await move(dist, { kid: 4201, fund: 'comps', amount: 10_000_000 })).status).toBe(Status.CREDIT_ERROR);
    const burst = await Promise.all(Array.from({ length: 5 }, () => move(dist, { kid: 4201, fund: 'comps', amount: 10_000_000 })));
    expect(burst.map((r) => r.status)).toEqual(Array(5).fill(Status.CREDIT_ERROR));
    expect(await budget()).toBe(0);
    await s.verify();
  });

  it('what it holds is all it gives: of five concurrent gifts of 40 from 100, two pass', async () => {
    expect((await move(admin, { distributor_id: dist.UID, amount: 100 })).status).toBe(Status.OK);
    const burst = await Promise.all(Array.from({ length: 5 }, () => move(dist, { kid: 4201, fund: 'comps', amount: 40 })));
    expect(burst.filter((r) => r.status === Status.OK)).toHaveLength(2);
    expect(burst.filter((r) => r.status === Status.CREDIT_ERROR)).toHaveLength(3);
    expect(await budget()).toBe(8000);
    const hist = await s.call('/operator/creditHistory', { UID: dist.UID, TOKEN: dist.TOKEN, distributor_id: dist.UID });
    expect(hist.balance).toBe(20);
    await s.verify();
  });
});
