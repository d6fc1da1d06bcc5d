import { beforeAll, expect, it } from 'vitest';
import { reportStore, type ReportStore } from '../../testing/report-kit.js';
import { describeOnDatabases, type TestServer } from '../../testing/server.js';
import { refreshDailyTotals, refreshStep, startDailyTotals } from './daily-totals.js';
import { reportRepository } from '../../repositories/report.repository.js';

const DAY = '2026-11-10';

/** One online purchase of `cents` on DAY, written as a terminal's would be. */
async function onlinePurchase(s: TestServer, st: ReportStore, cents: number) {
  await s.handle.db.insertInto('ledger').values({ store_id: st.id, at: `${DAY}T15:00:00.000Z`, kind: 'purchase', channel: 'online', amount_cents: cents }).execute();
}

async function dailyPurchases(s: TestServer, st: ReportStore) {
  const boss = await s.call('/user/posLogin', { mode: 'viewer', username: st.boss.username, password: st.boss.password });
  const r = await s.call('/drawer/dailyLog', { UID: boss.uid, TOKEN: boss.token, startTime: DAY, endTime: DAY });
  return r.totals as { purchases: number; purchase_count: number };
}

const SETTLE_MS = 600;
const settle = () => new Promise((r) => setTimeout(r, SETTLE_MS));

/** The store's online purchases in report_daily, read every `everyMs` until they reach `cents` (10 s at most). */
async function foldedOnlineCents(s: TestServer, st: ReportStore, cents: number, everyMs: number): Promise<number> {
  const deadline = Date.now() + 10_000;
  let stored = 0;
  while (Date.now() < deadline) {
    const row = await s.handle.db.selectFrom('report_daily').select('amount_cents').where('store_id', '=', st.id).where('channel', '=', 'online').executeTakeFirst();
    stored = Number(row?.amount_cents ?? 0);
    if (stored === cents) break;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return stored;
}

/** REPORT_REFRESH_MS=0: this server never folds the ledger into the daily totals, and the reports stay exact from the live tail. */
describeOnDatabases(
  'report refresher switched off',
  (s) => {
    let st: ReportStore;
    beforeAll(async () => {
      st = await reportStore(s, 6301, 'UTC');
    });

    it('leaves the watermark where it is, and the daily report still counts every row', async () => {
      const before = await reportRepository.watermark(s.handle.db);
      await onlinePurchase(s, st, 400);
      await onlinePurchase(s, st, 150);
      await settle();
      expect(await reportRepository.watermark(s.handle.db)).toBe(before);
      expect(await dailyPurchases(s, st)).toMatchObject({ purchases: 5.5, purchase_count: 2 });
    });
  },
  { settings: { reportRefreshMs: 0 } },
);

describeOnDatabases(
  'report refresher on a short period',
  (s) => {
    let st: ReportStore;
    beforeAll(async () => {
      st = await reportStore(s, 6302, 'UTC');
    });

    it('folds new ledger rows into the daily totals by itself', async () => {
      await onlinePurchase(s, st, 400);
      expect(await foldedOnlineCents(s, st, 400, SETTLE_MS)).toBe(400);
      expect(await dailyPurchases(s, st)).toMatchObject({ purchases: 4, purchase_count: 1 });
    });
  },
  { settings: { reportRefreshMs: 50 } },
);

/**
 * The background refresher under a steady stream of ledger rows: a beat folds what is there and
 * waits for the next beat, instead of chasing each new row with another small transaction.
 */
describeOnDatabases(
  'report refresher beat under steady load',
  (s) => {
    let st: ReportStore;
    beforeAll(async () => {
      st = await reportStore(s, 6303, 'UTC');
      await refreshDailyTotals(s.handle);
    });

    it('runs a few steps per beat while rows keep coming, and the totals catch up after', async () => {
      const BEAT_MS = 100;
      let steps = 0;
      const stop = startDailyTotals(s.handle, (err) => { throw err; }, BEAT_MS, (h) => {
        steps++;
        return refreshStep(h);
      });
      let rows = 0;
      const started = Date.now();
      const until = started + 1500;
      let loadMs = 0;
      try {
        // At least 1.5 s and more than 100 rows (a loaded machine writes fewer rows a second).
        while (Date.now() < until || rows <= 100) {
          await onlinePurchase(s, st, 100);
          rows++;
          await new Promise((r) => setTimeout(r, 2));
        }
        loadMs = Date.now() - started;
        // Load over: within a few beats everything is folded in.
        expect(await foldedOnlineCents(s, st, rows * 100, BEAT_MS)).toBe(rows * 100);
      } finally {
        await stop();
      }
      expect(rows).toBeGreaterThan(100);
      // About a step per beat (the catch-up's beats included); chasing each new sample on
      // PostgreSQL took a step per row or two (about 500 here).
      const beats = Math.ceil(loadMs / BEAT_MS);
      expect(steps).toBeLessThanOrEqual(2 * beats + 10);
    });
  },
  { settings: { reportRefreshMs: 0 } },
);
