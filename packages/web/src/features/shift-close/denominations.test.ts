import { describe, expect, it } from 'vitest';
import { countDetail, countTotalCents, DENOMINATIONS, denominationLabel, parsePieces } from './denominations';

describe('cash count by denomination', () => {
  it('lists the bills and coins largest first', () => {
    expect(DENOMINATIONS).toEqual(['100', '50', '20', '10', '5', '1', '0.25', '0.10', '0.05', '0.01']);
  });

  it('sums pieces exactly in cents (no floating-point drift on coins)', () => {
    expect(countTotalCents({})).toBe(0);
    expect(countTotalCents({ '100': '3', '20': '7', '0.25': '12', '0.10': '3', '0.05': '1', '0.01': '4' })).toBe(30000 + 14000 + 300 + 30 + 5 + 4);
    // 0.10 * 3 is 0.30000000000000004 in floating point; the sum must still be 30 cents.
    expect(countTotalCents({ '0.10': '3' })).toBe(30);
    expect(countTotalCents({ '1': ' 2 ', '5': '' })).toBe(200);
  });

  it('refuses pieces that are not whole numbers', () => {
    expect(parsePieces('2.5')).toBeNull();
    expect(parsePieces('-1')).toBeNull();
    expect(parsePieces('abc')).toBeNull();
    expect(countTotalCents({ '100': '1', '50': 'x' })).toBeNull();
  });

  it('sends only the counted denominations, keyed as the wire writes them', () => {
    expect(countDetail({ '100': '2', '50': '0', '0.25': '4', '1': '' })).toEqual({ '100': 2, '0.25': 4 });
  });

  it('labels bills without cents and coins with them, in the layout currency', () => {
    expect(denominationLabel('100', '$')).toBe('$100');
    expect(denominationLabel('0.05', '₡')).toBe('₡0.05');
  });
});
