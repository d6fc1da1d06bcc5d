import { Status } from '@moneybox/contract';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { refreshDailyTotals } from './daily-totals.js';
import { dayOf, expectedDaily, ledgerOf, postPlan, reportStore, type PlannedKiosk, type PlannedShift, type ReportStore } from '../../testing/report-kit.js';
import { describeOnDatabases, type Reply } from '../../testing/server.js';

/**
 * Every figure of the three reports equals the sum of the ledger rows, for random mixes of
 * movements over several store days (one of them a daylight-saving change in America/Chicago:
 * 2026-11-01 has 25 hours), drawers, cashiers and channels, reverts and force-closed shifts; the
 * daily totals refreshed at a random point, so some rows come from report_daily and some from the
 * live tail. Each run is a store of its own beside the earlier runs' stores (isolation).
 */

const ZONES = ['America/Chicago', 'Asia/Kolkata', 'UTC', 'Pacific/Auckland'];
// 2026-10-30 00:00 UTC: the plan spans five days around Chicago's change back (2026-11-01 07:00 UTC).
const START = Date.UTC(2026, 9, 30);
const DAY = 86_400_000;

const move = fc.record({
  kind: fc.constantFrom('purchase' as const, 'purchase' as const, 'revert' as const, 'revert' as const, 'redeem' as const, 'special_comps' as const, 'fill' as const, 'bleed' as const),
  amount: fc.integer({ min: 1, max: 50_000 }),
  customer: fc.nat(1),
  minute: fc.integer({ min: 1, max: 600 }),
});
const shift = fc.record({
  cashier: fc.nat(1),
  drawer: fc.nat(2),
  startMs: fc.integer({ min: START, max: START + 4 * DAY }),
  moves: fc.array(move, { maxLength: 12 }).map((ms) => ms.sort((a, b) => a.minute - b.minute)),
  end: fc.constantFrom('open' as const, 'closed' as const, 'forced' as const),
  counted: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
}) as fc.Arbitrary<PlannedShift>;
const kiosk = fc.record({
  kind: fc.constantFrom('purchase' as const, 'redeem' as const),
  channel: fc.constantFrom('reload_kiosk' as const, 'online' as const, 'reloader' as const),
  amount: fc.integer({ min: 1, max: 50_000 }),
  customer: fc.nat(5),
  atMs: fc.integer({ min: START, max: START + 5 * DAY }),
}) as fc.Arbitrary<PlannedKiosk>;
const plan = fc.record({
  zone: fc.constantFrom(...ZONES),
  shifts: fc.array(shift, { minLength: 1, maxLength: 6 }),
  kiosk: fc.array(kiosk, { maxLength: 8 }),
  refreshAfter: fc.nat(6),
});

const cents = (units: number) => Math.round(units * 100);

describeOnDatabases('reports equal the ledger', (s) => {
  let nextStore = 5100;

  async function bossOf(st: ReportStore) {
    const r = await s.call('/user/posLogin', { mode: 'viewer', username: st.boss.username, password: st.boss.password });
    return { UID: r.uid as number, TOKEN: r.token as string };
  }

  it('daily, shift and transaction figures are the ledger sums', async () => {
    await fc.assert(
      fc.asyncProperty(plan, async (p) => {
        const st = await reportStore(s, nextStore++, p.zone);
        const db = s.handle.db;
        // Part of the plan before a refresh (into report_daily), the rest after it (the live tail).
        await postPlan(db, st, p.shifts.slice(0, p.refreshAfter), p.kiosk.slice(0, p.refreshAfter));
        await refreshDailyTotals(s.handle);
        await postPlan(db, st, p.shifts.slice(p.refreshAfter), p.kiosk.slice(p.refreshAfter));
        const ledger = await ledgerOf(db, st.id);
        const boss = await bossOf(st);
        const tz = st.timezone;
        const firstDay = dayOf(START - DAY, tz);
        const lastDay = dayOf(START + 6 * DAY, tz);
        const period = { startTime: firstDay, endTime: lastDay };

        // Daily: every day and channel.
        const daily = await s.call('/drawer/dailyLog', { ...boss, ...period });
        expect(daily.status).toBe(Status.OK);
        const rows = daily.list as Array<Record<string, number | string>>;
        expect(new Set(rows.map((r) => r.day)).size).toBe((daily.period as { days: number }).days);
        for (const r of rows) {
          const want = expectedDaily(ledger, tz, r.day as string, r.channel as string);
          expect({ day: r.day, channel: r.channel, purchases: cents(r.purchases as number), redeems: cents(r.redeems as number), special_comps: cents(r.special_comps as number), reverts: cents(r.reverts as number), purchase_count: r.purchase_count, redeem_count: r.redeem_count, special_comps_count: r.special_comps_count, revert_count: r.revert_count })
            .toEqual({ day: r.day, channel: r.channel, ...want });
          expect(cents(r.net as number)).toBe(want.purchases - want.redeems);
        }
        const all = ledger.filter((r) => ['pos', 'reload_kiosk', 'online', 'reloader'].includes(r.channel));
        const sum = (kind: string) => all.filter((r) => r.kind === kind).reduce((a, r) => a + Number(r.amount_cents), 0);
        const totals = daily.totals as Record<string, number>;
        expect(cents(totals.purchases!)).toBe(sum('purchase') - sum('revert'));
        expect(cents(totals.redeems!)).toBe(sum('redeem'));
        expect(cents(totals.special_comps!)).toBe(sum('special_comps'));

        // Shift report: each shift's numbers are its ledger rows' sums; the totals row their sum.
        const shifts = await s.call('/drawer/shiftLog', { ...boss, ...period });
        expect(shifts.status).toBe(Status.OK);
        const list = shifts.list as Array<Record<string, number | string | null | boolean>>;
        expect(list.length).toBe(p.shifts.length);
        let balanceSum = 0;
        for (const row of list) {
          const of = ledger.filter((r) => r.shift_id === row.shift_id);
          const k = (kind: string) => of.filter((r) => r.kind === kind).reduce((a, r) => a + Number(r.amount_cents), 0);
          const balance = of.reduce((a, r) => a + Number(r.d_drawer_cents), 0);
          balanceSum += balance;
          expect([row.initial_amount, row.fills, row.bleeds, row.purchases, row.redeems, row.special_comps, row.comps, row.balance].map((v) => cents(v as number)))
            .toEqual([k('init'), k('fill'), k('bleed'), k('purchase') - k('revert'), k('redeem'), k('special_comps'), k('special_comps'), balance]);
          expect(row.open).toBe(row.shiftTime === null);
        }
        expect(cents((shifts.totals as Record<string, number>).balance!)).toBe(balanceSum);
        const forced = await db.selectFrom('shift').select('id').where('store_id', '=', st.id).where('closed_by_account_id', '=', st.boss.id).execute();
        expect(list.filter((r) => r.closedBy === st.boss.username).map((r) => r.shift_id).sort()).toEqual(forced.map((r) => Number(r.id)).sort());

        // Transactions: every page through the cursor is the ledger, newest first; the total is the count.
        const from = Date.parse((daily.period as { from: string }).from);
        const to = Date.parse((daily.period as { to: string }).to);
        const want = ledger
          .filter((r) => Date.parse(r.at) >= from && Date.parse(r.at) < to)
          .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.id - a.id))
          .map((r) => r.id);
        type Linked = { id: number; reverts_id: number | null; reverted_by: number | null };
        const got: number[] = [];
        const links: Linked[] = [];
        let cursor: string | null = null;
        for (let page = 1; page < 100; page++) {
          const r: Reply = await s.call('/drawer/transaction', { ...boss, ...period, page, limit: 7, ...(cursor ? { cursor } : {}) });
          expect(r.status).toBe(Status.OK);
          expect(r.total).toBe(want.length);
          got.push(...(r.list as Array<{ id: number }>).map((x) => x.id));
          links.push(...(r.list as Linked[]).map((x) => ({ id: x.id, reverts_id: x.reverts_id, reverted_by: x.reverted_by })));
          if (page === 2) {
            const byOffset = await s.call('/drawer/transaction', { ...boss, ...period, page, limit: 7 });
            expect((byOffset.list as Array<{ id: number }>).map((x) => x.id)).toEqual((r.list as Array<{ id: number }>).map((x) => x.id));
          }
          cursor = r.cursor as string | null;
          if (!cursor) break;
        }
        expect(got).toEqual(want);
        // A page links its purchases and reverts as the whole period on one page does (a page reads only its customers' rows).
        const whole = await s.call('/drawer/transaction', { ...boss, ...period, limit: 200 });
        expect(links).toEqual((whole.list as Linked[]).map((x) => ({ id: x.id, reverts_id: x.reverts_id, reverted_by: x.reverted_by })));

        // A type filter and a customer filter (by mobile id) are the ledger's rows of that type / customer.
        const c = st.customers[0]!;
        const byCustomer = await s.call('/drawer/transaction', { ...boss, ...period, pinId: c.mobile_id, limit: 200 });
        expect((byCustomer.list as Array<{ id: number }>).map((x) => x.id).sort((a, b) => a - b)).toEqual(ledger.filter((r) => r.customer_id === c.id && want.includes(r.id)).map((r) => r.id));
        const reverts = await s.call('/drawer/transaction', { ...boss, ...period, fun_name: 'revert', limit: 200 });
        expect(reverts.total).toBe(ledger.filter((r) => r.kind === 'revert').length);
        for (const r of reverts.list as Array<{ reverts_id: number | null; shift_id: number }>) {
          expect(ledger.find((x) => x.id === r.reverts_id)).toMatchObject({ kind: 'purchase', shift_id: r.shift_id });
        }
      }),
      { numRuns: 5 },
    );
  });
});
