import { describe, expect, it } from 'vitest';
import { consoleTime, zoneDiff } from './console-time';

describe('consoleTime', () => {
  it("shows the viewer's wall clock in the product's format, whatever the language", () => {
    const iso = '2026-11-25T21:47:16.000Z';
    const local = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, '0');
    const expected = `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}`;
    expect(consoleTime(iso)).toBe(expected);
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
