import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_LOOK_ALIKES, normalizeIdNumber as key } from './document-number.js';

const LATIN = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const plain = fc.string({ unit: fc.constantFrom(...LATIN), minLength: 1, maxLength: 20 });
const toFullWidth = (s: string) => Array.from(s, (c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('');
/** Each Latin capital or digit -> the look-alikes folded to it. */
const disguises = new Map<string, string[]>();
for (const [from, to] of Object.entries(DOCUMENT_LOOK_ALIKES)) disguises.set(to, [...(disguises.get(to) ?? []), from]);

describe('the document number key', () => {
  it('folds the ways one number is typed to one key', () => {
    expect(key('D123-456-789')).toBe('D123456789');
    expect(key('ｄ１２３ ４５６ ７８９')).toBe('D123456789');
    expect(key('D123456789'.replace('D', 'Д'))).not.toBe('D123456789'); // Д looks like no Latin letter
    expect(key('АВ1234')).toBe('AB1234'); // Cyrillic A and Ve
    expect(key('ΑΒ1234')).toBe('AB1234'); // Greek Alpha and Beta
    expect(key('s-777.888 / x')).toBe('S777888X');
    expect(key('З7')).toBe('37'); // Cyrillic Ze passes for a three
    expect(key(' - . ')).toBe('');
    expect(key('O0I1')).toBe('O0I1'); // Latin letters are never folded into digits
  });

  it('is idempotent', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => key(key(s)) === key(s)));
  });

  it('holds only Latin capitals and digits', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => /^[0-9A-Z]*$/.test(key(s))));
  });

  it('full-width letters and digits fold to the plain ones', () => {
    fc.assert(fc.property(plain, (s) => key(toFullWidth(s)) === key(s) && key(toFullWidth(s.toLowerCase())) === s));
  });

  it('Cyrillic and Greek look-alikes fold to the Latin letter or digit', () => {
    const disguised = plain.chain((s) =>
      fc.tuple(fc.constant(s), fc.tuple(...Array.from(s, (c) => fc.constantFrom(c, ...(disguises.get(c) ?? []))))),
    );
    fc.assert(fc.property(disguised, ([s, parts]) => key(parts.join('')) === s));
  });

  it('separators, spaces and dashes are dropped, case is folded', () => {
    const sep = fc.constantFrom(' ', '-', '.', '/', '\t', '_', '\u00a0', '\u2010', '\u3000');
    const spaced = plain.chain((s) => fc.tuple(fc.constant(s), fc.tuple(...Array.from(s, (c) => fc.tuple(fc.constant(c), fc.boolean(), fc.array(sep, { maxLength: 2 }))))));
    fc.assert(
      fc.property(spaced, ([s, parts]) => key(parts.map(([c, lower, seps]) => (lower ? c.toLowerCase() : c) + seps.join('')).join('')) === s),
    );
  });
});
