// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { passwordProblem, usernameProblem } from './staff-rules';

describe('account rules in the form', () => {
  it('answers the spec codes 43, 44 and 40', () => {
    expect(usernameProblem('abcde')).toBe(43);
    expect(usernameProblem('abcdef')).toBeNull();
    expect(usernameProblem('a'.repeat(21))).toBe(43);
    expect(passwordProblem('ab1')).toBe(44);
    expect(passwordProblem('abcdefgh')).toBe(40);
    expect(passwordProblem('abc-1234')).toBe(40);
    expect(passwordProblem('abc12345')).toBeNull();
  });
});
