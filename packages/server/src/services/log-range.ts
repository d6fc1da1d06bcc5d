import { Status } from '@moneybox/contract';
import { refuse } from '../domain/status-refusal.js';

const DAY = 86_400_000;

function toMs(v: string | number | undefined, field: string): number | undefined {
  if (v === undefined || v === '') return undefined;
  const ms = typeof v === 'number' ? v : Date.parse(v);
  if (!Number.isFinite(ms) || ms < 0 || ms > 8.64e15) refuse(Status.INPUT_ERROR, { error: `${field}: not a date and time` });
  return ms;
}

/**
 * A log's time range [startTime, endTime) (a customer's history, the Activity tab): by default the last
 * 24 hours; 'to' must be after 'from' and the range no wider than the store's limit_day days (spec section 8).
 */
export function logRange(q: { startTime?: string | number | undefined; endTime?: string | number | undefined }, limitDay: number): { from: string; to: string } {
  const end = toMs(q.endTime, 'endTime') ?? Date.now();
  const start = toMs(q.startTime, 'startTime') ?? end - DAY;
  if (end <= start || end - start > limitDay * DAY) refuse(Status.IMPROPER_PERIOD, { limit_day: limitDay });
  return { from: new Date(start).toISOString(), to: new Date(end).toISOString() };
}
