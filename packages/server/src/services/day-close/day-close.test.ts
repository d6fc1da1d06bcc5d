import { Status } from '@moneybox/contract';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { addMachine, playRounds, postBox, type BoxEvent, type PlannedRound } from '../../testing/day-close-kit.js';
import { newCashier, takeDrawer } from '../../testing/drawer-kit.js';
import { dayOf, ledgerOf, postPlan, reportStore, type PlannedKiosk, type PlannedShift, type ReportStore } from '../../testing/report-kit.js';
import { describeOnDatabases, type Reply } from '../../testing/server.js';
import { shiftRepository } from '../../repositories/shift.repository.js';
import { addDays, storeDayOf, storeDayStart } from '../report/store-days.js';

// Random small days around Chicago's changes (2026-03-08 has 23 hours, 2026-11-01 has 25) and in other zones.
const ZONES = ['America/Chicago', 'UTC', 'Asia/Kolkata'];
const DAYS = ['2026-10-31', '2026-11-01', '2026-03-08'];
const HOUR = 3_600_000;
const plannedShift = fc.record({
  cashier: fc.nat(1),
  drawer: fc.nat(2),
  // From 3 hours before the day (a shift of the day before, running into it) to its last hour (running past midnight).
  hour: fc.integer({ min: -3, max: 23 }),
  moves: fc.array(
    fc.record({
      kind: fc.constantFrom('purchase' as const, 'purchase' as const, 'revert' as const, 'redeem' as const, 'special_comps' as const, 'fill' as const, 'bleed' as const),
      amount: fc.integer({ min: 1, max: 30_000 }),
      customer: fc.nat(2),
      minute: fc.integer({ min: 1, max: 300 }),
    }),
    { maxLength: 6 },
  ).map((ms) => ms.sort((a, b) => a.minute - b.minute)),
  end: fc.constantFrom('open' as const, 'closed' as const, 'closed' as const, 'forced' as const, 'handover' as const),
  counted: fc.option(fc.integer({ min: 0, max: 60_000 }), { nil: null }),
  byDenomination: fc.boolean(),
});
const plannedOther = fc.record({
  kind: fc.constantFrom('purchase' as const, 'redeem' as const),
  channel: fc.constantFrom('reload_kiosk' as const, 'online' as const, 'reloader' as const),
  amount: fc.integer({ min: 1, max: 30_000 }),
  customer: fc.nat(2),
  hour: fc.integer({ min: -2, max: 25 }),
});
const boxEvent = fc.oneof(
  fc.record({ type: fc.constantFrom('in' as const, 'in' as const, 'out' as const), amount: fc.integer({ min: 100, max: 10_000 }), minute: fc.integer({ min: 0, max: 1439 }) }),
  fc.record({ type: fc.constant('collect' as const), counted: fc.option(fc.integer({ min: 0, max: 30_000 }), { nil: null }), minute: fc.integer({ min: 0, max: 1439 }), byDenomination: fc.boolean() }),
);
// Rounds on two game machines, from 3 hours before the day to 3 hours after it; a meter may run ahead of the ledger.
const plannedRound = fc.record({
  machine: fc.nat(1),
  minute: fc.integer({ min: -180, max: 1620 }),
  bet: fc.integer({ min: 1, max: 500 }),
  win: fc.integer({ min: 0, max: 800 }),
  drift: fc.constantFrom(0, 0, 0, 3),
});
const dayPlan = fc.record({
  zone: fc.constantFrom(...ZONES),
  day: fc.constantFrom(...DAYS),
  shifts: fc.array(plannedShift, { minLength: 1, maxLength: 3 }),
  other: fc.array(plannedOther, { maxLength: 5 }),
  boxes: fc.array(fc.array(boxEvent, { maxLength: 5 }), { minLength: 1, maxLength: 2 }),
  rounds: fc.array(plannedRound, { maxLength: 8 }),
});
const cents = (units: number) => Math.round(units * 100);

/** Issue 23: the store day close: what blocks it, the close, the stored report, notes, permissions. */
describeOnDatabases('store day close (Z report)', (s) => {
  let nextStore = 5300;
  const H = 3_600_000;

  async function viewerOf(st: ReportStore) {
    const r = await s.call('/user/posLogin', { mode: 'viewer', username: st.boss.username, password: st.boss.password });
    return { UID: r.uid as number, TOKEN: r.token as string };
  }

  it('blocked while a shift is open and a kiosk uncollected; closes once; the stored report never changes; notes are audited', async () => {
    const tz = 'America/Chicago';
    const st = await reportStore(s, nextStore++, tz);
    const db = s.handle.db;
    await db.updateTable('store').set({ large_diff_cents: 5_00 }).where('id', '=', st.id).execute();
    const day = addDays(storeDayOf(Date.now(), tz), -1);
    const start = storeDayStart(day, tz);
    // Yesterday: a shift left open with a purchase and an online purchase; a kiosk took 50.00 and was not collected.
    await postPlan(db, st, [{ cashier: 0, drawer: 0, startMs: start + 9 * H, moves: [{ kind: 'purchase', amount: 30_00, customer: 0, minute: 5 }], end: 'open', counted: null }], [
      { kind: 'purchase', channel: 'online', amount: 12_00, customer: 1, atMs: start + 10 * H },
    ]);
    const kiosk = await addMachine(db, st.id, 900);
    await postBox(db, st.id, st.boss.id, kiosk, [{ type: 'in', amount: 50_00, atMs: start + 11 * H }]);
    const boss = await viewerOf(st);

    const open = await s.call('/dayClose/get', { ...boss, day });
    expect(open).toMatchObject({ status: Status.OK, closed: false, closed_at: null });
    const shiftId = (open.report as { shifts: Array<{ shift_id: number }> }).shifts[0]!.shift_id;
    expect(open.blocked).toEqual([
      { reason: 'shift_open', id: shiftId, name: st.cashiers[0]!.username },
      { reason: 'kiosk_uncollected', id: kiosk, name: '900' },
    ]);
    expect(await s.call('/dayClose/close', { ...boss, day })).toMatchObject({ status: Status.SHIFT_ERROR, reason: 'day_open', blocked: open.blocked });

    // The shift closes counted 10.00 short of its 130.00; the kiosk's box is collected 2.00 short.
    await shiftRepository.close(db, st.id, shiftId, new Date(start + 12 * H).toISOString(), st.cashiers[0]!.id, 120_00, null);
    await postBox(db, st.id, st.boss.id, kiosk, [{ type: 'collect', counted: 48_00, atMs: start + 13 * H }]);
    const ready = await s.call('/dayClose/get', { ...boss, day });
    expect(ready.blocked).toEqual([]);
    const closed = await s.call('/dayClose/close', { ...boss, day });
    expect(closed).toMatchObject({ status: Status.OK, closed: true, closed_by: st.boss.username, blocked: [] });
    const report = closed.report as Record<string, unknown> & { totals: Record<string, number> };
    expect(report).toMatchObject({ day, from: new Date(start).toISOString(), to: new Date(storeDayStart(addDays(day, 1), tz)).toISOString() });
    expect(report.shifts).toEqual([expect.objectContaining({ shift_id: shiftId, expected: 130, counted: 120, over_short: -10, large: true })]);
    expect(report.collections).toEqual([expect.objectContaining({ kiosk_id: kiosk, kiosk: '900', expected: 50, counted: 48, over_short: -2, large: false })]);
    expect(report.totals).toMatchObject({ purchases: 42, drawers_over_short: -10, kiosks_over_short: -2, large_differences: 1 });
    expect((report.channels as Array<{ channel: string; purchases: number }>).map((c) => [c.channel, c.purchases])).toEqual([['pos', 30], ['reload_kiosk', 0], ['online', 12], ['reloader', 0]]);
    expect(report.store_credit_used).toBe(42);

    // Closing again answers the stored report; one close, one audit row.
    const again = await s.call('/dayClose/close', { ...boss, day });
    expect(again).toEqual(closed);
    const closes = await db.selectFrom('audit').select(['kind', 'target_label']).where('store_id', '=', st.id).where('kind', '=', 'day.close').execute();
    expect(closes).toEqual([{ kind: 'day.close', target_label: day }]);

    // More movements the next day, and a late row dated on the closed day: the stored report is unchanged.
    await postPlan(db, st, [{ cashier: 1, drawer: 1, startMs: Date.now() - 60_000, moves: [{ kind: 'purchase', amount: 7_00, customer: 0, minute: 0 }], end: 'closed', counted: 117_00 }], [
      { kind: 'purchase', channel: 'reloader', amount: 3_00, customer: 2, atMs: start + 20 * H },
    ]);
    await postBox(db, st.id, st.boss.id, kiosk, [{ type: 'in', amount: 5_00, atMs: Date.now() - 30_000 }]);
    const reprint = await s.call('/dayClose/get', { ...boss, day });
    expect(reprint.report).toEqual(closed.report);

    // A boss annotates the shift's shortage: the note beside the report, its audit row; an unknown target: 13.
    const noted = await s.call('/dayClose/annotate', { ...boss, day, target: 'shift', target_id: shiftId, note: 'counted twice, 10 in the safe' });
    expect(noted).toMatchObject({ status: Status.OK, closed: true, notes: [{ target: 'shift', target_id: shiftId, note: 'counted twice, 10 in the safe', by: st.boss.username }] });
    expect(noted.report).toEqual(closed.report);
    const notes = await db.selectFrom('audit').select(['after_json']).where('store_id', '=', st.id).where('kind', '=', 'day.annotate').execute();
    expect(notes.map((n) => JSON.parse(n.after_json ?? '{}') as Record<string, unknown>)).toEqual([{ day, target: 'shift', target_id: shiftId, name: st.cashiers[0]!.username, note: 'counted twice, 10 in the safe' }]);
    expect(await s.call('/dayClose/annotate', { ...boss, day, target: 'collection', target_id: 999_999, note: 'x' })).toMatchObject({ status: Status.INPUT_ERROR, reason: 'target' });

    // A day still to come cannot close; today's window starts at yesterday's midnight, after yesterday's (late) close.
    const tomorrow = addDays(day, 2);
    const future = await s.call('/dayClose/get', { ...boss, day: tomorrow });
    expect(future.blocked).toEqual([{ reason: 'future_day', id: null, name: tomorrow }]);
    expect((await s.call('/dayClose/close', { ...boss, day: tomorrow })).status).toBe(Status.SHIFT_ERROR);
    // Not a calendar day (found by the fuzz tier): refused as input, never an internal error.
    for (const bad of ['2026-02-30', '3221-11-95', '4340-55-18', '1999-12-31']) {
      expect((await s.call('/dayClose/get', { ...boss, day: bad })).status).toBe(Status.INPUT_ERROR);
      expect((await s.call('/dayClose/close', { ...boss, day: bad })).status).toBe(Status.INPUT_ERROR);
    }
  });

  it('a day closed before it ends stops at its close and the next day starts there; a cashier never sees it', async () => {
    const tz = 'UTC';
    const st = await reportStore(s, nextStore++, tz);
    const boss = await viewerOf(st);
    const today = storeDayOf(Date.now(), tz);
    const closed = await s.call('/dayClose/close', { ...boss, day: today });
    expect(closed).toMatchObject({ status: Status.OK, closed: true });
    const at = closed.closed_at as string;
    expect((closed.report as { to: string }).to).toBe(at);
    const next = await s.call('/dayClose/get', { ...boss, day: addDays(today, 1) });
    expect((next.report as { from: string }).from).toBe(at);

    const c = await takeDrawer(s, 2, await newCashier(s));
    const cashier = { UID: c.UID, TOKEN: c.TOKEN };
    for (const [path, body] of [['/dayClose/get', {}], ['/dayClose/close', { day: today }], ['/dayClose/annotate', { day: today, target: 'shift', target_id: 1, note: 'x' }]] as const) {
      expect(((await s.call(path, { ...cashier, ...body })) as Reply).status).toBe(Status.PERMISSION_ERROR);
    }
    await s.call('/drawer/shift', cashier);
  });

  it('issue 37: a boss signed in as a viewer collects a kiosk box with no shift of their own and closes the day; a cashier and another store’s boss are refused', async () => {
    const tz = 'UTC';
    const st = await reportStore(s, nextStore++, tz);
    const db = s.handle.db;
    const today = storeDayOf(Date.now(), tz);
    const kiosk = await addMachine(db, st.id, 900);
    await postBox(db, st.id, st.boss.id, kiosk, [{ type: 'in', amount: 70_00, atMs: Date.now() - 60_000 }]);
    const boss = await viewerOf(st);
    expect((await s.call('/dayClose/get', { ...boss, day: today })).blocked).toEqual([{ reason: 'kiosk_uncollected', id: kiosk, name: '900' }]);
    const collections = () => db.selectFrom('kiosk_collection').select('id').where('machine_id', '=', kiosk).execute();

    // A cashier of the store, at a drawer, with a key of its own: refused (21), nothing stored.
    const login = await s.call('/user/posLogin', { mode: 'pos', username: st.cashiers[0]!.username, password: st.cashiers[0]!.password });
    const cashier = { UID: login.uid as number, TOKEN: login.token as string };
    expect(await s.call('/user/chooseDrawer', { ...cashier, moneybox: 1 })).toMatchObject({ status: Status.OK });
    expect(await s.call('/kiosk/collect', { ...cashier, id: kiosk, counted: 70, key: await s.key() })).toMatchObject({ status: Status.PERMISSION_ERROR });
    expect(await s.call('/drawer/shift', { ...cashier, counted: 0 })).toMatchObject({ status: Status.OK });
    // Another store's boss (a viewer too) names this store's kiosk: not one of theirs (13 `kiosk`), nothing stored.
    const other = await reportStore(s, nextStore++, tz);
    expect(await s.call('/kiosk/collect', { ...(await viewerOf(other)), id: kiosk, counted: 70, key: await s.key() })).toMatchObject({ status: Status.INPUT_ERROR, reason: 'kiosk' });
    expect(await collections()).toEqual([]);

    // The viewer counts it by denomination, 5.00 short; a retry with the same key answers the same slip, once.
    const key = await s.key();
    const slip = await s.call('/kiosk/collect', { ...boss, id: kiosk, count_detail: { '20': 3, '5': 1 }, key });
    expect(slip).toMatchObject({ status: Status.OK, kiosk: '900', collector: st.boss.username, expected: 70, counted: 65, over_short: -5 });
    expect(await s.call('/kiosk/collect', { ...boss, id: kiosk, count_detail: { '20': 3, '5': 1 }, key })).toEqual(slip);
    expect(await collections()).toHaveLength(1);
    const audit = await db.selectFrom('audit').select(['kind', 'actor_account_id', 'actor_name', 'target_label']).where('store_id', '=', st.id).where('kind', 'like', 'kiosk.%').execute();
    expect(audit).toEqual([{ kind: 'kiosk.collect', actor_account_id: st.boss.id, actor_name: st.boss.username, target_label: '900' }]);
    // No shift of the boss was opened, so nothing blocks the close.
    expect(await db.selectFrom('shift').select('id').where('store_id', '=', st.id).where('account_id', '=', st.boss.id).execute()).toEqual([]);
    const ready = await s.call('/dayClose/get', { ...boss, day: today });
    expect(ready.blocked).toEqual([]);

    const closed = await s.call('/dayClose/close', { ...boss, day: today });
    expect(closed).toMatchObject({ status: Status.OK, closed: true, closed_by: st.boss.username });
    const report = closed.report as { shifts: Array<{ cashier: string }>; collections: unknown[]; totals: Record<string, number> };
    // The Z report: the cashier's shift alone (no "boss $0.00" shift), the collection and its shortage in the day's figures.
    expect(report.shifts.map((x) => x.cashier)).toEqual([st.cashiers[0]!.username]);
    expect(report.collections).toEqual([expect.objectContaining({ kiosk_id: kiosk, collector: st.boss.username, expected: 70, counted: 65, over_short: -5 })]);
    expect(report.totals).toMatchObject({ kiosks_expected: 70, kiosks_counted: 65, kiosks_over_short: -5 });
  });

  it('every Z figure equals the direct sums of the ledger, the shifts, the collections and the meters of the day; counts by denomination add up; a closed day never changes (random days)', async () => {
    await fc.assert(
      fc.asyncProperty(dayPlan, async (p) => {
        const st = await reportStore(s, nextStore++, p.zone);
        const db = s.handle.db;
        const start = storeDayStart(p.day, p.zone);
        const end = storeDayStart(addDays(p.day, 1), p.zone);
        const shifts: PlannedShift[] = p.shifts.map((x) => ({ ...x, startMs: start + x.hour * HOUR })).sort((a, b) => a.startMs - b.startMs);
        const other: PlannedKiosk[] = p.other.map((x) => ({ ...x, atMs: start + x.hour * HOUR + 60_000 }));
        await postPlan(db, st, shifts, other);
        const kiosks: number[] = [];
        for (const [i, events] of p.boxes.entries()) {
          const id = await addMachine(db, st.id, 800 + i);
          kiosks.push(id);
          await postBox(db, st.id, st.boss.id, id, events.map((e): BoxEvent => ({ ...e, atMs: start + e.minute * 60_000 })));
        }
        const games = [await addMachine(db, st.id, 101, 'game'), await addMachine(db, st.id, 102, 'game')];
        const readings: Array<Awaited<ReturnType<typeof playRounds>>> = [];
        for (const [k, id] of games.entries()) {
          const rounds = p.rounds.filter((r) => r.machine === k).map((r): PlannedRound => ({ ...r, atMs: start + r.minute * 60_000 + k * 1000 }));
          readings.push(await playRounds(db, st.id, st.customers[0]!.id, id, rounds));
        }
        const boss = await viewerOf(st);
        const got = await s.call('/dayClose/get', { ...boss, day: p.day });
        expect(got.status).toBe(Status.OK);
        type Counted = { counted: number | null; count_detail: Record<string, number> | null };
        type M = { played: number; won: number; games: number };
        type Z = {
          from: string; to: string; shifts: Array<Record<string, number | string | null> & Counted>; collections: Array<Record<string, number | string | null> & Counted>;
          machines: Array<{ id: number; played: number; won: number; meters: M; ledger: M; metersMatch: boolean }>; channels: Array<Record<string, number | string>>; store_credit_used: number; totals: Record<string, number>;
        };
        const z = got.report as Z;
        expect([z.from, z.to]).toEqual([new Date(start).toISOString(), new Date(end).toISOString()]);

        // Channels and store credit: the window's ledger rows.
        const ledger = (await ledgerOf(db, st.id)).filter((r) => Date.parse(r.at) >= start && Date.parse(r.at) < end);
        for (const c of z.channels) {
          const sum = (kind: string) => ledger.filter((r) => r.channel === c.channel && r.kind === kind).reduce((a, r) => a + Number(r.amount_cents), 0);
          const n = (kind: string) => ledger.filter((r) => r.channel === c.channel && r.kind === kind).length;
          expect([cents(c.purchases as number), cents(c.redeems as number), cents(c.special_comps as number), cents(c.reverts as number), c.purchase_count, c.redeem_count, c.special_comps_count, c.revert_count])
            .toEqual([sum('purchase') - sum('revert'), sum('redeem'), sum('special_comps'), sum('revert'), n('purchase'), n('redeem'), n('special_comps'), n('revert')]);
        }
        expect(cents(z.store_credit_used)).toBe(0 - ledger.filter((r) => r.kind !== 'store_credit').reduce((a, r) => a + Number(r.d_credit_cents), 0) + 0);

        // Shifts: those started in the day; expected = the drawer's ledger sum, over/short = counted - expected.
        const shiftRows = await db.selectFrom('shift').select(['id', 'started_at', 'ended_at', 'counted_cents']).where('store_id', '=', st.id).orderBy('started_at').orderBy('id').execute();
        const ofDay = shiftRows.filter((r) => Date.parse(r.started_at) >= start && Date.parse(r.started_at) < end);
        const all = await ledgerOf(db, st.id);
        let expectedSum = 0;
        let countedSum = 0;
        expect(z.shifts.map((x) => x.shift_id)).toEqual(ofDay.map((r) => Number(r.id)));
        for (const [i, row] of ofDay.entries()) {
          const balance = all.filter((r) => r.shift_id === Number(row.id)).reduce((a, r) => a + Number(r.d_drawer_cents), 0);
          const counted = row.counted_cents === null ? null : Number(row.counted_cents);
          if (counted !== null) {
            expectedSum += balance;
            countedSum += counted;
          }
          const x = z.shifts[i]!;
          expect([cents(x.expected as number), x.counted === null ? null : cents(x.counted as number), x.over_short === null ? null : cents(x.over_short as number)])
            .toEqual([balance, counted, counted === null ? null : counted - balance]);
        }
        expect(cents(z.totals.drawers_over_short!)).toBe(countedSum - expectedSum);

        // Collections: each expects the cash taken since the last counted one; their over/short sums.
        // Payouts come out of the kiosk's dispenser, not its box: only the cash taken is expected.
        const cash = (await db.selectFrom('kiosk_cash').select(['machine_id', 'at', 'amount_cents', 'direction']).where('store_id', '=', st.id).orderBy('id').execute()).filter((x) => x.direction === 'in');
        const cols = await db.selectFrom('kiosk_collection').select(['id', 'machine_id', 'at', 'counted_cents']).where('store_id', '=', st.id).orderBy('id').execute();
        // On a 23-hour day a box event planned past minute 1380 is the next day's: not on this report, not waited for.
        const ofTheDay = (at: string) => Date.parse(at) >= start && Date.parse(at) < end;
        let kioskShort = 0;
        const blockedKiosks: number[] = [];
        for (const k of kiosks) {
          let cut = '';
          for (const c of cols.filter((x) => Number(x.machine_id) === k)) {
            const expected = cash.filter((x) => Number(x.machine_id) === k && x.at > cut && x.at <= c.at).reduce((a, x) => a + Number(x.amount_cents), 0);
            const zc = z.collections.find((x) => x.collection_id === Number(c.id));
            expect(zc === undefined).toBe(!ofTheDay(c.at));
            if (zc) expect(cents(zc.expected as number)).toBe(expected);
            if (c.counted_cents !== null) {
              if (zc) kioskShort += Number(c.counted_cents) - expected;
              cut = c.at;
            }
          }
          const lastIn = cash.filter((x) => Number(x.machine_id) === k && ofTheDay(x.at)).at(-1)?.at;
          if (lastIn !== undefined && !cols.some((c) => Number(c.machine_id) === k && c.at >= lastIn)) blockedKiosks.push(k);
        }
        expect(z.collections).toHaveLength(cols.filter((c) => ofTheDay(c.at)).length);
        expect(cents(z.totals.kiosks_over_short!)).toBe(kioskShort);

        // Machines: the day's meter movement (last reading of the store day, by date-fns, less the last one before it) beside the window's ledger and rounds.
        const rounds = await db.selectFrom('round').select(['machine_id', 'at']).where('store_id', '=', st.id).execute();
        expect(z.machines.map((m) => m.id)).toEqual(games);
        let mismatched = 0;
        for (const [k, id] of games.entries()) {
          const rows = ledger.filter((r) => Number(r.machine_id) === id);
          const sum = (kind: string) => rows.filter((r) => r.kind === kind).reduce((a, r) => a + Number(r.amount_cents), 0);
          const lastOf = (ok: (day: string) => boolean) => readings[k]!.filter((x) => ok(dayOf(x.atMs, p.zone))).at(-1)?.meters ?? { played: 0, won: 0, games: 0 };
          const [was, now] = [lastOf((d) => d < p.day), lastOf((d) => d <= p.day)];
          const meters = { played: now.played - was.played, won: now.won - was.won, games: now.games - was.games };
          const games_ = rounds.filter((r) => Number(r.machine_id) === id && Date.parse(r.at) >= start && Date.parse(r.at) < end).length;
          const want = { played: sum('bet'), won: sum('win'), games: games_ };
          const match = meters.played === want.played && meters.won === want.won && meters.games === want.games;
          if (!match) mismatched++;
          expect(z.machines[k]).toEqual({ id, name: String(101 + k), played: sum('bet') / 100, won: sum('win') / 100, meters, ledger: want, metersMatch: match });
        }
        expect(z.totals.machines_mismatched).toBe(mismatched);

        // Every count kept by denomination adds up to the counted amount.
        const piecesCents = (d: Record<string, number>) => Object.entries(d).reduce((a, [name, n]) => a + Math.round(Number(name) * 100) * n, 0);
        for (const x of [...z.shifts, ...z.collections].filter((c) => c.count_detail !== null)) expect(piecesCents(x.count_detail!)).toBe(cents(x.counted!));

        // What blocks the close: exactly the open shifts of the day and the kiosks with cash after their last collection.
        const blocked = got.blocked as Array<{ reason: string; id: number }>;
        expect(blocked.filter((b) => b.reason === 'shift_open').map((b) => b.id)).toEqual(ofDay.filter((r) => r.ended_at === null).map((r) => Number(r.id)));
        expect(blocked.filter((b) => b.reason === 'kiosk_uncollected').map((b) => b.id)).toEqual(blockedKiosks);
        const closed = await s.call('/dayClose/close', { ...boss, day: p.day });
        if (blocked.length > 0) {
          expect(closed.status).toBe(Status.SHIFT_ERROR);
          return;
        }
        expect({ ...(closed.report as Z), at: '' }).toEqual({ ...z, at: '' });
        // A closed day's stored report never changes: late rows dated in it (a purchase, a round and its meters, cash in a box) leave it as closed.
        await postPlan(db, st, [], [{ kind: 'purchase', channel: 'online', amount: 5_00, customer: 1, atMs: end - 120_000 }]);
        await playRounds(db, st.id, st.customers[0]!.id, games[0]!, [{ atMs: end - 60_000, bet: 7, win: 9, drift: 0 }]);
        await postBox(db, st.id, st.boss.id, kiosks[0]!, [{ type: 'in', amount: 1_00, atMs: end - 30_000 }]);
        expect((await s.call('/dayClose/get', { ...boss, day: p.day })).report).toEqual(closed.report);
      }),
      { numRuns: 4, endOnFailure: true },
    );
  }, 30_000);
});
