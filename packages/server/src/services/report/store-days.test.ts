import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, storeDayOf, storeDayStart, storeTime, storeTodayStart } from './store-days.js';

const ZONES = ['America/Chicago', 'Europe/London', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/St_Johns', 'UTC'];

describe('store days', () => {
  it('give the wall clock and day of any instant as date-fns does, in zones with DST and odd offsets', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2032, 0, 1) }), fc.constantFrom(...ZONES), (ms, tz) => {
        const want = format(new TZDate(ms, tz), 'yyyy-MM-dd HH:mm:ss');
        expect(storeTime(ms, tz)).toBe(want);
        expect(storeDayOf(ms, tz)).toBe(want.slice(0, 10));
      }),
      { numRuns: 3000 },
    );
  });

  it('make a daylight-saving day one day of 23 or 25 hours', () => {
    const tz = 'America/Chicago';
    const hours = (day: string) => (storeDayStart(addDays(day, 1), tz) - storeDayStart(day, tz)) / 3600_000;
    expect(hours('2026-03-08')).toBe(23);
    expect(hours('2026-11-01')).toBe(25);
    expect(hours('2026-11-02')).toBe(24);
    expect(storeDayOf(storeDayStart('2026-11-01', tz) + 24.5 * 3600_000, tz)).toBe('2026-11-01');
  });

  it("start today at the store's local midnight, also after a daylight-saving change earlier that day", () => {
    const tz = 'America/Chicago';
    // 2026-11-01 10:00 CST: midnight was still CDT (05:00 UTC), not 06:00 UTC as today's offset would say.
    expect(new Date(storeTodayStart(Date.parse('2026-11-01T16:00:00Z'), tz)).toISOString()).toBe('2026-11-01T05:00:00.000Z');
    // 2026-03-08 10:00 CDT: midnight was CST (06:00 UTC).
    expect(new Date(storeTodayStart(Date.parse('2026-03-08T15:00:00Z'), tz)).toISOString()).toBe('2026-03-08T06:00:00.000Z');
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2032, 0, 1) }), fc.constantFrom(...ZONES), (ms, tz2) => {
        const start = storeTodayStart(ms, tz2);
        expect(start).toBeLessThanOrEqual(ms);
        expect(storeDayOf(start, tz2)).toBe(storeDayOf(ms, tz2));
        expect(storeDayOf(start - 1, tz2)).not.toBe(storeDayOf(ms, tz2));
      }),
      { numRuns: 1000 },
    );
  });
});
