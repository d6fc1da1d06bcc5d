import { deleteCookie, readCookie, writeCookie } from './cookies';

/** Cookie names of spec section 4. */
export const C = {
  uid: 'uid',
  token: 'token',
  initAmount: 'initAmount',
  kioskId: 'kioskId',
  account: 'account',
  moneybox: 'moneybox',
  storename: 'storename',
  serverVer: 'serverVer',
  env: 'env',
  beforePage: 'beforePage',
} as const;

/** Where the Customer screens keep the customer being served; sign-out clears it (spec section 4). */
export const CUSTOMER_ID_KEY = 'currentCustomerId';

/** The kiosk id outlives a sign-out: the counter PC stays at its kiosk. */
const KIOSK_COOKIE_DAYS = 365;

export interface Session {
  uid: string;
  token: string;
}

interface KioskData {
  kid: string;
  account: string;
  /** -1 means no drawer (viewer mode). */
  moneybox: number;
  storename: string;
  serverVer: string;
  env: string;
  initAmount: boolean;
}

/** Auth exists only when both uid and token exist. */
export function currentSession(): Session | null {
  const uid = readCookie(C.uid);
  const token = readCookie(C.token);
  return uid && token ? { uid, token } : null;
}

export function isAuthenticated(): boolean {
  return currentSession() !== null;
}

export function kioskData(): KioskData {
  const moneybox = Number(readCookie(C.moneybox) ?? '-1');
  return {
    kid: readCookie(C.kioskId) ?? '',
    account: readCookie(C.account) ?? '',
    moneybox: Number.isInteger(moneybox) ? moneybox : -1,
    storename: readCookie(C.storename) ?? '',
    serverVer: readCookie(C.serverVer) ?? '',
    env: readCookie(C.env) ?? '',
    initAmount: readCookie(C.initAmount) === 'true',
  };
}

export function rememberKiosk(kioskId: string): void {
  writeCookie(C.kioskId, kioskId, KIOSK_COOKIE_DAYS);
}

export function signIn(session: Session, data: Omit<KioskData, 'kid'> & { kid: string | number }): void {
  writeCookie(C.uid, session.uid);
  writeCookie(C.token, session.token);
  rememberKiosk(String(data.kid));
  writeCookie(C.account, data.account);
  writeCookie(C.moneybox, String(data.moneybox));
  writeCookie(C.storename, data.storename);
  writeCookie(C.serverVer, data.serverVer);
  writeCookie(C.env, data.env);
  writeCookie(C.initAmount, String(data.initAmount));
}

/** initAmount goes false → true after the drawer's init call (the Drawer screen calls this). */
export function setInitAmount(value: boolean): void {
  writeCookie(C.initAmount, String(value));
}

/** Sign-out clears uid, token, initAmount and the stored customer id (spec section 4). */
export function signOut(): void {
  deleteCookie(C.uid);
  deleteCookie(C.token);
  deleteCookie(C.initAmount);
  try {
    localStorage.removeItem(CUSTOMER_ID_KEY);
    sessionStorage.removeItem(CUSTOMER_ID_KEY);
  } catch {
    // Storage can be unavailable (private mode); nothing to clear then.
  }
}

export function rememberBeforePage(path: string): void {
  writeCookie(C.beforePage, path);
}

/**
 * The page to return to after login, taken once. Only same-site paths are honoured, so a crafted
 * cookie cannot send the cashier elsewhere.
 */
export function takeBeforePage(): string {
  const p = readCookie(C.beforePage);
  deleteCookie(C.beforePage);
  if (!p || !p.startsWith('/') || p.startsWith('//') || p.startsWith('/pos/login')) return '/';
  return p;
}

/** The login URL of this kiosk. */
export function loginPath(kioskId = readCookie(C.kioskId)): string {
  return kioskId ? `/pos/login?kioskId=${encodeURIComponent(kioskId)}` : '/pos/login';
}
