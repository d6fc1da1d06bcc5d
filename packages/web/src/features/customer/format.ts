import { formatUnits } from '../../money/units';

/** Game credits as machines report them: a plain number, at most two decimals. */
export function credits(n: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

export interface LimitWindow {
  left: number | null;
  total: number;
}

/** 'left / total' of a purchase limit; null when the store sets no limit (total 0). */
export function limitText(w: LimitWindow, sign: string): string | null {
  if (w.total <= 0 || w.left === null) return null;
  return `${formatUnits(w.left, sign)} / ${formatUnits(w.total, sign)}`;
}

/** The words for a customer's account type (1 is the standard account every customer gets). */
export function accountTypeName(type: number, t: (key: string, options?: Record<string, unknown>) => string): string {
  return type === 1 ? t('customer:accountType.standard') : t('customer:accountType.other', { n: type });
}

export function fullName(c: { first_name: string; last_name: string }): string {
  return `${c.first_name} ${c.last_name}`.trim();
}

/** The QR payload a machine or phone reads to log the customer in. */
export function loginQrValue(mobileId: string, pin: string): string {
  return `moneybox:mobile_id=${mobileId};pin=${pin}`;
}
