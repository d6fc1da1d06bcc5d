import type { ShiftReport } from '@moneybox/contract';
import { call } from '../../api/call';
import { kioskData, signOut } from '../../auth/session';

/** Which way the logout goes (spec section 2, Logout flow). */
export type LogoutPath = 'confirm-report' | 'close-shift' | 'clear-only';

export function logoutPath(k: { initAmount: boolean; moneybox: number }): LogoutPath {
  if (k.initAmount) return 'confirm-report';
  return k.moneybox !== -1 ? 'close-shift' : 'clear-only';
}

/** The blind cash count sent with shift close (currency units; denominations optional). */
export interface ShiftCount {
  counted?: number;
  count_detail?: Record<string, number>;
}

/** Shift close: the drawer's numbers, frozen from now on; with the cashier's count when one was taken. */
export function closeShift(count: ShiftCount = {}): Promise<ShiftReport> {
  return call<ShiftReport>('/drawer/shift', count);
}

/**
 * Ends the session on the server too, then clears the browser's auth. A failure to reach the
 * server must not keep the cashier logged in on this PC, so its errors are not shown.
 */
export async function endSession(): Promise<void> {
  if (kioskData().account) {
    await call('/user/logout', {}, { handle: false }).catch(() => undefined);
  }
  signOut();
}
