// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mobileIdOfCard } from './customer-card';
import { loginQrValue } from './format';

describe('a customer card read at the counter', () => {
  it('gives the mobile id of the code the PIN reset shows, never the PIN', () => {
    expect(mobileIdOfCard(loginQrValue('10010001', '123456'))).toBe('10010001');
    expect(mobileIdOfCard(` ${loginQrValue('10010002', '000000')}\n`)).toBe('10010002');
    expect(mobileIdOfCard('moneybox:mobile_id=10010003')).toBe('10010003');
  });

  it('is null for any other code: a receipt, a bare number, a look-alike', () => {
    for (const other of ['moneybox:movement:42', '10010001', 'moneybox:mobile_id=;pin=1', 'https://example.com/?moneybox:mobile_id=1', 'moneybox:test', '']) {
      expect(mobileIdOfCard(other), other).toBeNull();
    }
  });
});
