import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { littlePlay, nearThreshold, structuring, unusualActivityRules, unusualActivityValues, windowOf, type CashMovementFact } from './alert-rules.js';
import { UNUSUAL_ACTIVITY_DEFAULTS } from '@moneybox/contract';

const ON = { ...UNUSUAL_ACTIVITY_DEFAULTS, structuring_on: true, little_play_on: true };
let n = 0;
const move = (over: Partial<CashMovementFact>): CashMovementFact => ({
  id: ++n,
  storeId: 1,
  store: 'One',
  customerId: 10,
  name: 'A B',
  idHash: 'abcdef0123456789abcdef',
  kind: 'purchase',
  amountCents: 950_00,
  thresholdCents: 1000_00,
  at: `2026-12-03T1${n % 10}:00:00.000Z`,
  day: '2026-12-03',
  ...over,
});

describe('unusual activity rules (pure)', () => {
  it('near the threshold: at most it, at least the band under it; no threshold never', () => {
    expect(nearThreshold(900_00, 1000_00, 10)).toBe(true);
    expect(nearThreshold(1000_00, 1000_00, 10)).toBe(true);
    expect(nearThreshold(899_99, 1000_00, 10)).toBe(false);
    expect(nearThreshold(1000_01, 1000_00, 10)).toBe(false);
    expect(nearThreshold(5, 0, 100)).toBe(false);
  });

  it('the window: the store day, or its week named by its Monday', () => {
    expect(windowOf('2026-12-03', 'day')).toBe('day:2026-12-03');
    expect(windowOf('2026-12-03', 'week')).toBe('week:2026-11-30'); // a Thursday
    expect(windowOf('2026-11-30', 'week')).toBe('week:2026-11-30');
    expect(windowOf('2026-12-06', 'week')).toBe('week:2026-11-30'); // Sunday closes the week
    expect(windowOf('2026-12-07', 'week')).toBe('week:2026-12-07');
  });

  it('the stored rules read back as set; nothing stored: the defaults, both off', () => {
    expect(unusualActivityRules([])).toEqual(UNUSUAL_ACTIVITY_DEFAULTS);
    const set = { ...ON, structuring_window: 'week' as const, structuring_count: 4 };
    const rows = Object.entries(unusualActivityValues(set)).map(([kind, value]) => ({ store_id: 0, kind, value }));
    expect(unusualActivityRules([...rows, { store_id: 5, kind: 'ua.structuring_count', value: 9 }])).toEqual(set);
  });

  it('structuring: one cause per person and window across stores, listing the movements; the same number under two records of one document is one person', () => {
    const ms = [move({ storeId: 1, customerId: 10 }), move({ storeId: 2, customerId: 20 }), move({ storeId: 1, customerId: 10, amountCents: 1000_00 })];
    const [c, ...more] = structuring(ms, ON);
    expect(more).toEqual([]);
    expect(c).toMatchObject({ kind: 'structuring', storeId: 1, stores: [1, 2], subject: 'person:abcdef0123456789|day:2026-12-03', detail: { count: 3, by_document: true } });
    expect((c!.detail.movements as { id: number }[]).map((m) => m.id)).toEqual(ms.map((m) => m.id));
    expect(structuring(ms.slice(0, 2), ON)).toEqual([]);
    expect(structuring(ms, { ...ON, structuring_on: false })).toEqual([]);
    // No document: each record is its own person.
    expect(structuring(ms.map((m) => ({ ...m, idHash: '' })), ON)).toEqual([]);
    // Another day is another window.
    expect(structuring([...ms.slice(0, 2), move({ day: '2026-12-04' })], ON)).toEqual([]);
    expect(structuring([...ms.slice(0, 2), move({ day: '2026-12-04' })], { ...ON, structuring_window: 'week' })).toHaveLength(1);
  });

  it('property: a person is alerted exactly when the movements near the threshold within one window number at least the count', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ day: fc.integer({ min: 0, max: 13 }), cents: fc.integer({ min: 800_00, max: 1100_00 }), person: fc.integer({ min: 0, max: 2 }) }), { maxLength: 30 }),
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 1, max: 30 }),
        fc.constantFrom<'day' | 'week'>('day', 'week'),
        (raw, count, band, window) => {
          const ms = raw.map((r) => move({ day: `2026-11-${String(16 + r.day).padStart(2, '0')}`, amountCents: r.cents, idHash: `p${r.person}`.padEnd(20, '0'), customerId: r.person }));
          const rule = { ...ON, structuring_count: count, structuring_band: band, structuring_window: window };
          const causes = structuring(ms, rule);
          const expected = new Map<string, number>();
          for (const m of ms) if (m.amountCents <= 1000_00 && m.amountCents >= 1000_00 * (1 - band / 100)) {
            const k = `person:${m.idHash.slice(0, 16)}|${windowOf(m.day, window)}`;
            expected.set(k, (expected.get(k) ?? 0) + 1);
          }
          const fired = [...expected].filter(([, k]) => k >= count).map(([s]) => s).sort();
          expect(causes.map((c) => c.subject).sort()).toEqual(fired);
          for (const c of causes) expect(c.detail.count).toBe(expected.get(c.subject));
        },
      ),
    );
  });

  it('little play: redeems reaching the share of the day bought while bets stay under theirs', () => {
    const day = (movements: CashMovementFact[], betCents: number) => [{ customerId: 10, storeId: 1, day: '2026-12-03', movements, betCents }];
    const bought = move({ amountCents: 500_00 });
    const cashed = move({ kind: 'redeem', amountCents: 450_00 });
    expect(littlePlay(day([bought, cashed], 49_99), ON)).toMatchObject([{ kind: 'little_play', subject: 'customer:10|day:2026-12-03', detail: { bought_cents: 500_00, redeemed_cents: 450_00, bet_cents: 49_99 } }]);
    expect(littlePlay(day([bought, cashed], 50_00), ON)).toEqual([]);
    expect(littlePlay(day([bought, move({ kind: 'redeem', amountCents: 449_99 })], 0), ON)).toEqual([]);
    // A purchase reverted is no cash bought.
    expect(littlePlay(day([bought, move({ kind: 'revert', amountCents: 500_00 }), cashed], 0), ON)).toEqual([]);
    expect(littlePlay(day([bought, cashed], 0), { ...ON, little_play_on: false })).toEqual([]);
  });
});
