import { randomUUID } from 'node:crypto';
import { REPORT_CHANNELS, Status, type Cents, type ConsoleReport, type ConsoleReportStore } from '@moneybox/contract';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { consoleAccount, type ConsoleSession } from '../../testing/console-kit.js';
import { describeOnDatabases } from '../../testing/server.js';
import { addCredit, createStore } from '../operator/operator.service.js';
import { refreshDailyTotals } from '../report/daily-totals.js';
import { SEED } from '../audit/audit.js';

const OTHER = 2002;
const ZONE: Record<number, string> = { 1001: 'America/Chicago', [OTHER]: 'Asia/Shanghai' };
const PERIOD = { from: '2025-03-01', to: '2025-03-10' };
const KINDS = ['purchase', 'revert', 'redeem', 'special_comps', 'bet', 'fill'] as const;
const CHANNELS = [...REPORT_CHANNELS, 'machine'] as const;

/** A store day of an instant, by the platform's own time zone database (not the server's code). */
const dayIn = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

type Sums = Record<string, number>;
/** Each counted kind: the amount it adds to (a revert takes its purchase back) and its count. */
const FIELDS: Record<string, [string, string]> = { purchase: ['purchases', 'purchase_count'], revert: ['purchases', 'revert_count'], redeem: ['redeems', 'redeem_count'], special_comps: ['special_comps', 'special_comps_count'] };
const bump = (m: Map<string, Sums>, k: string, field: string, v: number) => {
  const e = m.get(k) ?? {};
  e[field] = (e[field] ?? 0) + v;
  m.set(k, e);
};

/**
 * The cross-store report over two stores in two distributors (different time zones): every figure
 * equals the sum computed here straight from the ledger and credit_transfer rows, with the stores'
 * days from Intl; part of the rows in the daily totals, part in the live tail. Scope, filters and
 * refused periods.
 */
describeOnDatabases('console cross-store report', (s) => {
  let admin: ConsoleSession;
  let distA: ConsoleSession;
  let distB: ConsoleSession;
  let support: ConsoleSession;
  const as = (c: ConsoleSession) => ({ UID: c.UID, TOKEN: c.TOKEN });
  const report = async (c: ConsoleSession, body: object = {}) => {
    const r = await s.call('/operator/report', { ...as(c), ...PERIOD, ...body });
    expect(r.status, JSON.stringify(r).slice(0, 300)).toBe(Status.OK);
    return r as unknown as ConsoleReport;
  };

  /** Ledger rows of both stores from 2025-02-28 to 2025-03-11 (UTC), some on either side of each store's midnight. */
  async function insertRows(seed: number, n: number) {
    const rows = [];
    for (let i = 0; i < n; i++) {
      const k = seed * 1000 + i;
      const store = k % 3 === 0 ? OTHER : 1001;
      const ms = Date.UTC(2025, 1, 28) + ((k * 7_919_000) % (12 * 86_400_000));
      rows.push({ store_id: store, at: new Date(ms).toISOString(), kind: KINDS[k % KINDS.length]!, channel: CHANNELS[(k >> 1) % CHANNELS.length]!, account_id: null, drawer_id: null, shift_id: null, customer_id: null, machine_id: null, amount_cents: 100 + ((k * 37) % 5000), key: null, reverts_id: null });
    }
    await s.handle.db.insertInto('ledger').values(rows).execute();
  }

  beforeAll(async () => {
    await createStore({ handle: s.handle }, SEED, { id: OTHER, name: 'Shanghai Arcade', timezone: ZONE[OTHER]!, credit: 0 as Cents, compsBudget: 0 as Cents, maxDrawers: 2, maxMachines: 2, limitDay: 31, limitHourly: 0 as Cents, limitDaily: 0 as Cents, limitWeekly: 0 as Cents, drawers: 1 });
    admin = await consoleAccount(s, 'admin');
    distA = await consoleAccount(s, 'distributor', { stores: [1001] });
    distB = await consoleAccount(s, 'distributor', { stores: [OTHER] });
    support = await consoleAccount(s, 'support', { parentId: distA.UID });
    await insertRows(1, 400);
    await refreshDailyTotals(s.handle);
    await insertRows(2, 200); // the live tail, above the watermark
    // Credit given: the store's credit ledger rows (kind store_credit), a take-back negative.
    for (const [store, at, cents] of [[1001, '2025-03-02T05:30:00.000Z', 5000_00], [1001, '2025-03-02T04:30:00.000Z', -1000_00], [OTHER, '2025-03-09T16:30:00.000Z', 700_00], [OTHER, '2025-03-10T16:30:00.000Z', 900_00]] as const) {
      await insertCredit(store, at, cents);
    }
  });

  let creditKeys = 0;
  const insertCredit = (store: number, at: string, cents: number) =>
    s.handle.db
      .insertInto('ledger')
      .values({ store_id: store, at, kind: 'store_credit', channel: 'operator', account_id: null, drawer_id: null, shift_id: null, customer_id: null, machine_id: null, amount_cents: Math.abs(cents), d_credit_cents: cents, key: `report-credit-${++creditKeys}`, reverts_id: null })
      .execute();

  /** What the report must say, straight from the ledger: per store|day|channel, and credit per store|day. */
  async function expected(stores: number[], period = PERIOD, zones = ZONE) {
    const rows = await s.handle.db.selectFrom('ledger').select(['store_id', 'at', 'kind', 'channel', 'amount_cents', 'd_credit_cents']).where('store_id', 'in', stores).execute();
    const cells = new Map<string, Sums>();
    const credit = new Map<string, Sums>();
    for (const r of rows) {
      const day = dayIn(r.at, zones[r.store_id]!);
      if (day < period.from || day > period.to) continue;
      if (r.kind === 'store_credit') {
        bump(credit, `${r.store_id}|${day}`, 'cents', Number(r.d_credit_cents));
        bump(credit, `${r.store_id}|${day}`, 'count', 1);
      }
      if (!(REPORT_CHANNELS as readonly string[]).includes(r.channel)) continue;
      const k = `${r.store_id}|${day}|${r.channel}`;
      const c = Number(r.amount_cents);
      const fields = FIELDS[r.kind];
      if (!fields) continue;
      bump(cells, k, fields[0], r.kind === 'revert' ? -c : c);
      bump(cells, k, fields[1], 1);
    }
    return { cells, credit };
  }

  const cents = (v: number) => Math.round(v * 100);
  type Figures = Pick<ConsoleReportStore, 'purchases' | 'redeems' | 'net' | 'special_comps' | 'reverts' | 'purchase_count' | 'redeem_count' | 'special_comps_count' | 'revert_count'>;
  /** A figure row in cents (amounts) and counts, to compare sums exactly. */
  const inCents = (f: Figures) => ({ p: cents(f.purchases), r: cents(f.redeems), n: cents(f.net), sc: cents(f.special_comps), v: cents(f.reverts), pc: f.purchase_count, rc: f.redeem_count, scc: f.special_comps_count, vc: f.revert_count });
  const summed = (rows: Figures[]) => {
    const t = { p: 0, r: 0, n: 0, sc: 0, v: 0, pc: 0, rc: 0, scc: 0, vc: 0 };
    for (const x of rows) for (const [k, v] of Object.entries(inCents(x))) t[k as keyof typeof t] += v;
    return t;
  };

  /**
   * Each page store has one totals row, and it is the sum of that store's rows and credit rows, and
   * what the ledger sums to for it; with every selected store on the page they add up to the totals.
   */
  function checkStoreTotals(r: ConsoleReport, want: Awaited<ReturnType<typeof expected>>) {
    const pageKids = [...new Set([...r.list.map((x) => x.kid), ...r.credit.map((x) => x.kid)])];
    expect(r.store_totals.map((x) => x.kid)).toEqual(expect.arrayContaining(pageKids));
    expect(r.store_totals.length).toBe(Math.min(r.page_stores, Math.max(0, r.stores - (r.page - 1) * r.page_stores)));
    for (const st of r.store_totals) {
      const rows = r.list.filter((x) => x.kid === st.kid);
      expect({ kid: st.kid, ...inCents(st) }).toEqual({ kid: st.kid, ...summed(rows) });
      const credit = r.credit.filter((x) => x.kid === st.kid);
      expect({ kid: st.kid, c: cents(st.credit_given), m: st.credit_count }).toEqual({ kid: st.kid, c: cents(credit.reduce((a, x) => a + x.credit_given, 0)), m: credit.reduce((a, x) => a + x.credit_count, 0) });
      const ledger = [...want.credit].filter(([k]) => k.startsWith(`${st.kid}|`)).map(([, v]) => v);
      expect({ kid: st.kid, c: cents(st.credit_given), m: st.credit_count }).toEqual({ kid: st.kid, c: ledger.reduce((a, v) => a + v.cents!, 0), m: ledger.reduce((a, v) => a + v.count!, 0) });
      const cells = [...want.cells].filter(([k]) => k.startsWith(`${st.kid}|`)).map(([, v]) => v);
      expect(cents(st.net)).toBe(cells.reduce((a, v) => a + (v.purchases ?? 0) - (v.redeems ?? 0), 0));
    }
    if (r.stores <= r.page_stores) {
      const { credit_given: given, credit_count: moves, ...figures } = r.totals;
      expect(summed(r.store_totals)).toEqual(inCents(figures));
      expect({ c: cents(r.store_totals.reduce((a, x) => a + x.credit_given, 0)), m: r.store_totals.reduce((a, x) => a + x.credit_count, 0) }).toEqual({ c: cents(given), m: moves });
    }
  }
  function check(r: ConsoleReport, want: Awaited<ReturnType<typeof expected>>) {
    const got = new Map(r.list.map((x) => [`${x.kid}|${x.day}|${x.channel}`, x]));
    expect([...got.keys()].sort()).toEqual([...want.cells.keys()].sort());
    const total = { purchases: 0, redeems: 0, special_comps: 0, purchase_count: 0, redeem_count: 0, revert_count: 0, special_comps_count: 0 };
    for (const [k, w] of want.cells) {
      const g = got.get(k)!;
      expect({ k, p: cents(g.purchases), r: cents(g.redeems), n: cents(g.net), sc: cents(g.special_comps), pc: g.purchase_count, rc: g.redeem_count, vc: g.revert_count, scc: g.special_comps_count }).toEqual({
        k, p: w.purchases ?? 0, r: w.redeems ?? 0, n: (w.purchases ?? 0) - (w.redeems ?? 0), sc: w.special_comps ?? 0, pc: w.purchase_count ?? 0, rc: w.redeem_count ?? 0, vc: w.revert_count ?? 0, scc: w.special_comps_count ?? 0,
      });
      for (const f of Object.keys(total) as (keyof typeof total)[]) total[f] += w[f] ?? 0;
    }
    expect({ p: cents(r.totals.purchases), r: cents(r.totals.redeems), n: cents(r.totals.net), sc: cents(r.totals.special_comps), pc: r.totals.purchase_count, rc: r.totals.redeem_count, vc: r.totals.revert_count }).toEqual({
      p: total.purchases, r: total.redeems, n: total.purchases - total.redeems, sc: total.special_comps, pc: total.purchase_count, rc: total.redeem_count, vc: total.revert_count,
    });
    // The chart's days × channels add up to the totals.
    expect(cents(r.day_channels.reduce((a, x) => a + x.net, 0))).toBe(total.purchases - total.redeems);
    expect(r.day_channels).toHaveLength(10 * REPORT_CHANNELS.length);
    const credit = new Map(r.credit.map((c) => [`${c.kid}|${c.day}`, cents(c.credit_given)]));
    expect(credit).toEqual(new Map([...want.credit].map(([k, v]) => [k, v.cents!])));
    expect(cents(r.totals.credit_given)).toBe([...want.credit.values()].reduce((a, v) => a + v.cents!, 0));
    checkStoreTotals(r, want);
  }

  it('gives every store × store day × channel and the totals exactly as the ledger sums them, each store on its own days', async () => {
    const want = await expected([1001, OTHER]);
    expect(want.cells.size).toBeGreaterThan(40);
    const r = await report(admin, { kids: [1001, OTHER] });
    expect(r.stores).toBe(2);
    check(r, want);
    // Credit: 1001 got 5,000 and gave 1,000 back on 2025-03-01/02 (Chicago); 2002's second move is on 2025-03-11 in Shanghai, outside the period.
    expect(r.totals.credit_given).toBe(5000 - 1000 + 700);
    expect(r.period).toEqual({ first_day: PERIOD.from, last_day: PERIOD.to, days: 10, limit_day: 92 });
  });

  it('shows each distributor, and its support, only its own stores, whatever they filter by', async () => {
    const wantA = await expected([1001]);
    for (const who of [distA, support]) {
      const filters: Array<{ kids?: number[]; distributor_id?: number }> = [{}, { kids: [1001, OTHER] }, { kids: [OTHER] }, { distributor_id: distB.UID }];
      for (const filter of filters) {
        const r = await report(who, filter);
        expect(r.list.every((x) => x.kid === 1001)).toBe(true);
        expect(r.credit.every((x) => x.kid === 1001)).toBe(true);
        expect(r.store_totals.every((x) => x.kid === 1001)).toBe(true);
        if (filter.kids?.length !== 1 && filter.distributor_id === undefined) check(r, wantA);
        else expect(r).toMatchObject({ stores: 0, list: [], credit: [], store_totals: [], totals: { purchases: 0, redeems: 0, credit_given: 0 } });
      }
    }
    const b = await report(distB);
    expect(b.stores).toBe(1);
    check(b, await expected([OTHER]));
    // The admin narrows by distributor.
    const byB = await report(admin, { distributor_id: distB.UID });
    expect(byB.stores).toBe(1);
    check(byB, await expected([OTHER]));
  });

  it('pages the rows by store while the totals stay those of every selected store', async () => {
    const all = await report(admin);
    const last = await report(admin, { page: Math.ceil(all.stores / all.page_stores) + 1 });
    expect(last.list).toEqual([]);
    expect(last.store_totals).toEqual([]);
    expect(last.totals).toEqual(all.totals);
  });

  it("counts as credit given the store's opening credit, the CLI's add-credit and a distributor's give (not the operator's give to the distributor), in that store's totals; other distributors see none of it", async () => {
    const KID = 3003;
    const distC = await consoleAccount(s, 'distributor');
    await createStore({ handle: s.handle }, SEED, { id: KID, name: 'Opening Arcade', timezone: 'America/Chicago', credit: 250_00 as Cents, compsBudget: 40_00 as Cents, maxDrawers: 1, maxMachines: 1, limitDay: 31, limitHourly: 0 as Cents, limitDaily: 0 as Cents, limitWeekly: 0 as Cents, drawers: 1, distributorId: distC.UID });
    expect(Number(await addCredit({ handle: s.handle }, SEED, { storeId: KID, amount: 120_00, note: 'top-up' }))).toBe(370_00);
    const move = (c: ConsoleSession, body: object) => s.call('/operator/creditMove', { ...as(c), key: randomUUID(), ...body });
    expect((await move(admin, { distributor_id: distC.UID, amount: 100 })).status).toBe(Status.OK);
    expect((await move(distC, { kid: KID, amount: 30 })).status).toBe(Status.OK);
    expect((await move(distC, { kid: KID, fund: 'comps', amount: 5 })).status).toBe(Status.OK); // comps budget, not credit
    // Today's store day in Chicago is in [yesterday, tomorrow] on the UTC calendar.
    const today = Date.now();
    const period = { from: new Date(today - 86_400_000).toISOString().slice(0, 10), to: new Date(today + 86_400_000).toISOString().slice(0, 10) };
    const zones = { ...ZONE, [KID]: 'America/Chicago' };
    for (const who of [admin, distC]) {
      const r = await report(who, { ...period, kids: [KID] });
      expect(r.stores).toBe(1);
      expect(r.totals).toMatchObject({ credit_given: 250 + 120 + 30, credit_count: 3 });
      expect(r.store_totals).toEqual([expect.objectContaining({ kid: KID, store: 'Opening Arcade', credit_given: 400, credit_count: 3, purchases: 0 })]);
      expect(r.credit.reduce((a, c) => a + c.credit_given, 0)).toBe(400);
      checkStoreTotals(r, await expected([KID], period, zones));
    }
    // Attack: another distributor (and its support) narrowing to this store, or to its distributor, gets nothing of it.
    for (const who of [distA, support, distB]) {
      const own = await report(who, { ...period, kids: [1001, OTHER] });
      for (const filter of [{ kids: [KID] }, { distributor_id: distC.UID }, { kids: [KID, 1001, OTHER] }]) {
        const r = await report(who, { ...period, ...filter });
        expect(r.store_totals.some((x) => x.kid === KID)).toBe(false);
        expect(r.credit.some((x) => x.kid === KID)).toBe(false);
        expect(r.list.some((x) => x.kid === KID)).toBe(false);
        expect(r.totals).toEqual(filter.kids?.length === 3 ? own.totals : expect.objectContaining({ credit_given: 0, credit_count: 0, purchases: 0 }));
      }
    }
  });

  it('gives each store totals equal to the sum of its rows and to the ledger, for any rows over a few stores and days (property)', async () => {
    let run = 0;
    const row = fc.record({
      store: fc.nat(2),
      ms: fc.integer({ min: Date.UTC(2025, 5, 1, 12), max: Date.UTC(2025, 5, 5, 12) }),
      kind: fc.constantFrom(...KINDS, 'store_credit' as const),
      channel: fc.constantFrom(...CHANNELS),
      cents: fc.integer({ min: -50_000, max: 50_000 }).filter((c) => c !== 0),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(row, { maxLength: 40 }), fc.nat(40), async (rows, folded) => {
        const kids = [0, 1, 2].map((i) => 5000 + run * 3 + i);
        run++;
        const zones: Record<number, string> = {};
        for (const [i, kid] of kids.entries()) {
          zones[kid] = ['America/Chicago', 'Asia/Shanghai', 'UTC'][i]!;
          await createStore({ handle: s.handle }, SEED, { id: kid, name: `Prop ${kid}`, timezone: zones[kid], credit: 0 as Cents, compsBudget: 0 as Cents, maxDrawers: 1, maxMachines: 1, limitDay: 31, limitHourly: 0 as Cents, limitDaily: 0 as Cents, limitWeekly: 0 as Cents, drawers: 1 });
        }
        const insert = async (part: typeof rows) => {
          for (const x of part) {
            const at = new Date(x.ms).toISOString();
            if (x.kind === 'store_credit') await insertCredit(kids[x.store]!, at, x.cents);
            else await s.handle.db.insertInto('ledger').values({ store_id: kids[x.store]!, at, kind: x.kind, channel: x.channel, account_id: null, drawer_id: null, shift_id: null, customer_id: null, machine_id: null, amount_cents: Math.abs(x.cents), key: null, reverts_id: null }).execute();
          }
        };
        // Part in the daily totals, the rest in the live tail.
        await insert(rows.slice(0, folded));
        await refreshDailyTotals(s.handle);
        await insert(rows.slice(folded));
        const period = { from: '2025-06-02', to: '2025-06-04' };
        const r = await report(admin, { ...period, kids });
        expect(r.store_totals.map((x) => x.kid)).toEqual(kids);
        checkStoreTotals(r, await expected(kids, period, zones));
      }),
      { numRuns: 6 },
    );
  });

  it('refuses a period that ends before it starts or is longer than 92 days (39), and a day that is not one (13)', async () => {
    const bad = async (body: object) => (await s.call('/operator/report', { ...as(admin), ...body })).status;
    expect(await bad({ from: '2025-03-10', to: '2025-03-01' })).toBe(Status.IMPROPER_PERIOD);
    const long = await s.call('/operator/report', { ...as(admin), from: '2025-01-01', to: '2025-04-03' });
    expect(long).toMatchObject({ status: Status.IMPROPER_PERIOD, limit_day: 92 });
    expect(await bad({ from: '2025-01-01', to: '2025-04-02' })).toBe(Status.OK);
    expect(await bad({ from: '2025-02-30', to: '2025-03-01' })).toBe(Status.INPUT_ERROR);
    expect(await bad({ to: '2025-03-01' })).toBe(Status.INPUT_ERROR);
  });
});
