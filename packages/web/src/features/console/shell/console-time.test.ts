// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { consoleTime, zoneDiff } from './console-time';

describe('consoleTime', () => {
  it("shows the viewer's wall clock in the product's format, whatever the language", () => {
    const iso = '2026-11-25T21:47:16.000Z';
    // The viewer's zone, as the browser reports it (minutes behind UTC): Chicago in November, then Shanghai.
    const offset = vi.spyOn(Date.prototype, 'getTimezoneOffset');
    try {
      offset.mockReturnValue(360);
      expect(consoleTime(iso)).toBe('2026-11-25 15:47:16');
      offset.mockReturnValue(-480);
      expect(consoleTime(iso)).toBe('2026-11-26 05:47:16');
      offset.mockReturnValue(0);
      expect(consoleTime(iso)).toBe('2026-11-25 21:47:16');
    } finally {
      offset.mockRestore();
    }
  });

  it('shows a dash for a missing or unreadable time', () => {
    expect(consoleTime(null)).toBe('—');
    expect(consoleTime(undefined)).toBe('—');
    expect(consoleTime('not a time')).toBe('—');
  });
});

describe('zoneDiff', () => {
  it("is the store zone's offset at the instant, daylight saving time included", () => {
    expect(zoneDiff('America/Chicago', Date.parse('2026-11-26T12:00:00Z'))).toBe(-360);
    expect(zoneDiff('America/Chicago', Date.parse('2026-07-01T12:00:00Z'))).toBe(-300);
    expect(zoneDiff('Asia/Shanghai', Date.parse('2026-11-26T23:59:59.900Z'))).toBe(480);
    expect(zoneDiff('Asia/Kolkata', Date.parse('2026-01-01T00:00:00Z'))).toBe(330);
    expect(zoneDiff('UTC', Date.parse('2026-01-01T00:00:00Z'))).toBe(0);
  });
});
