import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_CENTS, cents, formatCents, parseAmount, toUnits } from './money.js';
import { amount } from './common.js';

describe('parseAmount: wire amounts in currency units to cents', () => {
  it.each([
    [0, 0],
    [1, 100],
    [1.5, 150],
    [1.05, 105],
    [12.34, 1234],
    ['12.34', 1234],
    [' 7.1 ', 710],
    ['0.01', 1],
    [0.3, 30],
    [10_000_000, MAX_AMOUNT_CENTS],
    ['10000000.00', MAX_AMOUNT_CENTS],
  ])('%j is %i cents', (input, expected) => {
    expect(parseAmount(input)).toBe(expected);
  });

  it.each([
    ['a negative amount', -1],
    ['a negative string', '-1.00'],
    ['more than two decimals', 0.001],
    ['three decimals', 1.234],
    ['three decimals as text', '1.234'],
    ['NaN', Number.NaN],
    ['the text NaN', 'NaN'],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['the text Infinity', 'Infinity'],
    ['1e308', 1e308],
    ['an exponent as text', '1e3'],
    ['a tiny exponent', 1e-7],
    ['binary floating noise (0.1 + 0.2)', 0.1 + 0.2],
    ['past 2^53', 2 ** 53 + 2],
    ['past 2^53 as text', '9007199254740993'],
    ['past the maximum by a cent', 10_000_000.01],
    ['an empty string', ''],
    ['a bare dot', '.'],
    ['a leading dot', '.5'],
    ['a trailing dot', '5.'],
    ['a thousands separator', '1,000'],
    ['a currency sign', '$5'],
    ['hex', '0x10'],
    ['an object', { amount: 1 }],
    ['an array', [1]],
    ['a boolean', true],
    ['null', null],
    ['undefined', undefined],
  ])('refuses %s', (_what, input) => {
    expect(parseAmount(input)).toBeNull();
  });

  it('is what the zod amount schema uses: same refusals, cents out', () => {
    expect(amount.safeParse(12.5)).toMatchObject({ success: true, data: 1250 });
    expect(amount.safeParse(-1).success).toBe(false);
    expect(amount.safeParse({}).success).toBe(false);
    expect(amount.safeParse('NaN').success).toBe(false);
  });
});

describe('cents, toUnits and formatCents', () => {
  it('cents refuses anything that is not a safe integer', () => {
    expect(cents(5)).toBe(5);
    expect(() => cents(1.5)).toThrow(RangeError);
    expect(() => cents(2 ** 53)).toThrow(RangeError);
  });

  it('toUnits turns cents into a number with at most two decimals', () => {
    expect(toUnits(123456)).toBe(1234.56);
    expect(toUnits(5)).toBe(0.05);
    expect(toUnits(-250)).toBe(-2.5);
    expect(toUnits(0)).toBe(0);
  });

  it.each([
    [0, '', '0.00'],
    [5, '', '0.05'],
    [123456, '', '1,234.56'],
    [100_000_00, '$', '$100,000.00'],
    [-150, '$', '-$1.50'],
    [123456789, '₡', '₡1,234,567.89'],
  ])('formatCents(%i, %j) is %j', (c, sign, text) => {
    expect(formatCents(c, sign)).toBe(text);
  });

  it('round-trips every two-decimal amount through parseAmount and toUnits', () => {
    for (let c = 0; c < 10_000; c += 7) expect(parseAmount(toUnits(c))).toBe(c);
  });
});
