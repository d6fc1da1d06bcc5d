import { describe, expect, it } from 'vitest';
import { consoleTime } from './console-time';

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
