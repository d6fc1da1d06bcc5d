import { storeTime } from '../../../time/store-time';

/**
 * A console time: the console spans stores in several zones, so it shows the viewer's own wall clock,
 * in the product's one format (`YYYY-MM-DD HH:mm:ss`, the same in every language); `—` when missing.
 */
export function consoleTime(iso: string | null | undefined): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return '—';
  return storeTime(iso, -new Date(iso).getTimezoneOffset());
}

/**
 * A store's UTC offset in minutes at `ms` from its time zone (what the store's /config/localtime answers
 * its own screens), so the console shows a store's report times and today as the store does.
 */
export function zoneDiff(timeZone: string, ms: number = Date.now()): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000);
}
