import { beforeAll, describe, expect, it } from 'vitest';
import { reportStore, type ReportStore } from '../../testing/report-kit.js';
import { useTestServer } from '../../testing/server.js';
import { refreshDailyTotals, refreshStep } from './daily-totals.js';
import { reportRepository } from '../../repositories/report.repository.js';

/**
 * PostgreSQL commits out of id order: a ledger row with a lower id can become visible after a higher
 * one. The watermark must never pass an id whose transaction is still running, or that row would be
 * neither in the daily totals nor in the live tail.
 */
describe('daily totals watermark on postgres', () => {
  const s = useTestServer('postgres');
  let st: ReportStore;
  const AT = '2026-11-10T15:00:00.000Z';

  beforeAll(async () => {
    st = await reportStore(s, 6201, 'UTC');
  });

  const insert = (client: { query(q: string, v: unknown[]): Promise<{ rows: Array<{ id: string }> }> }, cents: number) =>
    client.query(`INSERT INTO ledger (store_id, at, kind, channel, amount_cents) VALUES ($1, $2, 'purchase', 'online', $3) RETURNING id`, [st.id, AT, cents]);

  const dailyPurchases = async () => {
    const boss = await s.call('/user/posLogin', { mode: 'viewer', username: st.boss.username, password: st.boss.password });
    const r = await s.call('/drawer/dailyLog', { UID: boss.uid, TOKEN: boss.token, startTime: '2026-11-10', endTime: '2026-11-10' });
    return r.totals as { purchases: number; purchase_count: number };
  };

  it('does not pass a lower id still in flight while a higher one commits; the report stays exact throughout', async () => {
    await refreshDailyTotals(s.handle);
    const slow = await s.handle.pgPool!.connect();
    try {
      await slow.query('BEGIN');
      const low = Number((await insert(slow, 100)).rows[0]!.id);
      const high = Number((await insert(s.handle.pgPool!, 250)).rows[0]!.id);
      expect(high).toBeGreaterThan(low);
      for (let i = 0; i < 5; i++) await refreshStep(s.handle);
      expect(await reportRepository.watermark(s.handle.db)).toBeLessThan(low);
      expect(await dailyPurchases()).toMatchObject({ purchases: 2.5, purchase_count: 1 });
      await slow.query('COMMIT');
      expect(await dailyPurchases()).toMatchObject({ purchases: 3.5, purchase_count: 2 });
      await refreshDailyTotals(s.handle);
      await refreshDailyTotals(s.handle);
      expect(await reportRepository.watermark(s.handle.db)).toBeGreaterThanOrEqual(high);
      const stored = await s.handle.db.selectFrom('report_daily').select(['amount_cents', 'count']).where('store_id', '=', st.id).where('channel', '=', 'online').executeTakeFirstOrThrow();
      expect({ amount: Number(stored.amount_cents), count: Number(stored.count) }).toEqual({ amount: 350, count: 2 });
      expect(await dailyPurchases()).toMatchObject({ purchases: 3.5, purchase_count: 2 });
    } finally {
      await slow.query('ROLLBACK').catch(() => undefined);
      slow.release();
    }
  });
});
