// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { kioskIds } from './ConsoleAccountsPage';

describe("a distributor's stores as typed", () => {
  it('reads kiosk ids separated by commas or spaces, and refuses anything else', () => {
    expect(kioskIds('1001, 2002 3003')).toEqual([1001, 2002, 3003]);
    expect(kioskIds('')).toEqual([]);
    expect(kioskIds('1001, x')).toBeNull();
    expect(kioskIds('-5')).toBeNull();
  });
});
