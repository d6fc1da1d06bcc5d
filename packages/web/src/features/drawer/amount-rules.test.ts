// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readAmount } from './amount-rules';

describe('amount typed by the cashier', () => {
  it('reads currency units to cents', () => {
    expect(readAmount('150.5')).toEqual({ cents: 15050 });
    expect(readAmount(' 1,234.56 ')).toEqual({ cents: 123456 });
  });

  it('says why an amount is refused', () => {
    expect(readAmount('')).toEqual({ problem: 'amountRequired' });
    expect(readAmount('1.234')).toEqual({ problem: 'amountInvalid' });
    expect(readAmount('-5')).toEqual({ problem: 'amountInvalid' });
    expect(readAmount('0')).toEqual({ problem: 'amountPositive' });
    expect(readAmount('0', { allowZero: true })).toEqual({ cents: 0 });
    // Issue 20: 99,999,999 is a well-formed number past the maximum, not one with too many decimals.
    expect(readAmount('99,999,999', { allowZero: true })).toEqual({ problem: 'amountTooLarge', values: { max: '10,000,000.00' } });
    expect(readAmount('99999999')).toEqual({ problem: 'amountTooLarge', values: { max: '10,000,000.00' } });
  });
});
