/**
 * A purchase limit as the boss types it, against the provider's cap (server: api/store/store.service.ts
 * updateStore). Without a cap any amount goes and 0 means no limit; with a cap the store must keep a
 * limit: from 0.01 up to the cap, so 0 (no limit) is refused. Each failure has its own message, and the
 * field's hint says the same rule before anything is typed.
 */
type LimitProblem = { key: 'limitFormat' } | { key: 'capNeedsLimit' | 'aboveCap'; cap: number };

export function limitProblem(value: number | string, cap: number): LimitProblem | null {
  const n = Number(value);
  if (value === '' || !Number.isFinite(n) || n < 0) return { key: 'limitFormat' };
  if (cap > 0 && n === 0) return { key: 'capNeedsLimit', cap };
  if (cap > 0 && n > cap) return { key: 'aboveCap', cap };
  return null;
}

/** The hint under a limit: the rule that applies to this window. */
export function limitHint(cap: number): { key: 'capIs'; cap: number } | { key: 'noCap' } {
  return cap > 0 ? { key: 'capIs', cap } : { key: 'noCap' };
}
