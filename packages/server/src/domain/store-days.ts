import { TZDate } from '@date-fns/tz';
import { tzOffsetMs } from '../clock.js';

/**
 * Store days: the calendar days of the store's time zone (DESIGN.md section 2, Time). A day runs
 * from its local midnight to the next one, so the days of a daylight-saving change last 23 or 25
 * hours and are still one day each. Days are `YYYY-MM-DD` strings; day arithmetic is calendar
 * arithmetic (independent of the zone), instants are epoch milliseconds.
 */

const DAY_MS = 86_400_000;

/** The store's wall clock at an instant: `YYYY-MM-DD HH:mm:ss`. */
export function storeTime(ms: number, timeZone: string): string {
  const local = new Date(ms + tzOffsetMs(ms, timeZone)).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)}`;
}

/** The store day an instant falls on. */
export function storeDayOf(ms: number, timeZone: string): string {
  return new Date(ms + tzOffsetMs(ms, timeZone)).toISOString().slice(0, 10);
}

const dayStarts = new Map<string, number>();

/**
 * The first instant of a store day (its local midnight, or the first instant after it when midnight is skipped).
 * Cached: a TZDate costs half a millisecond of zone look-ups (a tenth of the Z report's own CPU), and a day's start never moves.
 */
export function storeDayStart(day: string, timeZone: string): number {
  const key = `${timeZone} ${day}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    start = new TZDate(y, m - 1, d, 0, 0, 0, 0, timeZone).getTime();
    if (dayStarts.size > 100_000) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return start;
}

/** The first instant of the store day an instant falls on (its today's start, DST days included). */
export function storeTodayStart(ms: number, timeZone: string): number {
  return storeDayStart(storeDayOf(ms, timeZone), timeZone);
}

/** The calendar day `n` days after `day`. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from `a` to `b` (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/** Every day from `first` to `last`, both included. */
export function dayRange(first: string, last: string): string[] {
  const n = daysBetween(first, last);
  return Array.from({ length: n + 1 }, (_, i) => addDays(first, i));
}
