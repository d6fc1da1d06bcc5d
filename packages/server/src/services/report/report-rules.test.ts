import { Status } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { ledgerOf, postPlan, reportStore, type ReportStore } from '../../testing/report-kit.js';
import { describeOnDatabases, type Session } from '../../testing/server.js';
import { refreshDailyTotals } from './daily-totals.js';

/** The period rules (13, 39, today by default, DST days), who sees what (21, a cashier's own shifts) and store isolation. */
describeOnDatabases('report rules', (s) => {
  let st: ReportStore;
  let other: ReportStore;
  let boss: Session;
  let cashier0: Session;
  const NOV1 = Date.UTC(2026, 10, 1, 5); // Chicago: 2026-11-01 00:00 CDT; the day has 25 hours

  const login = async (who: { username: string; password: string }, mode: 'pos' | 'viewer' = 'pos') => {
    const r = await s.call('/user/posLogin', { mode, username: who.username, password: who.password });
    return { UID: r.uid as number, TOKEN: r.token as string };
  };

  beforeAll(async () => {
    st = await reportStore(s, 6101, 'America/Chicago');
    other = await reportStore(s, 6102, 'America/Chicago');
    const moves = [
      { kind: 'purchase' as const, amount: 5000, customer: 0, minute: 10 },
      { kind: 'revert' as const, amount: 1000, customer: 0, minute: 20 },
      { kind: 'redeem' as const, amount: 700, customer: 1, minute: 30 },
    ];
    // Cashier 0 on drawer 1 at the start of Nov 1, cashier 1 on drawer 2 late on Nov 1 (after 23:00 CST), open.
    await postPlan(s.handle.db, st, [
      { cashier: 0, drawer: 0, startMs: NOV1, moves, end: 'closed', counted: 13_000 },
      { cashier: 1, drawer: 1, startMs: NOV1 + 24 * 3600_000 + 1800_000, moves, end: 'open', counted: null },
    ], [{ kind: 'purchase', channel: 'online', amount: 900, customer: 2, atMs: NOV1 + 3600_000 }]);
    await postPlan(s.handle.db, other, [{ cashier: 0, drawer: 0, startMs: NOV1, moves, end: 'closed', counted: null }], []);
    await refreshDailyTotals(s.handle);
    boss = await login(st.boss, 'viewer');
    cashier0 = await login(st.cashiers[0]!);
  });

  const nov1 = { startTime: '2026-11-01', endTime: '2026-11-01' };

  it('answers 13 for malformed times, paging, filters or cursors, and changes nothing', async () => {
    for (const bad of [
      { startTime: 'yesterday' },
      { startTime: '2026-13-45' },
      { endTime: '2026-11-01T10:00:00' }, // no zone
      { startTime: -5 },
      { page: 0 },
      { page: 'x' },
      { limit: 0 },
      { limit: 201 },
      { fun_name: 'steal' },
      { drawer: 'one' },
      { cursor: 'not a cursor!' },
      { cursor: 'eyJhIjoxfQ' },
    ]) {
      const r = await s.call('/drawer/transaction', { ...boss, ...nov1, ...bad });
      expect(r.status, JSON.stringify(bad)).toBe(Status.INPUT_ERROR);
    }
    expect((await s.call('/drawer/dailyLog', { ...boss, startTime: '11/01/2026' })).status).toBe(Status.INPUT_ERROR);
    expect((await s.call('/drawer/dailyLog', { ...boss, fun_name: 'casino' })).status).toBe(Status.INPUT_ERROR);
    expect((await s.call('/drawer/shiftLog', { ...boss, endTime: 'soon' })).status).toBe(Status.INPUT_ERROR);
  });

  it("refuses a cursor of another query (13): a cursor belongs to its period and filters", async () => {
    const first = await s.call('/drawer/transaction', { ...boss, ...nov1, limit: 2 });
    expect(first.cursor).toEqual(expect.any(String));
    const same = await s.call('/drawer/transaction', { ...boss, ...nov1, limit: 2, page: 2, cursor: first.cursor });
    expect(same.status).toBe(Status.OK);
    const otherFilter = await s.call('/drawer/transaction', { ...boss, ...nov1, limit: 2, page: 2, cursor: first.cursor, fun_name: 'purchase' });
    expect(otherFilter.status).toBe(Status.INPUT_ERROR);
  });

  it("answers 39 with limit_day when 'to' is not later than 'from' or the period is longer than limit_day days", async () => {
    for (const call of ['/drawer/transaction', '/drawer/shiftLog', '/drawer/dailyLog']) {
      expect(await s.call(call, { ...boss, startTime: '2026-11-02', endTime: '2026-11-01' })).toMatchObject({ status: Status.IMPROPER_PERIOD, limit_day: 31 });
      expect(await s.call(call, { ...boss, startTime: '2026-11-01T10:00:00Z', endTime: '2026-11-01T10:00:00Z' })).toMatchObject({ status: Status.IMPROPER_PERIOD });
      expect(await s.call(call, { ...boss, startTime: '2026-10-01', endTime: '2026-11-01' })).toMatchObject({ status: Status.IMPROPER_PERIOD, limit_day: 31 });
      expect((await s.call(call, { ...boss, startTime: '2026-10-02', endTime: '2026-11-01' })).status).toBe(Status.OK);
    }
  });

  it('reports the 25-hour day of a daylight-saving change as one store day, and today by default', async () => {
    const r = await s.call('/drawer/dailyLog', { ...boss, ...nov1 });
    expect(r.period).toMatchObject({ from: '2026-11-01T05:00:00.000Z', to: '2026-11-02T06:00:00.000Z', days: 1, first_day: '2026-11-01', timezone: 'America/Chicago' });
    // Both shifts start on Nov 1 in store time; the second shift's redeem (00:00 CST) is on Nov 2.
    expect(r.totals).toMatchObject({ purchases: 80 + 9, redeems: 7, reverts: 20, purchase_count: 3, revert_count: 2, redeem_count: 1 });
    const today = await s.call('/drawer/dailyLog', { ...boss });
    expect(today.status).toBe(Status.OK);
    expect((today.period as { days: number }).days).toBe(1);
  });

  it('gives limit_day to the client in /customer/getDayLimit, beside the purchase limits', async () => {
    expect(await s.call('/customer/getDayLimit', { ...boss })).toMatchObject({ status: Status.OK, limit_day: 31, hourly: expect.any(Object), daily: expect.any(Object), weekly: expect.any(Object) });
  });

  it('shows a cashier only their own shifts, and no daily report (21)', async () => {
    expect((await s.call('/drawer/dailyLog', { ...cashier0, ...nov1 })).status).toBe(Status.PERMISSION_ERROR);
    const shifts = await s.call('/drawer/shiftLog', { ...cashier0, ...nov1 });
    expect((shifts.list as Array<{ account: string }>).map((x) => x.account)).toEqual([st.cashiers[0]!.username]);
    const all = await s.call('/drawer/shiftLog', { ...boss, ...nov1 });
    expect((all.list as unknown[]).length).toBe(2);
    const mine = await s.call('/drawer/transaction', { ...cashier0, ...nov1, limit: 200 });
    const ownShift = (shifts.list as Array<{ shift_id: number }>)[0]!.shift_id;
    expect((mine.list as Array<{ shift_id: number | null }>).every((x) => x.shift_id === ownShift)).toBe(true);
    expect(mine.total).toBe((await ledgerOf(s.handle.db, st.id)).filter((r) => r.shift_id === ownShift).length);
    // Even naming the other cashier or their drawer shows nothing of theirs.
    const theirs = await s.call('/drawer/transaction', { ...cashier0, ...nov1, account: st.cashiers[1]!.username });
    expect(theirs).toMatchObject({ status: Status.OK, total: 0, list: [] });
    // Reprint of the closed shift's drawer report (the logout flow's receipt).
    expect(await s.call('/drawer/shiftReport', { ...cashier0, shift_id: ownShift })).toMatchObject({ status: Status.OK, shift_id: ownShift, counted: 130, moneybox: 1 });
  });

  it("never shows another store's rows, whatever the filters", async () => {
    const ours = new Set((await ledgerOf(s.handle.db, st.id)).map((r) => r.id));
    const theirs = other.customers[0]!;
    for (const f of [{}, { pinId: theirs.mobile_id }, { pinId: String(theirs.id) }, { drawer: 1 }, { account: other.cashiers[0]!.username }, { fun_name: 'purchase' }]) {
      const r = await s.call('/drawer/transaction', { ...boss, ...nov1, limit: 200, ...f });
      expect(r.status).toBe(Status.OK);
      for (const row of r.list as Array<{ id: number }>) expect(ours.has(row.id), JSON.stringify(f)).toBe(true);
    }
    expect((await s.call('/drawer/transaction', { ...boss, ...nov1, pinId: theirs.mobile_id })).total).toBe(0);
    expect((await s.call('/drawer/dailyLog', { ...boss, ...nov1, pinId: theirs.mobile_id })).totals).toMatchObject({ purchases: 0, purchase_count: 0 });
    const shifts = await s.call('/drawer/shiftLog', { ...boss, ...nov1 });
    expect((shifts.list as Array<{ account: string }>).some((x) => x.account === other.cashiers[0]!.username)).toBe(false);
  });

  it('filters by customer, drawer and staff account, and links a reverted purchase with its revert', async () => {
    const c = st.customers[0]!;
    const byPin = await s.call('/drawer/transaction', { ...boss, ...nov1, pinId: c.mobile_id });
    const byId = await s.call('/drawer/transaction', { ...boss, ...nov1, pinId: String(c.id) });
    expect(byPin.list).toEqual(byId.list);
    expect((byPin.list as Array<{ customer_id: number }>).every((x) => x.customer_id === c.id)).toBe(true);
    const drawer2 = await s.call('/drawer/transaction', { ...boss, ...nov1, drawer: 2, limit: 200 });
    expect((drawer2.list as Array<{ drawer: number }>).every((x) => x.drawer === 2)).toBe(true);
    expect(drawer2.total).toBeGreaterThan(0);
    const byAccount = await s.call('/drawer/transaction', { ...boss, ...nov1, account: st.cashiers[1]!.username, limit: 200 });
    expect(byAccount.total).toBe(drawer2.total);
    const rows = (await s.call('/drawer/transaction', { ...boss, ...nov1, limit: 200 })).list as Array<{ id: number; fun_name: string; reverts_id: number | null; reverted_by: number | null; store_time: string; station: string; customer_name: string | null }>;
    const purchase = rows.find((x) => x.fun_name === 'purchase' && x.reverted_by !== null)!;
    expect(rows.find((x) => x.id === purchase.reverted_by)).toMatchObject({ fun_name: 'revert', reverts_id: purchase.id });
    expect(rows.find((x) => x.station === 'online')).toMatchObject({ store_time: '2026-11-01 01:00:00', customer_name: 'Ann2 李' });
  });
});
