import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, storeDayOf, storeDayStart, storeTime } from './store-days.js';

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
});
