import { Status, type Cents, type ConsoleStoreRow } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { consoleAccount, type ConsoleSession } from '../../testing/console-kit.js';
import { describeOnDatabases } from '../../testing/server.js';
import { createStore } from '../operator/operator.service.js';
import { SEED } from '../audit/audit.js';

/** Moving a store to another distributor, or back to the operator's own stores (`/operator/storeDistributor`). */
describeOnDatabases("a store's distributor", (s) => {
  let admin: ConsoleSession;
  let oldDist: ConsoleSession;
  let newDist: ConsoleSession;
  let support: ConsoleSession;
  const kid = 4401;
  const as = (c: ConsoleSession) => ({ UID: c.UID, TOKEN: c.TOKEN });
  const kids = async (c: ConsoleSession) => ((await s.call('/operator/stores', as(c))).list as ConsoleStoreRow[]).map((r) => r.kid);
  const move = (c: ConsoleSession, distributor_id: number | null, store = kid) => s.call('/operator/storeDistributor', { ...as(c), kid: store, distributor_id });
  const auditRows = () => s.handle.db.selectFrom('audit').select(['kind', 'store_id', 'actor_name', 'before_json', 'after_json']).where('kind', '=', 'console.store_distributor').orderBy('id').execute();
  const credit = async () => (await s.handle.db.selectFrom('store').select('credit_cents').where('id', '=', kid).executeTakeFirstOrThrow()).credit_cents;
  const give = (c: ConsoleSession, amount: number, back = false) => s.call('/operator/creditMove', { ...as(c), kid, amount, back, key: `move-${c.UID}-${amount}-${back}-${Date.now()}` });

  beforeAll(async () => {
    admin = await consoleAccount(s, 'admin');
    oldDist = await consoleAccount(s, 'distributor');
    newDist = await consoleAccount(s, 'distributor');
    support = await consoleAccount(s, 'support', { parentId: oldDist.UID });
    await createStore({ handle: s.handle }, SEED, { id: kid, name: 'Moving Arcade', timezone: 'America/Chicago', credit: 0 as Cents, compsBudget: 0 as Cents, maxDrawers: 1, maxMachines: 1, limitDay: 31, limitHourly: 0 as Cents, limitDaily: 0 as Cents, limitWeekly: 0 as Cents, drawers: 1, distributorId: oldDist.UID });
    // The old distributor holds credit and gives some of it to the store.
    for (const d of [oldDist, newDist]) expect((await s.call('/operator/creditMove', { ...as(admin), distributor_id: d.UID, amount: 100, key: `fund-key-${d.UID}` })).status).toBe(Status.OK);
    expect((await give(oldDist, 40)).status).toBe(Status.OK);
  });

  it("moves a store to another distributor: the old one's scope drops it at once, the new one's has it, the store keeps its credit, and only the new parent moves credit to or from it", async () => {
    expect(await kids(oldDist)).toEqual([kid]);
    expect(await kids(newDist)).toEqual([]);
    expect(await move(admin, newDist.UID)).toEqual({ status: Status.OK });

    expect(await kids(oldDist)).toEqual([]);
    expect(await kids(support)).toEqual([]);
    expect(await kids(newDist)).toEqual([kid]);
    expect((await s.call('/operator/store', { ...as(oldDist), kid })).status).toBe(Status.PERMISSION_ERROR);
    expect((await s.call('/operator/store', { ...as(newDist), kid })).store).toMatchObject({ kid, distributor: newDist.username, credit: 40 });
    expect(await credit()).toBe(4000);

    // The old distributor can no longer give or take back; the new one takes back what the old one gave.
    expect((await give(oldDist, 1, true)).status).toBe(Status.PERMISSION_ERROR);
    const taken = await give(newDist, 40, true);
    expect(taken).toMatchObject({ status: Status.OK, parent_balance: 140, child_balance: 0 });
    const balances = await s.call('/operator/distributors', as(admin));
    const byId = new Map((balances.list as { id: number; credit: number; stores: number[] }[]).map((d) => [d.id, d]));
    expect(byId.get(oldDist.UID)).toMatchObject({ credit: 60, stores: [] });
    expect(byId.get(newDist.UID)).toMatchObject({ credit: 140, stores: [kid] });
    // An admin's give now runs along the new edge: it comes out of the new distributor's credit.
    expect(await give(admin, 10)).toMatchObject({ status: Status.OK, parent_balance: 130, child_balance: 10 });

    const [row] = (await auditRows()).filter((r) => r.store_id === kid);
    expect(row).toMatchObject({ actor_name: admin.username });
    expect(JSON.parse(row!.before_json!)).toEqual({ distributor: oldDist.username, distributor_id: oldDist.UID });
    expect(JSON.parse(row!.after_json!)).toEqual({ distributor: newDist.username, distributor_id: newDist.UID });
    await s.verify();
  });

  it("moves a store back to the operator's own stores: no distributor sees it, the operator's edge moves its credit", async () => {
    expect(await move(admin, null)).toEqual({ status: Status.OK });
    expect(await kids(newDist)).toEqual([]);
    expect(await kids(admin)).toContain(kid);
    expect((await s.call('/operator/store', { ...as(admin), kid })).store).toMatchObject({ distributor: null });
    expect((await give(newDist, 1, true)).status).toBe(Status.PERMISSION_ERROR);
    expect(await give(admin, 5, true)).toMatchObject({ status: Status.OK, parent_balance: null, child_balance: 5 });
    await s.verify();
  });

  it('refuses an unknown store (21), an unknown distributor and the store\'s own (13 with the words), a distributor and support (21), and writes nothing', async () => {
    const before = (await auditRows()).length;
    const binding = () => s.handle.db.selectFrom('platform_account_store').select('account_id').where('store_id', '=', kid).execute();
    const bound = await binding();
    expect((await move(admin, newDist.UID, 99_999)).status).toBe(Status.PERMISSION_ERROR);
    expect(await move(admin, 987_654)).toEqual({ status: Status.INPUT_ERROR, reason: 'no_distributor', error: 'no distributor with that id' });
    expect(await move(admin, support.UID)).toEqual({ status: Status.INPUT_ERROR, reason: 'no_distributor', error: 'no distributor with that id' });
    expect(await move(admin, null)).toEqual({ status: Status.INPUT_ERROR, reason: 'already_own', error: "the store is already one of the operator's own" });
    expect((await move(admin, oldDist.UID)).status).toBe(Status.OK);
    expect(await move(admin, oldDist.UID)).toEqual({ status: Status.INPUT_ERROR, reason: 'already_bound', error: 'the store is already bound to that distributor' });
    expect((await move(oldDist, newDist.UID)).status).toBe(Status.PERMISSION_ERROR);
    expect((await move(support, null)).status).toBe(Status.PERMISSION_ERROR);
    expect((await auditRows()).length).toBe(before + 1);
    expect(await binding()).not.toEqual(bound);
    expect(await binding()).toEqual([{ account_id: oldDist.UID }]);
  });

  it('two moves of one store at once run one after the other: no error, one binding at most, an audit row per move', async () => {
    const bound = async () => (await s.handle.db.selectFrom('platform_account_store').select('account_id').where('store_id', '=', kid).execute()).map((r) => r.account_id);
    if ((await bound()).length) expect((await move(admin, null)).status).toBe(Status.OK);
    for (let round = 0; round < 4; round++) {
      const before = (await auditRows()).length;
      // The same move twice: one moves it, the other (run after it) finds it there already.
      const same = await Promise.all([move(admin, newDist.UID), move(admin, newDist.UID)]);
      expect(same).toContainEqual({ status: Status.OK });
      expect(same).toContainEqual({ status: Status.INPUT_ERROR, reason: 'already_bound', error: 'the store is already bound to that distributor' });
      expect(await bound()).toEqual([newDist.UID]);
      // Two different moves: both apply, in some order.
      expect(await Promise.all([move(admin, oldDist.UID), move(admin, null)])).toEqual([{ status: Status.OK }, { status: Status.OK }]);
      expect((await bound()).length).toBeLessThanOrEqual(1);
      expect((await auditRows()).length).toBe(before + 3);
      if ((await bound()).length) expect((await move(admin, null)).status).toBe(Status.OK);
    }
  });
});
