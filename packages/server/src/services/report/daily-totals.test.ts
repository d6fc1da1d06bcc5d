import { beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../testing/databases.js';
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

describe.each(dialects)('refresher steps racing each other on %s', (dialect) => {
  const s = useTestServer(dialect);
  let st: ReportStore;

  beforeAll(async () => {
    st = await reportStore(s, 6301, 'UTC');
  });

  it('read and bucket outside their transaction, yet fold every ledger row exactly once however many run at once', async () => {
    await refreshDailyTotals(s.handle);
    // More than one batch of rows (1,000 a step on SQLite), in two store days.
    const rows = Array.from({ length: 2600 }, (_, i) => ({
      store_id: st.id, at: i % 2 ? '2026-11-10T15:00:00.000Z' : '2026-11-11T09:30:00.000Z', kind: 'purchase', channel: 'online', amount_cents: 1 + (i % 7),
    }));
    for (let i = 0; i < rows.length; i += 500) await s.handle.db.insertInto('ledger').values(rows.slice(i, i + 500)).execute();
    let raced = 0;
    const runner = async () => {
      for (let n = 0; n < 200; n++) {
        const step = await refreshStep(s.handle);
        if (step.applied === 0 && step.backlog) raced++;
        if (step.applied === 0 && !step.sampled && !step.backlog) return;
      }
    };
    await Promise.all([runner(), runner(), runner()]);
    await refreshDailyTotals(s.handle);
    const stored = await s.handle.db.selectFrom('report_daily').select(['day', 'amount_cents', 'count']).where('store_id', '=', st.id).where('channel', '=', 'online').orderBy('day').execute();
    const expected = (day: string, odd: number) => {
      const mine = rows.filter((_, i) => i % 2 === odd);
      return { day, amount: mine.reduce((a, r) => a + r.amount_cents, 0), count: mine.length };
    };
    expect(stored.map((r) => ({ day: r.day, amount: Number(r.amount_cents), count: Number(r.count) }))).toEqual([expected('2026-11-10', 1), expected('2026-11-11', 0)]);
    // The race is real: some step planned on a watermark another had moved, and wrote nothing.
    expect(raced).toBeGreaterThan(0);
  });
});
