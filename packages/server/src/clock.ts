/**
 * How far this thread's clock is set from the wall clock: 0, but in the money worker while the main
 * thread runs on a test's fake clock (money/money-worker.ts follows the main thread's time).
 */
let offsetMs = 0;

/** The money worker: its calls are the main thread's, at the main thread's time. */
export function setClockOffset(ms: number): void {
  offsetMs = ms;
}

/** Time as stored: ISO-8601 UTC strings that sort as text on both databases. */
export function isoNow(): string {
  return new Date(Date.now() + offsetMs).toISOString();
}

export function isoAgo(ms: number, from = Date.now() + offsetMs): string {
  return new Date(from - ms).toISOString();
}

export function isoIn(ms: number, from = Date.now() + offsetMs): string {
  return new Date(from + ms).toISOString();
}

/** The UTC offset of a timezone at an instant, in minutes (America/Chicago in winter: -360). */
export function tzOffsetMinutes(timeZone: string, at = new Date()): number {
  return Math.round(tzOffsetMs(at.getTime(), timeZone) / 60_000);
}

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
export function tzOffsetMs(ms: number, timeZone: string): number {
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

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
