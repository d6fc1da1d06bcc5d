import { TZDate } from '@date-fns/tz';

/**
 * Store days: the calendar days of the store's time zone (DESIGN.md section 2, Time). A day runs
 * from its local midnight to the next one, so the days of a daylight-saving change last 23 or 25
 * hours and are still one day each. Days are `YYYY-MM-DD` strings; day arithmetic is calendar
 * arithmetic (independent of the zone), instants are epoch milliseconds.
 */

const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The store's wall clock at an instant: `YYYY-MM-DD HH:mm:ss`. */
export function storeTime(ms: number, timeZone: string): string {
  const parts = formatter(timeZone).formatToParts(ms);
  const get = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

const QUARTER_MS = 900_000;
const dayCaches = new Map<string, Map<number, string>>();

/**
 * The store day an instant falls on. Zone offsets and their changes fall on whole quarter hours,
 * so every instant of a quarter hour has the same day: cached by quarter (rollups bucket millions of rows).
 */
export function storeDayOf(ms: number, timeZone: string): string {
  let cache = dayCaches.get(timeZone);
  if (!cache) dayCaches.set(timeZone, (cache = new Map()));
  const quarter = Math.floor(ms / QUARTER_MS);
  let day = cache.get(quarter);
  if (day === undefined) {
    day = storeTime(quarter * QUARTER_MS, timeZone).slice(0, 10);
    if (cache.size > 100_000) cache.clear();
    cache.set(quarter, day);
  }
  return day;
}

/** The first instant of a store day (its local midnight, or the first instant after it when midnight is skipped). */
export function storeDayStart(day: string, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, 0, 0, 0, 0, timeZone).getTime();
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
