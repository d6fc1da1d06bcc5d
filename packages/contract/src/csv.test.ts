import { describe, expect, it } from 'vitest';
import { csvCell } from './csv.js';

describe('csvCell', () => {
  it('guards every formula start OWASP names, in text cells', () => {
    for (const text of ["=cmd|' /C calc'!A0", '+1+cmd|x', '-2+3+cmd|x', '@SUM(A1:A2)', '\t=1+1', '\r=1+1', '-', '+', '=1'])
      expect(csvCell(text)).toBe(`'${text}`);
  });

  it('leaves plain numbers, negative amounts included, and other text as they are', () => {
    for (const text of ['-12.50', '12.50', '-3', '+3', '0', 'Ann 李', 'a=b', '', ' =x']) expect(csvCell(text)).toBe(text);
    expect(csvCell(-1250)).toBe('-1250');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });
});
