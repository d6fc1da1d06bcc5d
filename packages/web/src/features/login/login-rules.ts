import { PASSWORD_MAX, PASSWORD_MIN, passwordHasLettersAndNumbers, USERNAME_MAX, USERNAME_MIN } from '@moneybox/contract/credentials';

export type LoginMode = 'pos' | 'viewer';

export interface LoginForm {
  mode: LoginMode;
  username: string;
  password: string;
  /** The chosen drawer number; null when none is chosen. */
  drawer: number | null;
}

/** Field → translation key of the problem (status messages 43, 44, 40 and 'Please select a drawer'). */
export type LoginErrors = Partial<Record<'username' | 'password' | 'drawer', string>>;

/** The rules of spec section 5, checked before any call. */
export function validateLogin(f: LoginForm): LoginErrors {
  const errors: LoginErrors = {};
  const u = f.username.trim();
  if (u.length < USERNAME_MIN || u.length > USERNAME_MAX) errors.username = 'status:43';
  if (f.password.length < PASSWORD_MIN || f.password.length > PASSWORD_MAX) errors.password = 'status:44';
  else if (!passwordHasLettersAndNumbers(f.password)) errors.password = 'status:40';
  if (f.mode === 'pos' && f.drawer === null) errors.drawer = 'login:selectDrawer';
  return errors;
}

/** The kiosk id from the login URL (`?kioskId=1001`); null when missing or not a number. */
export function kioskIdFrom(search: URLSearchParams): string | null {
  const v = search.get('kioskId')?.trim();
  return v && /^\d{1,15}$/.test(v) && Number(v) > 0 ? v : null;
}
