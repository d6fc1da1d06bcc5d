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

const QUARTER_MS = 900_000;
const offsetCaches = new Map<string, Map<number, number>>();

/**
 * The zone's offset from UTC at an instant, in ms. Offsets and their changes fall on whole quarter
 * hours, so one lookup serves a quarter hour: cached (reports present and bucket many rows).
 */
function offsetAt(ms: number, timeZone: string): number {
  let cache = offsetCaches.get(timeZone);
  if (!cache) offsetCaches.set(timeZone, (cache = new Map()));
  const quarter = Math.floor(ms / QUARTER_MS);
  let offset = cache.get(quarter);
  if (offset === undefined) {
    const at = quarter * QUARTER_MS;
    const parts = formatter(timeZone).formatToParts(at);
    const get = (t: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === t)?.value ?? 0);
    offset = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - at;
    if (cache.size > 100_000) cache.clear();
    cache.set(quarter, offset);
  }
  return offset;
}

/** The store's wall clock at an instant: `YYYY-MM-DD HH:mm:ss`. */
export function storeTime(ms: number, timeZone: string): string {
  const local = new Date(ms + offsetAt(ms, timeZone)).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)}`;
}

/** The store day an instant falls on. */
export function storeDayOf(ms: number, timeZone: string): string {
  return new Date(ms + offsetAt(ms, timeZone)).toISOString().slice(0, 10);
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
