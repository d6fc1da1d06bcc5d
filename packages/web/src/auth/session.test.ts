import { describe, expect, it } from 'vitest';
import { readCookie, writeCookie } from './cookies';
import { CUSTOMER_ID_KEY, currentSession, isAuthenticated, kioskData, loginPath, rememberBeforePage, signIn, signOut, takeBeforePage } from './session';

const data = { kid: 1001, account: 'cashier01', moneybox: 2, storename: 'Demo Arcade', serverVer: '1.0.0', env: 'demo', initAmount: true };

describe('auth state', () => {
  it('exists only when both uid and token exist', () => {
    expect(isAuthenticated()).toBe(false);
    writeCookie('uid', '7');
    expect(isAuthenticated()).toBe(false);
    writeCookie('token', 'abc');
    expect(currentSession()).toEqual({ uid: '7', token: 'abc' });
    writeCookie('uid', '');
    expect(isAuthenticated()).toBe(false);
  });

  it('keeps the login state and kiosk data in the spec cookies', () => {
    signIn({ uid: '7', token: 't o k' }, data);
    for (const [name, value] of Object.entries({ uid: '7', token: 't o k', kioskId: '1001', account: 'cashier01', moneybox: '2', storename: 'Demo Arcade', serverVer: '1.0.0', env: 'demo', initAmount: 'true' })) {
      expect(readCookie(name)).toBe(value);
    }
    expect(kioskData()).toEqual({ ...data, kid: '1001' });
  });

  it('sign-out clears uid, token, initAmount and the customer id, and keeps the kiosk', () => {
    signIn({ uid: '7', token: 'abc' }, data);
    localStorage.setItem(CUSTOMER_ID_KEY, '55');
    signOut();
    expect(isAuthenticated()).toBe(false);
    expect(readCookie('initAmount')).toBeUndefined();
    expect(localStorage.getItem(CUSTOMER_ID_KEY)).toBeNull();
    expect(readCookie('kioskId')).toBe('1001');
    expect(loginPath()).toBe('/pos/login?kioskId=1001');
  });

  it('takes beforePage once, and only same-site paths', () => {
    rememberBeforePage('/Drawer?x=1');
    expect(takeBeforePage()).toBe('/Drawer?x=1');
    expect(takeBeforePage()).toBe('/');
    for (const bad of ['//evil.example', 'https://evil.example/', '/pos/login?kioskId=1']) {
      rememberBeforePage(bad);
      expect(takeBeforePage()).toBe('/');
    }
  });

  it('reads a missing moneybox as -1 (no drawer)', () => {
    expect(kioskData().moneybox).toBe(-1);
    expect(kioskData().initAmount).toBe(false);
  });
});
