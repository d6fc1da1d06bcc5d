import { describe, expect, it } from 'vitest';
import { ageDay, ageOn, ageShort } from './minimum-age.js';

describe('the minimum-age rule (shared by the server and the web)', () => {
  it('counts whole years, a 29 February birthday from 1 March', () => {
    expect(ageOn('2008-11-25', '2026-11-25')).toBe(18);
    expect(ageOn('2008-11-26', '2026-11-25')).toBe(17);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('says under when younger than the store minimum, birthday when there is none to tell, nothing when old enough or without a minimum', () => {
    expect(ageShort({ min_age: 21 }, '2006-06-02', '2026-06-01')).toBe('under');
    expect(ageShort({ min_age: 21 }, '2005-06-01', '2026-06-01')).toBeNull();
    expect(ageShort({ min_age: 21 }, '  ', '2026-06-01')).toBe('birthday');
    expect(ageShort({ min_age: 0 }, '', '2026-06-01')).toBeNull();
    expect(ageShort({ min_age: 0 }, '2020-01-01', '2026-06-01')).toBeNull();
  });

  it('checks on the UTC day of the instant, as a purchase does', () => {
    expect(ageDay('2026-06-01T23:59:59.999Z')).toBe('2026-06-01');
    expect(ageDay(new Date('2026-06-02T00:00:00.000Z'))).toBe('2026-06-02');
  });
});
