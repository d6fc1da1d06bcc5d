import { STORE_DAY, Status, type ReportPeriod } from '@moneybox/contract';
import { refuse } from '../../domain/status-refusal.js';
import { addDays, dayRange, daysBetween, storeDayOf, storeDayStart } from './store-days.js';

/** A report period as applied: instants [fromMs, toMs) and the store days it touches. */
export interface Period {
  fromMs: number;
  toMs: number;
  fromIso: string;
  toIso: string;
  firstDay: string;
  lastDay: string;
  /** Every store day of the period, oldest first. */
  days: string[];
  timeZone: string;
  limitDay: number;
}

type Bound = string | number | undefined;

function instant(v: Exclude<Bound, undefined>, timeZone: string, asEnd: boolean): number {
  if (typeof v === 'number') return v;
  // A store day: from its first instant; as the end, through its last (the next day's start).
  if (STORE_DAY.test(v)) return storeDayStart(asEnd ? addDays(v, 1) : v, timeZone);
  return Date.parse(v);
}

/**
 * The period of spec section 5 in store time: absent bounds default to today (the store's day);
 * 'to' must be later than 'from' and the period may touch at most `limit_day` store days, else
 * 39 with limit_day. The contract has already refused malformed bounds (13).
 */
export function resolvePeriod(q: { startTime?: Bound; endTime?: Bound }, store: { timezone: string; limit_day: number }, now = Date.now()): Period {
  const tz = store.timezone;
  const improper = (): never => refuse(Status.IMPROPER_PERIOD, { limit_day: store.limit_day });
  const today = storeDayOf(now, tz);
  let fromMs = q.startTime === undefined ? undefined : instant(q.startTime, tz, false);
  let toMs = q.endTime === undefined ? undefined : instant(q.endTime, tz, true);
  if (fromMs === undefined) fromMs = storeDayStart(toMs === undefined ? today : storeDayOf(toMs - 1, tz), tz);
  if (toMs === undefined) toMs = storeDayStart(addDays(storeDayOf(fromMs, tz), 1), tz);
  if (!(toMs > fromMs)) improper();
  const firstDay = storeDayOf(fromMs, tz);
  const lastDay = storeDayOf(toMs - 1, tz);
  if (daysBetween(firstDay, lastDay) + 1 > store.limit_day) improper();
  return {
    fromMs,
    toMs,
    fromIso: new Date(fromMs).toISOString(),
    toIso: new Date(toMs).toISOString(),
    firstDay,
    lastDay,
    days: dayRange(firstDay, lastDay),
    timeZone: tz,
    limitDay: store.limit_day,
  };
}

export function presentPeriod(p: Period): ReportPeriod {
  return { from: p.fromIso, to: p.toIso, first_day: p.firstDay, last_day: p.lastDay, days: p.days.length, timezone: p.timeZone, limit_day: p.limitDay };
}
