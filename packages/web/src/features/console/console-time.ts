import { storeTime } from '../../time/store-time';

/**
 * A console time: the console spans stores in several zones, so it shows the viewer's own wall clock,
 * in the product's one format (`YYYY-MM-DD HH:mm:ss`, the same in every language); `—` when missing.
 */
export function consoleTime(iso: string | null | undefined): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return '—';
  return storeTime(iso, -new Date(iso).getTimezoneOffset());
}
