// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashReportCheck, cashStep, type RecentCash } from './cash-log.js';
import { Refusal } from './refusal.js';

const store = { cash_log_cents: 3_000_00, cash_report_cents: 10_000_00, timezone: 'America/Chicago' };
const FULL = { first_name: 'Ann', last_name: 'Lee', birthday: '1980-02-03', drivers_license: 'D1', address: '1 Main St' };

describe('the cash log rule (money/cash-log.ts)', () => {
  it('random small movements of one day: the log entry is made exactly when the day sum first reaches the threshold, once per direction', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ kind: fc.constantFrom('purchase', 'redeem', 'revert') as fc.Arbitrary<'purchase' | 'redeem' | 'revert'>, cents: fc.integer({ min: 1, max: 900_00 }) }), { maxLength: 40 }), (moves) => {
        const recent: RecentCash[] = [];
        const made = { in: 0, out: 0 };
        const sums = { in: 0, out: 0 };
        let t = Date.parse('2026-06-01T15:00:00Z');
        for (const m of moves) {
          const at = new Date((t += 60_000)).toISOString();
          const step = cashStep(store, { kind: m.kind, channel: 'pos', amount: m.cents, at }, recent)!;
          const dir = m.kind === 'purchase' ? 'in' : 'out';
          expect(step.direction).toBe(dir);
          const before = sums[dir];
          sums[dir] += m.cents;
          expect(step.totalCents).toBe(sums[dir]);
          const logs = step.entries.some((e) => e.level === 'log');
          expect(logs).toBe(sums[dir] >= store.cash_log_cents);
          // The entry is made by the movement that first reaches it; later ones only bring it up to date.
          if (logs && before < store.cash_log_cents) made[dir]++;
          expect(step.entries.some((e) => e.level === 'report')).toBe(sums[dir] > store.cash_report_cents);
          recent.push({ at, direction: dir, cents: m.cents });
        }
        expect(made.in).toBe(sums.in >= store.cash_log_cents ? 1 : 0);
        expect(made.out).toBe(sums.out >= store.cash_log_cents ? 1 : 0);
      }),
      { numRuns: 300 },
    );
  });

  it("the store day is the store's: yesterday's cash does not count, other channels are no cash, off is nothing", () => {
    const recent: RecentCash[] = [{ at: '2026-06-01T04:59:00Z', direction: 'in', cents: 2_900_00 }];
    // 23:59 in Chicago on May 31 vs 00:01 on June 1.
    expect(cashStep(store, { kind: 'purchase', channel: 'pos', amount: 200_00, at: '2026-06-01T05:01:00Z' }, recent)).toMatchObject({ day: '2026-06-01', totalCents: 200_00, entries: [] });
    expect(cashStep(store, { kind: 'purchase', channel: 'online', amount: 200_00, at: '2026-06-01T05:01:00Z' }, recent)).toBeNull();
    expect(cashStep(store, { kind: 'special_comps', channel: 'pos', amount: 200_00, at: '2026-06-01T05:01:00Z' }, recent)).toBeNull();
    expect(cashStep({ ...store, cash_log_cents: 0, cash_report_cents: 0 }, { kind: 'purchase', channel: 'pos', amount: 1, at: '2026-06-01T05:01:00Z' }, null)).toBeNull();
    expect(() => cashStep(store, { kind: 'purchase', channel: 'pos', amount: 1, at: '2026-06-01T05:01:00Z' }, null)).toThrow(/recent cash/);
  });

  it('the stop: above the report threshold either way, the missing identity fields are named in order', () => {
    const step = cashStep(store, { kind: 'redeem', channel: 'reload_kiosk', amount: 1_00, at: '2026-06-01T18:00:00Z' }, [{ at: '2026-06-01T17:00:00Z', direction: 'in', cents: 10_000_01 }])!;
    expect(step.totalCents).toBe(1_00);
    expect(() => cashReportCheck('redeem', store, step, FULL)).not.toThrow();
    try {
      cashReportCheck('redeem', store, step, { ...FULL, first_name: ' ', address: '' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(Refusal);
      expect((err as Refusal).figures).toMatchObject({ missing: ['first_name', 'address'], direction: 'out', threshold_cents: 10_000_00 });
    }
  });
});
