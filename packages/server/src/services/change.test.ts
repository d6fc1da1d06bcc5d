import { Status } from '@moneybox/contract';
import { expect, it } from 'vitest';
import { refuse, StatusRefusal } from '../domain/status-refusal.js';
import type { LiveChange, LiveChanges } from '../live/live-changes.js';
import { describeOnDatabases } from '../testing/server.js';
import { OPERATOR } from './audit/audit.js';
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
});
