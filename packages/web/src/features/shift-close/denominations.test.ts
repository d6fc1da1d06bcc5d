// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { countDetail, countTotalCents, denominationLabel, parsePieces, storeDenominations } from './denominations';

const USD = storeDenominations([], '$');

describe('cash count by denomination', () => {
  it("counts the store's own bills and coins, or the defaults of the layout's currency", () => {
    expect(USD).toEqual(['100', '50', '20', '10', '5', '2', '1', '0.25', '0.10', '0.05', '0.01']);
    expect(storeDenominations([], '₡')).toEqual(['20000', '10000', '5000', '2000', '1000', '500', '100', '50', '25', '10', '5']);
    expect(storeDenominations(['50', '1'], '$')).toEqual(['50', '1']);
  });

  it('sums pieces exactly in cents (no floating-point drift on coins)', () => {
    expect(countTotalCents({}, USD)).toBe(0);
    expect(countTotalCents({ '100': '3', '20': '7', '0.25': '12', '0.10': '3', '0.05': '1', '0.01': '4' }, USD)).toBe(30000 + 14000 + 300 + 30 + 5 + 4);
    // 0.10 * 3 is 0.30000000000000004 in floating point; the sum must still be 30 cents.
    expect(countTotalCents({ '0.10': '3' }, USD)).toBe(30);
    expect(countTotalCents({ '1': ' 2 ', '5': '' }, USD)).toBe(200);
  });

  it('refuses pieces that are not whole numbers', () => {
    expect(parsePieces('2.5')).toBeNull();
    expect(parsePieces('-1')).toBeNull();
    expect(parsePieces('abc')).toBeNull();
    expect(countTotalCents({ '100': '1', '50': 'x' }, USD)).toBeNull();
  });

  it('sends only the counted denominations, keyed as the wire writes them', () => {
    expect(countDetail({ '100': '2', '50': '0', '0.25': '4', '1': '' }, USD)).toEqual({ '100': 2, '0.25': 4 });
  });

  it('labels bills without cents and coins with them, in the layout currency', () => {
    expect(denominationLabel('100', '$')).toBe('$100');
    expect(denominationLabel('20000', '₡')).toBe('₡20,000');
    expect(denominationLabel('0.05', '₡')).toBe('₡0.05');
  });
});
