/** Which way the logout goes (spec section 2, Logout flow). */
type LogoutPath = 'confirm-report' | 'close-shift' | 'clear-only';

export function logoutPath(k: { initAmount: boolean; moneybox: number }): LogoutPath {
  if (k.initAmount) return 'confirm-report';
  return k.moneybox !== -1 ? 'close-shift' : 'clear-only';
}
