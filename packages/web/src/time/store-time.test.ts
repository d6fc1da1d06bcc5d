// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { storeDate, storeDayEnd, storeDayRange, storeDayStart, storeInputToUtc, storeTime, storeToday, utcToStoreInput } from './store-time';

// Chicago in winter is UTC-6 (diff -360); Shanghai is UTC+8 (diff 480).
describe('store time', () => {
  it('shows UTC times as store wall-clock times', () => {
    expect(storeTime('2026-01-15T14:00:00.000Z', -360)).toBe('2026-01-15 08:00:00');
    expect(storeTime('2026-01-15T22:30:05.000Z', 480)).toBe('2026-01-16 06:30:05');
    expect(storeTime(null, 0)).toBe('-');
    expect(storeTime('not a time', 0)).toBe('-');
    expect(storeDate('2026-01-16T03:00:00Z', -360)).toBe('2026-01-15');
    expect(storeDate(undefined, -360)).toBe('-');
  });

  it('knows the store day: 03:00 UTC on the 16th is still the 15th in Chicago', () => {
    const now = Date.parse('2026-01-16T03:00:00Z');
    expect(storeToday(-360, now)).toBe('2026-01-15');
    expect(storeToday(480, now)).toBe('2026-01-16');
    expect(storeDayRange(-360, now)).toEqual({ from: '2026-01-15T00:00', to: '2026-01-16T00:00' });
    expect(storeDayRange(0, Date.parse('2026-12-31T12:00:00Z'))).toEqual({ from: '2026-12-31T00:00', to: '2027-01-01T00:00' });
  });

  it('turns a picked store day into its UTC bounds, end exclusive', () => {
    expect(storeDayStart('2026-01-15', -360)).toBe('2026-01-15T06:00:00.000Z');
    expect(storeDayEnd('2026-01-15', -360)).toBe('2026-01-16T06:00:00.000Z');
    expect(storeDayStart('2026-01-15', 480)).toBe('2026-01-14T16:00:00.000Z');
    expect(storeDayEnd('2026-02-28', 0)).toBe('2026-03-01T00:00:00.000Z');
    for (const bad of ['', '2026-02-30', '15/01/2026', '2026-1-5']) expect(storeDayStart(bad, 0), bad).toBeNull();
  });

  it('turns store wall-clock inputs into UTC and back', () => {
    expect(storeInputToUtc('2026-01-15T00:00', -360)).toBe('2026-01-15T06:00:00.000Z');
    expect(storeInputToUtc('2026-01-15T23:59:30', 480)).toBe('2026-01-15T15:59:30.000Z');
    for (const bad of ['not a date', '2026-01-15T24:00', '2026-01-15', '']) expect(storeInputToUtc(bad, -360), bad).toBeNull();
    expect(utcToStoreInput('2026-01-15T06:00:00.000Z', -360)).toBe('2026-01-15T00:00');
    expect(utcToStoreInput(null, -360)).toBe('');
  });
});
