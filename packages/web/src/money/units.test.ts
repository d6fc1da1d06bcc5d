// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { centsToUnits, formatAxisUnits, formatSignedUnits, formatUnits, plainUnits, readAmount, unitsToCents } from './units';

describe('money units', () => {
  it('converts wire units and cents exactly', () => {
    expect(unitsToCents(0.1 + 0.2)).toBe(30);
    expect(unitsToCents(1234567.89)).toBe(123456789);
    expect(unitsToCents(-20.3)).toBe(-2030);
    expect(centsToUnits(15050)).toBe(150.5);
    expect(centsToUnits(unitsToCents(99.99))).toBe(99.99);
  });

  it('shows units as money with the layout sign', () => {
    expect(formatUnits(120, '$')).toBe('$120.00');
    expect(formatUnits(45.5, '$')).toBe('$45.50');
    expect(formatUnits(1234567.8, '₡')).toBe('₡1,234,567.80');
    expect(formatUnits(0.1 + 0.2, '$')).toBe('$0.30');
    expect(formatUnits(-0.4, '₡')).toBe('-₡0.40');
    expect(formatUnits(null, '$')).toBe('-');
    expect(formatUnits(Number.NaN, '$')).toBe('-');
    expect(formatSignedUnits(5, '$')).toBe('+$5.00');
    expect(formatSignedUnits(-5, '$')).toBe('-$5.00');
    expect(formatSignedUnits(0, '$')).toBe('$0.00');
    expect(formatSignedUnits(0.001, '₡')).toBe('₡0.00');
    expect(formatSignedUnits(undefined, '$')).toBe('-');
  });

  it('reads a typed amount to cents, or says why not', () => {
    expect(readAmount('150.5')).toEqual({ ok: true, cents: 15050 });
    expect(readAmount(' 1,234.56 ')).toEqual({ ok: true, cents: 123456 });
    expect(readAmount('1,234,567')).toEqual({ ok: true, cents: 123456700 });
    expect(readAmount('')).toEqual({ ok: false, problem: 'empty', minCents: 1 });
    for (const bad of ['abc', '-5', '1.005', '1.234', '1e3', '1,5', '12.', '1,23', '1,2345.00']) expect(readAmount(bad).ok, bad).toBe(false);
    expect(readAmount('1,5')).toMatchObject({ problem: 'format' });
    expect(readAmount('0')).toEqual({ ok: false, problem: 'belowMin', minCents: 1 });
    expect(readAmount('0', { minCents: 0 })).toEqual({ ok: true, cents: 0 });
    expect(readAmount('0.99', { minCents: 100 })).toEqual({ ok: false, problem: 'belowMin', minCents: 100 });
    expect(readAmount('10000000.01')).toMatchObject({ ok: false, problem: 'aboveMax' });
    expect(readAmount('99,999,999')).toMatchObject({ ok: false, problem: 'aboveMax' });
    expect(readAmount('123456789012')).toMatchObject({ ok: false, problem: 'aboveMax' });
    expect(readAmount('10,000,000')).toEqual({ ok: true, cents: 1_000_000_000 });
    expect(readAmount('99999999.999')).toMatchObject({ ok: false, problem: 'format' });
  });

  it('writes plain amounts for CSV: two decimals, no sign or grouping, minus for negatives', () => {
    expect(plainUnits(1234.5)).toBe('1234.50');
    expect(plainUnits(0)).toBe('0.00');
    expect(plainUnits(0.1 + 0.2)).toBe('0.30');
    expect(plainUnits(-3)).toBe('-3.00');
    expect(plainUnits(-0.05)).toBe('-0.05');
    expect(plainUnits(10_000_000)).toBe('10000000.00');
  });

  it('writes chart axis ticks with the layout sign, cents only when there are any', () => {
    expect(formatAxisUnits(1200, '$')).toBe('$1,200');
    expect(formatAxisUnits(-5.5, '$')).toBe('-$5.50');
    expect(formatAxisUnits(300, '₡')).toBe('₡300');
    expect(formatAxisUnits(0, '$')).toBe('$0');
  });
});
