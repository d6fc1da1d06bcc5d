import { describe, expect, it } from 'vitest';
import { credentialProblem } from './credentials.js';

describe('credential rules (spec section 5)', () => {
  it('names the first problem: username length, then password length, then letters and numbers', () => {
    expect(credentialProblem('short', 'abc123')).toBe('username_length');
    expect(credentialProblem('a'.repeat(21), 'abc123')).toBe('username_length');
    expect(credentialProblem('cashier01', 'ab1')).toBe('password_length');
    expect(credentialProblem('cashier01', 'a1'.repeat(11))).toBe('password_length');
    expect(credentialProblem('cashier01', 'abcdefg')).toBe('password_letters_numbers');
    expect(credentialProblem('cashier01', '1234567')).toBe('password_letters_numbers');
    expect(credentialProblem('cashier01', 'abc 123')).toBe('password_letters_numbers');
    expect(credentialProblem('cashier01', 'cash1234')).toBeUndefined();
    expect(credentialProblem('a'.repeat(6), 'a1'.repeat(10))).toBeUndefined();
  });
});
