import { ALERT_THRESHOLDS, Status, type ConsoleStoreRow } from '@moneybox/contract';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { LedgerRow } from '../../db/schema.js';
import { creditOutlook } from '../../domain/credit-outlook.js';
import { consoleAccount } from '../../testing/console-kit.js';
import { dayOf, ledgerOf, postPlan, reportStore, type PlannedKiosk } from '../../testing/report-kit.js';
import { describeOnDatabases } from '../../testing/server.js';
import { foldedUpTo, refreshDailyTotals } from '../report/daily-totals.js';
import { creditWeek } from './credit-week.js';

/**
 * The stores screen's figures equal sums taken straight from the ledger: the week's credit use
 * (read from the refresher's credit_use_day, the first day's edge and the rows above the
 * watermark), the last activity and today's totals; and the refresher's console totals
 * (report_daily_all, credit_use_day) equal report_daily and the ledger they are kept from.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/** Kiosk purchases and redeems at the given instants, amounts and channels varied. */
const kioskAt = (times: number[]): PlannedKiosk[] =>
  times.map((atMs, i) => ({ kind: i % 3 === 2 ? 'redeem' : 'purchase', channel: (['reload_kiosk', 'online', 'reloader'] as const)[i % 3]!, amount: 1_000 + ((i * 7_919) % 40_000), customer: i, atMs }));

/** What the outlook reads from the ledger: credit used since `from` (store_credit is not use) and the last row at or after it. */
function weekOf(rows: LedgerRow[], from: number) {
  const inWeek = rows.filter((r) => Date.parse(r.at) >= from);
  const used = inWeek.filter((r) => r.kind !== 'store_credit').reduce((a, r) => a + Number(r.d_credit_cents), 0);
  const last = inWeek.reduce<string | null>((m, r) => (m === null || r.at > m ? r.at : m), null);
  return { used, last };
}

describeOnDatabases('console stores figures equal the ledger', (s) => {
  it("the week's credit use and last movement, for a week starting at every hour of the day, with rows folded and not yet folded", async () => {
    const st = await reportStore(s, 5801, 'Asia/Kolkata');
    // Ten days of movements every 5 h 13 min from tomorrow (after the store's own credit row, now), the first two thirds folded by the refresher.
    const tomorrow = Date.now() - (Date.now() % DAY) + DAY;
    const start = tomorrow + 30 * 60_000;
    const times = Array.from({ length: 45 }, (_, i) => start + i * (5 * HOUR + 13 * 60_000));
    await postPlan(s.handle.db, st, [], kioskAt(times.slice(0, 30)));
    await refreshDailyTotals(s.handle);
    await postPlan(s.handle.db, st, [], kioskAt(times.slice(30)));
    const rows = await ledgerOf(s.handle.db, st.id);
    const lastRow = Math.max(...rows.map((r) => Date.parse(r.at)));
    // Weeks whose start falls at every second hour of a UTC day (both sides of noon: added and taken-away edges).
    for (let h = 0; h < 24; h += 2) {
      const now = tomorrow + 10 * DAY + h * HOUR + 7 * 60_000;
      expect(now).toBeGreaterThan(lastRow);
      const want = weekOf(rows, now - WEEK);
      const [got] = await creditWeek(s.handle.db, [st.id], now, await foldedUpTo(s.handle.db));
      expect({ h, used: got?.credit_cents ?? 0, last: got?.last_at ?? null }).toEqual({ h, used: want.used, last: want.last });
    }
  });

  it("the stores list shows the week's credit outlook, the last activity and today's totals as the ledger has them, live", async () => {
    const admin = await consoleAccount(s, 'admin');
    const st = await reportStore(s, 5802, 'America/Chicago');
    const now = Date.now();
    // Every 7 h back over eight days, none within 10 minutes of the week's start; all but the newest three folded.
    const times = Array.from({ length: 28 }, (_, i) => now - 60_000 - i * 7 * HOUR).filter((t) => Math.abs(t - (now - WEEK)) > 10 * 60_000).reverse();
    await postPlan(s.handle.db, st, [], kioskAt(times.slice(0, -3)));
    await refreshDailyTotals(s.handle);
    await postPlan(s.handle.db, st, [], kioskAt(times.slice(-3)));
    // The operator's credit: the newest movement, and no use of credit.
    expect((await s.call('/operator/creditMove', { UID: admin.UID, TOKEN: admin.TOKEN, key: randomUUID(), kid: st.id, amount: 500 })).status).toBe(Status.OK);

    const list = (await s.call('/operator/stores', { UID: admin.UID, TOKEN: admin.TOKEN })).list as ConsoleStoreRow[];
    const at = Date.now();
    const row = list.find((r) => r.kid === st.id)!;
    const rows = await ledgerOf(s.handle.db, st.id);
    const store = await s.handle.db.selectFrom('store').select('credit_cents').where('id', '=', st.id).executeTakeFirstOrThrow();
    const week = weekOf(rows, at - WEEK);
    const outlook = creditOutlook(Number(store.credit_cents), -week.used, ALERT_THRESHOLDS.low_credit.builtIn);
    expect({ credit: row.credit, low_credit: row.low_credit, days_left: row.days_left, last_activity: row.last_activity }).toEqual({
      credit: Number(store.credit_cents) / 100,
      low_credit: outlook.low,
      days_left: outlook.daysLeft,
      last_activity: week.last,
    });
    const today = rows.filter((r) => dayOf(Date.parse(r.at), st.timezone) === dayOf(at, st.timezone));
    const sum = (kind: string) => today.filter((r) => r.kind === kind).reduce((a, r) => a + Number(r.amount_cents), 0);
    const purchases = sum('purchase') - sum('revert');
    expect([row.today.purchases, row.today.redeems, row.today.net].map((v) => Math.round(v * 100))).toEqual([purchases, sum('redeem'), purchases - sum('redeem')]);
    await s.verify();
  });

  it("the refresher's console totals are what they are kept from: report_daily over every store, and the ledger per store and UTC day", async () => {
    await refreshDailyTotals(s.handle);
    const db = s.handle.db;
    const all = await db.selectFrom('report_daily_all').select(['day', 'channel', 'kind', 'amount_cents', 'count']).orderBy(['day', 'channel', 'kind']).execute();
    const summed = await db
      .selectFrom('report_daily')
      .select(['day', 'channel', 'kind', (eb) => eb.fn.sum<number>('amount_cents').as('amount_cents'), (eb) => eb.fn.sum<number>('count').as('count')])
      .groupBy(['day', 'channel', 'kind'])
      .orderBy(['day', 'channel', 'kind'])
      .execute();
    const norm = <T extends { amount_cents: number | string; count: number | string }>(rs: T[]) => rs.map((r) => ({ ...r, amount_cents: Number(r.amount_cents), count: Number(r.count) }));
    expect(all.length).toBeGreaterThan(0);
    expect(norm(all)).toEqual(norm(summed));
    const kept = await db.selectFrom('credit_use_day').select(['store_id', 'day', 'used_cents', 'last_at']).orderBy(['store_id', 'day']).execute();
    const day = sql<string>`substr(at, 1, 10)`;
    const fromLedger = await db
      .selectFrom('ledger')
      .select(['store_id', day.as('day'), (eb) => eb.fn.sum<number>(sql`case when kind = 'store_credit' then 0 else d_credit_cents end`).as('used_cents'), (eb) => eb.fn.max('at').as('last_at')])
      .groupBy(['store_id', day])
      .orderBy(['store_id', 'day'])
      .execute();
    const plain = (rs: Array<{ store_id: number; day: string; used_cents: number | string; last_at: string }>) => rs.map((r) => ({ store_id: Number(r.store_id), day: r.day, used_cents: Number(r.used_cents), last_at: r.last_at }));
    expect(plain(kept)).toEqual(plain(fromLedger as typeof kept));
  });
});
