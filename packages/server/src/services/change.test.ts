import { Status } from '@moneybox/contract';
import { expect, it } from 'vitest';
import { refuse, StatusRefusal } from '../domain/status-refusal.js';
import type { LiveChange, LiveChanges } from '../live/live-changes.js';
import { describeOnDatabases } from '../testing/server.js';
import { OPERATOR, type AuditActor } from './audit/audit.js';
import { runChange } from './change.js';

/** The one runner of a change: its audit rows in its transaction, what moved told once and only after the commit. */
describeOnDatabases('the change runner', (s) => {
  const told: Array<{ store: number; what: LiveChange }> = [];
  const deps = () => ({ handle: s.handle, live: { note: (store: number, what: LiveChange) => void told.push({ store, what }) } as unknown as LiveChanges });
  const rows = async () => Number((await s.handle.db.selectFrom('audit').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'operator.command').executeTakeFirstOrThrow()).n);

  it('writes the audit rows in the change and tells each store it moved once, after the commit', async () => {
    told.length = 0;
    const before = await rows();
    await runChange(deps(), OPERATOR, async (_tx, change) => {
      await change.audit({ storeId: 1001, kind: 'operator.command', after: { command: 'first' } });
      await change.audit({ storeId: null, kind: 'operator.command', after: { command: 'platform-wide' } });
      change.moved(1001, { customers: [5] });
      change.moved(1001, { customers: [5, 6], machines: [2] });
      // Nothing is told while the change can still roll back.
      expect(told).toEqual([]);
    });
    expect(await rows()).toBe(before + 2);
    expect(told).toEqual([{ store: 1001, what: { customers: [5, 6], machines: [2] } }]);
  });

  it('keeps and tells nothing of a refused change', async () => {
    told.length = 0;
    const before = await rows();
    const refused = runChange(deps(), OPERATOR, async (_tx, change) => {
      await change.audit({ storeId: 1001, kind: 'operator.command', after: { command: 'refused' } });
      change.moved(1001, { customers: [7] });
      refuse(Status.INPUT_ERROR, { error: 'no' });
    });
    await expect(refused).rejects.toBeInstanceOf(StatusRefusal);
    expect(await rows()).toBe(before);
    expect(told).toEqual([]);
  });

  it('joins the open change when run with its dependencies (an operator step in a console action): one transaction, each actor its rows, told once at the outer commit', async () => {
    told.length = 0;
    const before = await rows();
    const console: AuditActor = { accountId: null, name: 'admin01', role: 'admin' };
    const refused = runChange(deps(), console, async (tx, outer) => {
      await outer.audit({ storeId: 1001, kind: 'operator.command', after: { command: 'outer' } });
      await runChange(tx, OPERATOR, async (inner, change) => {
        // The inner change's database is the outer one's transaction.
        expect(inner.handle.db).toBe(tx.handle.db);
        await change.audit({ storeId: 1002, kind: 'operator.command', after: { command: 'inner' } });
        change.moved(1001, { customers: [8] });
      });
      expect(told).toEqual([]);
      refuse(Status.INPUT_ERROR, { error: 'the outer change is refused after the inner one ran' });
    });
    await expect(refused).rejects.toBeInstanceOf(StatusRefusal);
    // The inner change went with the outer one.
    expect(await rows()).toBe(before);
    expect(told).toEqual([]);

    await runChange(deps(), console, async (tx, outer) => {
      await outer.audit({ storeId: 1001, kind: 'operator.command', after: { command: 'outer' } });
      await runChange(tx, OPERATOR, async (_inner, change) => {
        await change.audit({ storeId: 1002, kind: 'operator.command', after: { command: 'inner' } });
        change.moved(1001, { customers: [8] });
      });
    });
    const written = await s.handle.db.selectFrom('audit').select(['actor_name', 'store_id']).where('kind', '=', 'operator.command').orderBy('id', 'desc').limit(2).execute();
    expect(written.reverse()).toEqual([{ actor_name: 'admin01', store_id: 1001 }, { actor_name: 'operator', store_id: 1002 }]);
    expect(told).toEqual([{ store: 1001, what: { customers: [8] } }, { store: 1002, what: {} }]);
  });

  it('refuses to run in a transaction it did not open when it would have someone to tell', async () => {
    await s.handle.db.transaction().execute(async (tx) => {
      const inForeign = { handle: { ...s.handle, db: tx }, live: deps().live };
      await expect(runChange(inForeign, OPERATOR, async () => undefined)).rejects.toThrow(/did not open/);
      // With nobody to tell (the CLI, a test's fixtures) it joins the transaction.
      await runChange({ handle: { db: tx } }, OPERATOR, async (inner) => expect(inner.handle.db).toBe(tx));
    });
  });
});
