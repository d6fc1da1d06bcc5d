import type { Db } from '../../db/database.js';
import { consoleStoreRepository, type StoreSet } from '../../repositories/console-store.repository.js';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/**
 * The credit each store used over the 7 days before `now` (negative: taken from its credit) and its
 * last movement in them, as the ledger has them: whole UTC days from credit_use_day (kept by the
 * report refresher) and, of the first day's ledger rows, the smaller side of the week's start (at
 * most half a day's rows) added or taken away, plus the rows the refresher has not folded yet.
 * `floor`: the refresher's watermark read before (at or below the one the read sees).
 */
export function creditWeek(db: Db, set: StoreSet, now: number, floor: number) {
  const from = now - WEEK_MS;
  const dayStart = from - (from % DAY_MS);
  const mode = from - dayStart < DAY_MS / 2 ? 'subtract' : 'add';
  const iso = (ms: number) => new Date(ms).toISOString();
  return consoleStoreRepository.creditUseSince(db, set, iso(from), { mode, dayStart: iso(dayStart), nextDayStart: iso(dayStart + DAY_MS) }, floor);
}
