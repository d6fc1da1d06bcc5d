/**
 * Store time. The wire carries UTC ISO times; the store shows wall-clock times shifted by its offset
 * (`diff`, minutes east of UTC, from /config/localtime — see `useLocalTimeDiff`). Pure functions of
 * (time, diff) so every screen shows and picks times the same way and tests need no clock.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The store's wall clock at UTC instant `ms`, as a Date whose UTC fields read as store time. */
function wall(ms: number, diffMinutes: number): Date {
  return new Date(ms + diffMinutes * MINUTE);
}

function parse(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/** `YYYY-MM-DD` of a wall-clock Date. */
const datePart = (d: Date) => d.toISOString().slice(0, 10);

/** A UTC time shown as store wall-clock time `YYYY-MM-DD HH:mm:ss`; `-` when missing or invalid. */
export function storeTime(iso: string | null | undefined, diffMinutes: number): string {
  const ms = parse(iso);
  if (ms === null) return '-';
  const d = wall(ms, diffMinutes).toISOString();
  return `${d.slice(0, 10)} ${d.slice(11, 19)}`;
}

/** The store's calendar date `YYYY-MM-DD` of a UTC time; `-` when missing or invalid. */
export function storeDate(iso: string | null | undefined, diffMinutes: number): string {
  const ms = parse(iso);
  return ms === null ? '-' : datePart(wall(ms, diffMinutes));
}

/** The store's calendar date today (e.g. a date picker's upper bound). */
export function storeToday(diffMinutes: number, now: number = Date.now()): string {
  return datePart(wall(now, diffMinutes));
}

function dayStartMs(date: string, diffMinutes: number): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const ms = Date.parse(`${date}T00:00:00Z`);
  // Date.parse rolls 2026-02-30 over to March: refuse dates that are not on the calendar.
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) return null;
  return ms - diffMinutes * MINUTE;
}

/** The UTC instant a store day (`YYYY-MM-DD`) begins (store midnight); null for a non-date. */
export function storeDayStart(date: string, diffMinutes: number): string | null {
  const ms = dayStartMs(date, diffMinutes);
  return ms === null ? null : new Date(ms).toISOString();
}

/** The UTC instant a store day ends: the next store midnight, exclusive (`time < end`). */
export function storeDayEnd(date: string, diffMinutes: number): string | null {
  const ms = dayStartMs(date, diffMinutes);
  return ms === null ? null : new Date(ms + DAY).toISOString();
}

/** A store wall-clock `YYYY-MM-DDTHH:mm` (a datetime-local input) to UTC ISO; null when not a time. */
export function storeInputToUtc(local: string, diffMinutes: number): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) return null;
  const start = dayStartMs(m[1]!, diffMinutes);
  const [h, min, s] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)];
  if (start === null || h > 23 || min > 59 || s > 59) return null;
  return new Date(start + ((h * 60 + min) * 60 + s) * 1000).toISOString();
}

/** A UTC time as the store wall-clock value of a datetime-local input (`YYYY-MM-DDTHH:mm`). */
export function utcToStoreInput(iso: string | null | undefined, diffMinutes: number): string {
  const ms = parse(iso);
  return ms === null ? '' : wall(ms, diffMinutes).toISOString().slice(0, 16);
}

/** Today 00:00 and tomorrow 00:00 in store time, as datetime-local input values. */
export function storeDayRange(diffMinutes: number, now: number = Date.now()): { from: string; to: string } {
  const today = storeToday(diffMinutes, now);
  const tomorrow = datePart(new Date(Date.parse(`${today}T00:00:00Z`) + DAY));
  return { from: `${today}T00:00`, to: `${tomorrow}T00:00` };
}
