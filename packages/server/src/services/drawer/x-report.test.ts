import { Status } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../cli/seed/seed.js';
import { describeOnDatabases } from '../../testing/server.js';
import { cash, counterSale, customerIds, drawerId, ledgerSums, openCounter } from '../../testing/drawer-kit.js';

describeOnDatabases('X report: the open shift without closing it', (s) => {
  let boss: { UID: number; TOKEN: string };
  beforeAll(async () => {
    boss = await s.login(DEMO_LOGINS.boss, 'viewer');
  });
  const x = (who: { UID: number; TOKEN: string }, extra: Record<string, unknown> = {}) => s.call('/drawer/xReport', { UID: who.UID, TOKEN: who.TOKEN, ...extra });

  it("prints the shift's figures as the ledger holds them, and the shift goes on", async () => {
    const c = await openCounter(s, 1, 100);
    await cash(s, 'fills', c, 40);
    const [alice] = await customerIds(s);
    await counterSale(s, c, 'purchase', 25_00, alice!);
    const before = Date.now();
    const r = await x(c);
    expect(r).toMatchObject({ status: Status.OK, shift_id: c.shift_id, moneybox: 1, shiftTime: null, counted: null, over_short: null });
    // Blind count (the demo store's setting): the cashier does not see what the drawer should hold, nor its terms.
    for (const k of ['balance', 'initial_amount', 'fills', 'purchases']) expect(r).not.toHaveProperty(k);
    expect(Date.parse(r.printedAt as string)).toBeGreaterThanOrEqual(before - 1000);
    const sums = await ledgerSums(s, c.shift_id);
    expect([sums.initial, sums.fills, sums.purchases]).toEqual([100_00, 40_00, 25_00]);

    // The boss reads the same drawer by id, with the expected balance; nothing was closed.
    const one = await drawerId(s, 1);
    expect(await x(boss, { id: one })).toMatchObject({ status: Status.OK, shift_id: c.shift_id, balance: sums.balance / 100, initial_amount: 100, fills: 40, purchases: 25, shiftTime: null });
    expect((await cash(s, 'fills', c, 5)).status).toBe(Status.OK);
    expect(await x(boss, { id: one })).toMatchObject({ fills: 45 });
    await s.call('/drawer/shift', { UID: c.UID, TOKEN: c.TOKEN });
  });

  it('refuses: no own shift (10), unknown drawer (33), a drawer without an open shift (10), another cashier\'s drawer (21)', async () => {
    const a = await openCounter(s, 1, 10);
    const b = await openCounter(s, 2, 20);
    expect((await x(boss)).status).toBe(Status.SHIFT_ERROR);
    expect((await x(boss, { id: 999999 })).status).toBe(Status.DRAWER_ERROR);
    expect((await x(boss, { id: await drawerId(s, 3) })).status).toBe(Status.SHIFT_ERROR);
    expect((await x(b, { id: await drawerId(s, 1) })).status).toBe(Status.PERMISSION_ERROR);
    expect((await x(a, { id: await drawerId(s, 1) })).status).toBe(Status.OK);
    await s.call('/drawer/shift', { UID: a.UID, TOKEN: a.TOKEN });
    expect((await x(a)).status).toBe(Status.SHIFT_ERROR);
    await s.call('/drawer/shift', { UID: b.UID, TOKEN: b.TOKEN });
  });
}, { verifyEach: true });
