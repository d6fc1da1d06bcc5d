// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { kioskIdFrom, validateLogin } from './login-rules';

const ok = { mode: 'pos' as const, username: 'cashier01', password: 'cash1234', drawer: 1 };

describe('login form rules', () => {
  it('accepts a valid form', () => {
    expect(validateLogin(ok)).toEqual({});
    expect(validateLogin({ ...ok, mode: 'viewer', drawer: null })).toEqual({});
  });
  it('checks username and password lengths, letters and numbers, and the drawer', () => {
    expect(validateLogin({ ...ok, username: 'abcde' }).username).toBe('status:43');
    expect(validateLogin({ ...ok, username: 'a'.repeat(21) }).username).toBe('status:43');
    expect(validateLogin({ ...ok, password: 'ab1' }).password).toBe('status:44');
    expect(validateLogin({ ...ok, password: 'a1'.repeat(11) }).password).toBe('status:44');
    expect(validateLogin({ ...ok, password: 'abcdefgh' }).password).toBe('status:40');
    expect(validateLogin({ ...ok, password: '12345678' }).password).toBe('status:40');
    expect(validateLogin({ ...ok, password: 'abc 1234' }).password).toBe('status:40');
    expect(validateLogin({ ...ok, drawer: null }).drawer).toBe('login:selectDrawer');
  });
  it('reads the kiosk id from the kioskId parameter', () => {
    expect(kioskIdFrom(new URLSearchParams('kioskId=1001'))).toBe('1001');
    expect(kioskIdFrom(new URLSearchParams(''))).toBeNull();
    expect(kioskIdFrom(new URLSearchParams('kioskId=abc'))).toBeNull();
    expect(kioskIdFrom(new URLSearchParams('kioskId=0'))).toBeNull();
  });
});
