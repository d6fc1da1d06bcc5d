import { RefusalReason, Status } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_KIOSK, DEMO_LOGINS } from '../../cli/seed/seed.js';
import { post } from '../../money/ledger.js';
import { MOVEMENTS } from '../../money/movements.js';
import { storeRepository } from '../../repositories/store.repository.js';
import { describeOnDatabases, type Reply } from '../../testing/server.js';
import { cash, counterSale, customerIds, drawerId, info, ledgerSums, newCashier, openCounter, takeDrawer, type Counter } from '../../testing/drawer-kit.js';

/** The report's money fields, to compare a close with its reprint. */
const numbers = (r: Reply) => {
  const { status: _status, ...rest } = r;
  return rest;
};

describeOnDatabases('shift close, force close and reprint', (s) => {
  let boss: { UID: number; TOKEN: string };
  beforeAll(async () => {
    boss = await s.login(DEMO_LOGINS.boss, 'viewer');
  });

  const close = (c: { UID: number; TOKEN: string }, extra: Record<string, unknown> = {}) => s.call('/drawer/shift', { UID: c.UID, TOKEN: c.TOKEN, ...extra });
  const reprint = (who: { UID: number; TOKEN: string }, shift_id: number) => s.call('/drawer/shiftReport', { UID: who.UID, TOKEN: who.TOKEN, shift_id });

  it('closes with a blind count: report has expected, counted and over/short; numbers equal the ledger and never change', async () => {
    const c = await openCounter(s, 1, 100);
    await cash(s, 'fills', c, 40);
    await cash(s, 'bleeds', c, 25.5);
    const [alice, bob] = await customerIds(s);
    await counterSale(s, c, 'purchase', 60_00, alice!);
    await counterSale(s, c, 'redeem', 30_00, bob!);
    const r = await close(c, { counted: 144 });
    expect(r).toMatchObject({
      status: Status.OK,
      shift_id: c.shift_id,
      moneybox: 1,
      closedBy: expect.any(String),
      initial_amount: 100,
      fills: 40,
      bleeds: 25.5,
      purchases: 60,
      redeems: 30,
      balance: 144.5,
      counted: 144,
      over_short: -0.5,
      count_detail: null,
    });
    expect(r.closedBy).toBe(r.account);
    expect(typeof r.shiftTime).toBe('string');
    const sums = await ledgerSums(s, c.shift_id);
    expect([sums.initial, sums.fills, sums.bleeds, sums.purchases, sums.redeems, sums.balance]).toEqual([100_00, 40_00, 25_50, 60_00, 30_00, 144_50]);

    // Closed: every money call on it is refused and nothing moves.
    expect((await cash(s, 'fills', c, 10)).status).toBe(Status.SHIFT_ERROR);
    expect((await cash(s, 'bleeds', c, 10)).status).toBe(Status.SHIFT_ERROR);
    expect((await s.call('/drawer/init', { UID: c.UID, TOKEN: c.TOKEN, amount: 10, key: await s.key() })).status).toBe(Status.SHIFT_ERROR);
    expect((await close(c)).status).toBe(Status.SHIFT_ERROR);
    expect((await info(s, c)).status).toBe(Status.SHIFT_ERROR);
    await expect(
      // Even the ledger module itself refuses to touch a closed shift.
      s.handle.db.transaction().execute((tx) =>
        post(tx, { storeId: DEMO_KIOSK, kind: 'fill', amount: 1, shiftId: c.shift_id, ...MOVEMENTS.fill.effects(1), at: new Date().toISOString() }),
      ),
    ).rejects.toMatchObject({ reason: RefusalReason.NO_SHIFT });
    expect(await ledgerSums(s, c.shift_id)).toEqual(sums);
    expect(numbers(await reprint(c, c.shift_id))).toEqual(numbers(r));
  });

  it('counts by denomination: counted is the sum; a disagreeing total is 35; a bad denomination 13', async () => {
    const c = await openCounter(s, 2, 57.35);
    expect((await close(c, { count_detail: { '20': 2, abc: 1 } })).status).toBe(Status.INPUT_ERROR);
    expect((await close(c, { count_detail: { '20': -1 } })).status).toBe(Status.INPUT_ERROR);
    expect((await close(c, { counted: 50, count_detail: { '20': 2 } })).status).toBe(Status.AMOUNT_ERROR);
    const detail = { '20': 2, '10': 1, '5': 1, '1': 2, '0.25': 1 };
    const r = await close(c, { count_detail: detail });
    expect(r).toMatchObject({ status: Status.OK, counted: 57.25, balance: 57.35, over_short: -0.1, count_detail: detail });
    expect(numbers(await reprint(boss, c.shift_id))).toEqual(numbers(r));
  });

  it('closes without a count (the spec flow when the blind count is off); info tells the UI which flow', async () => {
    const c = await openCounter(s, 1, 10);
    expect((await info(s, c)).blind_count).toBe(true);
    await storeRepository.update(s.handle.db, DEMO_KIOSK, { blind_count: 0 });
    try {
      expect((await info(s, c)).blind_count).toBe(false);
    } finally {
      await storeRepository.update(s.handle.db, DEMO_KIOSK, { blind_count: 1 });
    }
    expect(await close(c)).toMatchObject({ status: Status.OK, balance: 10, counted: null, over_short: null });
    // A shift closed before its initial amount is fine too (logout right after login).
    const fresh = await takeDrawer(s, 1, await newCashier(s));
    expect(await close(fresh)).toMatchObject({ status: Status.OK, initial_amount: 0, balance: 0 });
  });

  it('reprints only closed shifts: own for a cashier (21 otherwise), any of the store for a boss', async () => {
    const a = await openCounter(s, 1, 20);
    const b = await openCounter(s, 2, 30);
    expect((await reprint(a, a.shift_id)).status).toBe(Status.SHIFT_ERROR);
    const closedA = await close(a, { counted: 20 });
    expect((await reprint(b, a.shift_id)).status).toBe(Status.PERMISSION_ERROR);
    expect((await reprint(boss, 999999)).status).toBe(Status.SHIFT_ERROR);
    expect((await reprint(boss, 'abc' as unknown as number)).status).toBe(Status.INPUT_ERROR);
    expect(numbers(await reprint(boss, a.shift_id))).toEqual(numbers(closedA));
    await close(b);

    const mine = await s.call('/drawer/recentShifts', { UID: a.UID, TOKEN: a.TOKEN });
    expect(mine.status).toBe(Status.OK);
    expect((mine.list as Reply[]).map((x) => x.shift_id)).toEqual([a.shift_id]);
    const all = await s.call('/drawer/recentShifts', { UID: boss.UID, TOKEN: boss.TOKEN, limit: 2 });
    expect((all.list as Reply[]).map((x) => x.shift_id)).toEqual([b.shift_id, a.shift_id]);
    expect((await s.call('/drawer/recentShifts', { UID: boss.UID, TOKEN: boss.TOKEN, limit: 0 })).status).toBe(Status.INPUT_ERROR);
  });

  it('lets a boss force-close a shift left open: the report names who closed it, the cashier is then refused', async () => {
    const c = await openCounter(s, 3, 80);
    await cash(s, 'fills', c, 20);
    const three = await drawerId(s, 3);
    expect((await s.call('/drawer/forceClose', { UID: c.UID, TOKEN: c.TOKEN, id: three })).status).toBe(Status.PERMISSION_ERROR);
    expect((await s.call('/drawer/forceClose', { UID: boss.UID, TOKEN: boss.TOKEN, id: 999999 })).status).toBe(Status.DRAWER_ERROR);
    expect((await s.call('/drawer/forceClose', { UID: boss.UID, TOKEN: boss.TOKEN, id: await drawerId(s, 2) })).status).toBe(Status.SHIFT_ERROR);
    const r = await s.call('/drawer/forceClose', { UID: boss.UID, TOKEN: boss.TOKEN, id: three, counted: 100 });
    expect(r).toMatchObject({ status: Status.OK, shift_id: c.shift_id, moneybox: 3, closedBy: 'boss01', balance: 100, counted: 100, over_short: 0 });
    expect(r.account).not.toBe('boss01');
    expect((await cash(s, 'bleeds', c, 5)).status).toBe(Status.SHIFT_ERROR);
    expect((await close(c)).status).toBe(Status.SHIFT_ERROR);
    expect((await s.call('/drawer/forceClose', { UID: boss.UID, TOKEN: boss.TOKEN, id: three })).status).toBe(Status.SHIFT_ERROR);
    expect(numbers(await reprint(c, c.shift_id))).toEqual(numbers(r));
    // The drawer is free again; the cashier may take it for a new shift.
    const again = await s.call('/user/chooseDrawer', { UID: c.UID, TOKEN: c.TOKEN, moneybox: 3 });
    expect(again).toMatchObject({ status: Status.OK, initAmount: false });
    expect(again.shift_id).not.toBe(c.shift_id);
    expect((await close(c)).status).toBe(Status.OK);
  });

  it('a force-close racing the cashier fills and bleeds: every call is applied before the close or refused (10)', async () => {
    const c: Counter = await openCounter(s, 1, 200);
    const keys = await Promise.all(Array.from({ length: 40 }, () => s.key()));
    const one = await drawerId(s, 1);
    // The boss closes once the first few calls are through, while the rest are still in flight.
    let done = 0;
    let started!: () => void;
    const someDone = new Promise<void>((r) => (started = r));
    const calls = keys.map((key, i) =>
      cash(s, i % 2 ? 'bleeds' : 'fills', c, i % 2 ? 4 : 3, { key }).then((r) => {
        if (++done === 6) started();
        return r;
      }),
    );
    const force = someDone.then(() => s.call('/drawer/forceClose', { UID: boss.UID, TOKEN: boss.TOKEN, id: one }));
    const [report, ...replies] = await Promise.all([force, ...calls]);
    expect(report!.status).toBe(Status.OK);
    for (const r of replies) expect([0, 10]).toContain(r.status);
    expect(replies.filter((r) => r.status === 0).length).toBeGreaterThanOrEqual(6);
    const fillsOk = replies.filter((r, i) => r.status === 0 && i % 2 === 0).length;
    const bleedsOk = replies.filter((r, i) => r.status === 0 && i % 2 === 1).length;
    expect(report).toMatchObject({ fills: fillsOk * 3, bleeds: bleedsOk * 4, balance: 200 + fillsOk * 3 - bleedsOk * 4 });
    const sums = await ledgerSums(s, c.shift_id);
    expect(sums).toMatchObject({ fills: fillsOk * 300, bleeds: bleedsOk * 400, balance: 200_00 + fillsOk * 300 - bleedsOk * 400 });
    // Nothing lands after the close.
    expect((await cash(s, 'fills', c, 1)).status).toBe(Status.SHIFT_ERROR);
    expect(numbers(await reprint(boss, c.shift_id))).toEqual(numbers(report!));
    expect(await ledgerSums(s, c.shift_id)).toEqual(sums);
    await close(c);
  });
}, { verifyEach: true });
