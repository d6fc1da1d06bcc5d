import { Status, type Cents } from '@moneybox/contract';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { consoleAccount, type ConsoleSession } from '../../testing/console-kit.js';
import { describeOnDatabases, type Body } from '../../testing/server.js';
import { verifyLedger } from '../../money/verify.js';
import { createStore } from '../operator/operator.service.js';
import { SEED } from '../audit/audit.js';

const newStore = (id: number) =>
  ({ id, name: `Credit ${id}`, timezone: 'America/Chicago', credit: 0 as Cents, compsBudget: 0 as Cents, maxDrawers: 1, maxMachines: 1, limitDay: 31, limitHourly: 0 as Cents, limitDaily: 0 as Cents, limitWeekly: 0 as Cents, drawers: 1 });

/**
 * Credit down the hierarchy: operator (unlimited) → distributor → sub-distributor and stores, each
 * move one credit_transfer row with both sides' balances, the store's side its ledger row; verify
 * covers the distributors' balances.
 */
describeOnDatabases('console credit hierarchy', (s) => {
  let admin: ConsoleSession, dist: ConsoleSession, sub: ConsoleSession, other: ConsoleSession, support: ConsoleSession;
  const as = (c: ConsoleSession) => ({ UID: c.UID, TOKEN: c.TOKEN });
  const move = (c: ConsoleSession, body: Body) => s.call('/operator/creditMove', { ...as(c), key: randomUUID(), ...body });
  const balanceOf = async (c: ConsoleSession, body: Body) => (await s.call('/operator/creditHistory', { ...as(c), ...body })).balance as number;

  beforeAll(async () => {
    await createStore({ handle: s.handle }, SEED, newStore(4101));
    await createStore({ handle: s.handle }, SEED, newStore(4102));
    await createStore({ handle: s.handle }, SEED, newStore(4103));
    admin = await consoleAccount(s, 'admin');
    dist = await consoleAccount(s, 'distributor', { stores: [4101] });
    sub = await consoleAccount(s, 'distributor', { stores: [4102], parentId: dist.UID });
    other = await consoleAccount(s, 'distributor', { stores: [4103] });
    support = await consoleAccount(s, 'support', { parentId: dist.UID });
  });

  it('flows down (admin → distributor → sub-distributor and store) and back up, both balances on each move, nobody giving more than it holds', async () => {
    expect(await move(admin, { distributor_id: dist.UID, amount: 1000, note: 'first lot' })).toMatchObject({ status: Status.OK, parent_balance: null, child_balance: 1000 });
    expect(await move(dist, { kid: 4101, amount: 300.5 })).toMatchObject({ status: Status.OK, parent_balance: 699.5, child_balance: 300.5 });
    expect(await move(dist, { distributor_id: sub.UID, amount: 200 })).toMatchObject({ status: Status.OK, parent_balance: 499.5, child_balance: 200 });
    expect(await move(sub, { kid: 4102, amount: 150 })).toMatchObject({ status: Status.OK, parent_balance: 50, child_balance: 150 });
    // More than the giver holds: refused, nothing moved.
    expect((await move(sub, { kid: 4102, amount: 50.01 })).status).toBe(Status.CREDIT_ERROR);
    expect((await move(admin, { kid: 4101, amount: 500 })).status).toBe(Status.CREDIT_ERROR); // 4101's parent is dist: the admin moves along its edge
    // Take-backs return credit up, never below zero.
    expect((await move(dist, { kid: 4101, amount: 300.51, back: true })).status).toBe(Status.CREDIT_ERROR);
    expect(await move(dist, { kid: 4101, amount: 100.5, back: true, note: 'slow week' })).toMatchObject({ status: Status.OK, parent_balance: 600, child_balance: 200 });
    expect(await move(admin, { distributor_id: dist.UID, amount: 100, back: true })).toMatchObject({ status: Status.OK, parent_balance: null, child_balance: 500 });

    expect(await balanceOf(admin, { distributor_id: dist.UID })).toBe(500);
    expect(await balanceOf(dist, { distributor_id: sub.UID })).toBe(50);
    expect(await balanceOf(support, { kid: 4101 })).toBe(200);
    // The store's credit is the counter's: the boss's quota and the store row agree.
    const store = await s.handle.db.selectFrom('store').select(['credit_cents']).where('id', '=', 4101).executeTakeFirstOrThrow();
    expect(store.credit_cents).toBe(20000);

    const hist = await s.call('/operator/creditHistory', { ...as(dist), distributor_id: dist.UID });
    const list = hist.list as { amount: number; balance: number; other: string; note: string }[];
    expect(list.map((r) => [r.amount, r.balance, r.other])).toEqual([
      [-100, 500, 'operator'],
      [100.5, 600, 'Credit 4101'],
      [-200, 499.5, sub.username],
      [-300.5, 699.5, 'Credit 4101'],
      [1000, 1000, 'operator'],
    ]);
    const storeHist = (await s.call('/operator/creditHistory', { ...as(dist), kid: 4101 })).list as { amount: number; balance: number; other: string; by: string; note: string }[];
    expect(storeHist[0]).toMatchObject({ amount: -100.5, balance: 200, other: dist.username, other_balance: 600, by: dist.username, note: 'slow week' });
    const audits = await s.handle.db.selectFrom('audit').select(['kind', 'actor_name']).where('kind', 'like', 'console.credit%').execute();
    expect(audits.length).toBe(6);
    await s.verify();
  });

  it('keeps each account in its scope: a distributor moves only along its own edges, support only reads', async () => {
    expect((await move(other, { kid: 4101, amount: 1 })).status).toBe(Status.PERMISSION_ERROR);
    expect((await move(other, { distributor_id: sub.UID, amount: 1 })).status).toBe(Status.PERMISSION_ERROR);
    expect((await move(dist, { distributor_id: dist.UID, amount: 1 })).status).toBe(Status.PERMISSION_ERROR); // its own edge up is the admin's
    expect((await move(dist, { kid: 4102, amount: 1 })).status).toBe(Status.PERMISSION_ERROR); // the sub-distributor's store
    expect((await move(support, { kid: 4101, amount: 1 })).status).toBe(Status.PERMISSION_ERROR);
    expect((await s.call('/operator/creditHistory', { ...as(other), distributor_id: dist.UID })).status).toBe(Status.PERMISSION_ERROR);
    expect((await s.call('/operator/creditHistory', { ...as(other), kid: 4101 })).status).toBe(Status.PERMISSION_ERROR);
    const seen = async (c: ConsoleSession) => ((await s.call('/operator/distributors', as(c))).list as { id: number }[]).map((d) => d.id).sort((a, b) => a - b);
    expect(await seen(dist)).toEqual([dist.UID, sub.UID]);
    expect(await seen(other)).toEqual([other.UID]);
    expect(await seen(support)).toEqual([dist.UID, sub.UID]);
    expect(await seen(admin)).toEqual(expect.arrayContaining([dist.UID, sub.UID, other.UID]));
  });

  it('is idempotent by key: a retry moves nothing twice, the key for another move is refused', async () => {
    const key = randomUUID();
    const first = await s.call('/operator/creditMove', { ...as(admin), key, distributor_id: other.UID, amount: 40 });
    const again = await s.call('/operator/creditMove', { ...as(admin), key, distributor_id: other.UID, amount: 40 });
    expect(again).toEqual(first);
    expect(await balanceOf(admin, { distributor_id: other.UID })).toBe(40);
    expect((await s.call('/operator/creditMove', { ...as(admin), key, distributor_id: other.UID, amount: 41 })).status).toBe(Status.KEY_ERROR);
    // Two at once with one key: one move.
    const k2 = randomUUID();
    const both = await Promise.all([0, 1].map(() => s.call('/operator/creditMove', { ...as(other), key: k2, kid: 4103, amount: 10 })));
    expect(both[0]).toEqual(both[1]);
    expect(await balanceOf(admin, { distributor_id: other.UID })).toBe(30);
  });

  it('gives and takes back a store\'s special comps budget out of its distributor\'s credit, with a note and its history, never below zero', async () => {
    // `other` holds 30: the budget it gives comes out of that, no more.
    expect((await move(other, { kid: 4103, fund: 'comps', amount: 30.01 })).status).toBe(Status.CREDIT_ERROR);
    expect(await move(other, { kid: 4103, fund: 'comps', amount: 25, note: 'holiday' })).toMatchObject({ status: Status.OK, parent_balance: 5, child_balance: 25 });
    expect((await move(other, { kid: 4103, fund: 'comps', amount: 25.01, back: true })).status).toBe(Status.CREDIT_ERROR);
    expect(await move(admin, { kid: 4103, fund: 'comps', amount: 10, back: true })).toMatchObject({ status: Status.OK, parent_balance: 15, child_balance: 15 });
    expect((await move(admin, { distributor_id: other.UID, fund: 'comps', amount: 1 })).status).toBe(Status.INPUT_ERROR);
    const h = await s.call('/operator/creditHistory', { ...as(other), kid: 4103, fund: 'comps' });
    expect(h.balance).toBe(15);
    expect((h.list as { amount: number; note: string; by: string; other: string }[]).map((r) => [r.amount, r.note, r.by, r.other])).toEqual([
      [-10, 'console special comps budget', admin.username, other.username],
      [25, 'holiday', other.username, other.username],
    ]);
    // Back up whole: the distributor holds its 30 again, its history showing both moves.
    expect(await move(other, { kid: 4103, fund: 'comps', amount: 15, back: true })).toMatchObject({ status: Status.OK, parent_balance: 30, child_balance: 0 });
    expect(await balanceOf(admin, { distributor_id: other.UID })).toBe(30);
    await s.verify();
  });

  it('never overdraws under concurrent transfers from one account', async () => {
    // `other` holds 30 and its store 4103 10 (the tests above).
    expect((await move(admin, { distributor_id: other.UID, amount: 70 })).status).toBe(Status.OK);
    const replies = await Promise.all(Array.from({ length: 10 }, () => move(other, { kid: 4103, amount: 15 })));
    expect(replies.filter((r) => r.status === Status.OK).length).toBe(6);
    expect(replies.every((r) => r.status === Status.OK || r.status === Status.CREDIT_ERROR)).toBe(true);
    expect(await balanceOf(admin, { distributor_id: other.UID })).toBe(10);
    expect(await balanceOf(admin, { kid: 4103 })).toBe(100);
    // Taking back at once from the store: never below zero.
    const backs = await Promise.all(Array.from({ length: 8 }, () => move(other, { kid: 4103, amount: 20, back: true })));
    expect(backs.filter((r) => r.status === Status.OK).length).toBe(5);
    expect(await balanceOf(admin, { kid: 4103 })).toBe(0);
    expect(await balanceOf(admin, { distributor_id: other.UID })).toBe(110);
    await s.verify();
  });

  it('verify finds a distributor whose cached credit differs from its moves', async () => {
    const cached = (await s.handle.db.selectFrom('platform_account').select('credit_cents').where('id', '=', other.UID).executeTakeFirstOrThrow()).credit_cents;
    await s.handle.db.updateTable('platform_account').set({ credit_cents: cached + 1 }).where('id', '=', other.UID).execute();
    expect(await verifyLedger(s.handle.db)).toEqual([{ what: 'platform credit', id: other.UID, cached: cached + 1, ledger: cached }]);
    await s.handle.db.updateTable('platform_account').set({ credit_cents: cached }).where('id', '=', other.UID).execute();
    expect(await verifyLedger(s.handle.db)).toEqual([]);
  });

  it('property: random transfers and take-backs keep every balance equal to its ledger sum and never below zero', async () => {
    // The tree of the first test: operator → dist → {sub → store 4102, store 4101}; each step a give or take-back on one edge.
    const EDGES = [
      { who: admin, parent: null, child: 'top', body: { distributor_id: dist.UID } },
      { who: dist, parent: 'top', child: 'mid', body: { distributor_id: sub.UID } },
      { who: dist, parent: 'top', child: 'A', body: { kid: 4101 } },
      { who: sub, parent: 'mid', child: 'B', body: { kid: 4102 } },
    ] as const;
    const actual = async () => ({
      top: Math.round((await balanceOf(admin, { distributor_id: dist.UID })) * 100),
      mid: Math.round((await balanceOf(admin, { distributor_id: sub.UID })) * 100),
      A: Math.round((await balanceOf(admin, { kid: 4101 })) * 100),
      B: Math.round((await balanceOf(admin, { kid: 4102 })) * 100),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ edge: fc.integer({ min: 0, max: 3 }), cents: fc.integer({ min: 1, max: 5000 }), back: fc.boolean() }), { minLength: 1, maxLength: 8 }), async (steps) => {
        const model: Record<string, number> = await actual();
        for (const step of steps) {
          const e = EDGES[step.edge]!;
          const from = step.back ? e.child : e.parent;
          const can = from === null || model[from]! >= step.cents;
          const r = await move(e.who, { ...e.body, amount: step.cents / 100, back: step.back });
          expect(r.status).toBe(can ? Status.OK : Status.CREDIT_ERROR);
          if (can) {
            const d = step.back ? -step.cents : step.cents;
            if (e.parent) model[e.parent]! -= d;
            model[e.child]! += d;
          }
        }
        const now = await actual();
        expect(now).toEqual(model);
        expect(Object.values(now).every((v) => v >= 0)).toBe(true);
        await s.verify();
      }),
      { numRuns: 8 },
    );
  });
});
