import { formatCents } from '@moneybox/contract/money';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** Wire amounts are currency units; shown with two decimals and the layout's currency sign. */
export function unitsToCents(units: number): number {
  return Math.round(units * 100);
}

export function money(units: number | null | undefined, sign: string): string {
  return typeof units === 'number' && Number.isFinite(units) ? formatCents(unitsToCents(units), sign) : '-';
}

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
  return `${money(w.left, sign)} / ${money(w.total, sign)}`;
}

/** The smallest limit left of the windows that have one, in units; null when none is limited. */
export function purchaseRoom(windows: LimitWindow[]): number | null {
  const left = windows.filter((w) => w.total > 0 && w.left !== null).map((w) => w.left as number);
  return left.length ? Math.min(...left) : null;
}

export function fullName(c: { first_name: string; last_name: string }): string {
  return `${c.first_name} ${c.last_name}`.trim();
}

/** The QR payload a machine or phone reads to log the customer in. */
export function loginQrValue(mobileId: string, pin: string): string {
  return `moneybox:mobile_id=${mobileId};pin=${pin}`;
}

/** A store wall-clock time (`YYYY-MM-DDTHH:mm` of a datetime-local input) to UTC ISO, given the store's offset in minutes. */
export function storeInputToUtc(local: string, diffMinutes: number): string | null {
  const t = dayjs.utc(local);
  return t.isValid() ? t.subtract(diffMinutes, 'minute').toISOString() : null;
}

/** Today 00:00 and tomorrow 00:00 in store time, as datetime-local input values. */
export function storeDayRange(diffMinutes: number, now: number = Date.now()): { from: string; to: string } {
  const today = dayjs.utc(now).add(diffMinutes, 'minute').startOf('day');
  return { from: today.format('YYYY-MM-DDTHH:mm'), to: today.add(1, 'day').format('YYYY-MM-DDTHH:mm') };
}

/** The store's calendar date, for the birthday field's upper bound. */
export function storeToday(diffMinutes: number, now: number = Date.now()): string {
  return dayjs.utc(now).add(diffMinutes, 'minute').format('YYYY-MM-DD');
}
