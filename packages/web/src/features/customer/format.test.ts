import { describe, expect, it } from 'vitest';
import { credits, limitText, loginQrValue, money, purchaseRoom, storeDayRange, storeInputToUtc } from './format';

describe('customer formatting', () => {
  it('shows wire units as money with the layout sign', () => {
    expect(money(120, '$')).toBe('$120.00');
    expect(money(45.5, '$')).toBe('$45.50');
    expect(money(1234567.8, '₡')).toBe('₡1,234,567.80');
    expect(money(0.1 + 0.2, '$')).toBe('$0.30');
    expect(money(null, '$')).toBe('-');
    expect(credits(1234.5)).toBe('1,234.5');
  });

  it('shows limits as left / total, and no limit where the store sets none', () => {
    expect(limitText({ left: 450, total: 500 }, '$')).toBe('$450.00 / $500.00');
    expect(limitText({ left: null, total: 0 }, '$')).toBeNull();
    expect(purchaseRoom([{ left: 450, total: 500 }, { left: 1950, total: 2000 }, { left: null, total: 0 }])).toBe(450);
    expect(purchaseRoom([{ left: null, total: 0 }])).toBeNull();
  });

  it('encodes the mobile id and PIN for the QR code', () => {
    expect(loginQrValue('10010001', '123456')).toBe('moneybox:mobile_id=10010001;pin=123456');
  });

  it('turns store wall-clock inputs into UTC and back to the store day', () => {
    // Chicago in winter is UTC-6: diff -360 minutes.
    expect(storeInputToUtc('2026-01-15T00:00', -360)).toBe('2026-01-15T06:00:00.000Z');
    expect(storeInputToUtc('not a date', -360)).toBeNull();
    // 03:00 UTC on the 16th is still the 15th in Chicago.
    expect(storeDayRange(-360, Date.parse('2026-01-16T03:00:00Z'))).toEqual({ from: '2026-01-15T00:00', to: '2026-01-16T00:00' });
  });
});
