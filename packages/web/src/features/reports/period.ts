/**
 * The report period as the form holds it: two store days `YYYY-MM-DD` (the store's calendar). The
 * server reads `startTime` as the From day's first instant and `endTime` as the end of the To day,
 * so From = To is that whole day, and the To instant is later than the From instant exactly when
 * the To day is not before the From day (spec section 5). Longer than `limit_day` days: the
 * server's 39, shown the spec's way.
 */
export interface Period {
  from: string;
  to: string;
}

type PeriodProblem = 'missing' | 'toBeforeFrom';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(s: string): boolean {
  if (!DAY.test(s)) return false;
  const ms = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === s;
}

/** What is wrong with a period the user typed; null when it may be sent. */
export function periodProblem(p: Period): PeriodProblem | null {
  if (!isDay(p.from) || !isDay(p.to)) return 'missing';
  return p.to < p.from ? 'toBeforeFrom' : null;
}

/** The default period: today in store time. */
export function todayPeriod(today: string): Period {
  return { from: today, to: today };
}

/** The period as the report calls take it. */
export function periodPayload(p: Period): { startTime: string; endTime: string } {
  return { startTime: p.from, endTime: p.to };
}
