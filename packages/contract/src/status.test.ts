import { describe, expect, it } from 'vitest';
import { Status, allStatusCodes, isStatusCode, statusMessages } from './status.js';

describe('status catalogue of spec section 8', () => {
  it('holds every code 0-46 and 404, each exactly once', () => {
    const expected = [...Array.from({ length: 47 }, (_, i) => i), 404];
    expect([...allStatusCodes].sort((a, b) => a - b)).toEqual(expected);
  });

  it('has a non-empty English message for every code', () => {
    for (const code of allStatusCodes) {
      expect(statusMessages[code], `code ${code}`).toMatch(/\S/);
    }
    expect(Object.keys(statusMessages).length).toBe(allStatusCodes.length);
  });

  it('keeps the spec wording of the codes the login flow shows', () => {
    expect(statusMessages[Status.KIOSK_CLOSED]).toBe('Kiosk closed');
    expect(statusMessages[Status.VIEWER_NOT_ALLOWED]).toBe('Cashier cannot log in using viewer');
    expect(statusMessages[Status.ACCOUNT_LOCKED]).toBe('Too many invalid logins, account locked, contact boss or distributor');
    expect(statusMessages[Status.OTHER_DRAWER]).toBe('Logged in to another money box');
    expect(statusMessages[Status.PAGE_GONE]).toBe('Page no longer available');
  });

  it('tells catalogued codes from others', () => {
    expect(isStatusCode(0)).toBe(true);
    expect(isStatusCode(46)).toBe(true);
    expect(isStatusCode(404)).toBe(true);
    expect(isStatusCode(47)).toBe(false);
    expect(isStatusCode('5')).toBe(false);
    expect(isStatusCode(-1)).toBe(false);
    expect(isStatusCode('constructor')).toBe(false);
  });
});
