// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { accountTypeName, credits, limitText, loginQrValue } from './format';

describe('customer formatting', () => {
  it('shows game credits as machines report them', () => {
    expect(credits(1234.5)).toBe('1,234.5');
  });

  it('shows limits as left / total, and no limit where the store sets none', () => {
    expect(limitText({ left: 450, total: 500 }, '$')).toBe('$450.00 / $500.00');
    expect(limitText({ left: null, total: 0 }, '$')).toBeNull();
  });

  it('encodes the mobile id and PIN for the QR code', () => {
    expect(loginQrValue('10010001', '123456')).toBe('moneybox:mobile_id=10010001;pin=123456');
  });

  it('names an account type in words, never a bare number', () => {
    const t = (k: string, o?: Record<string, unknown>) => `${k}${o ? JSON.stringify(o) : ''}`;
    expect(accountTypeName(1, t)).toBe('customer:accountType.standard');
    expect(accountTypeName(3, t)).toBe('customer:accountType.other{"n":3}');
  });

});
