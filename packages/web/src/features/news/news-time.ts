import { storeTime } from '../../time/store-time';

/** A publish time in store time, to the minute (`YYYY-MM-DD HH:mm`). */
export function newsTime(iso: string, diff: number): string {
  return storeTime(iso, diff).slice(0, 16);
}
