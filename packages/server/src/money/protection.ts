import { createHash } from 'node:crypto';
import { normalizeIdNumber, type Protection } from '@moneybox/contract';

/**
 * Player protection (issue 24): THE rules of a self-exclusion and a cool-off, pure, used by the
 * money rules of every channel (customer-rules.ts customerMayMove), a machine login
 * (services/terminal/play.service.ts) and the calls that set and show them.
 */

/** A permanent exclusion's stored end: sorts after every real instant. */
export const PERMANENT_UNTIL = '9999-12-31T23:59:59.999Z';

/** The store's own protection columns of a customer row. */
export interface LocalProtectionColumns {
  protect_kind: string;
  protect_since: string | null;
  protect_until: string | null;
}

/** The protection columns of a customer row: the store's own, and an exclusion shared by another store of the operator (migration 021). */
export interface ProtectionColumns extends LocalProtectionColumns {
  shared_since: string | null;
  shared_until: string | null;
}

/** The store's own protection running at `at`; null when none runs (or it has ended). */
function localProtection(c: LocalProtectionColumns, at: string): Protection | null {
  if ((c.protect_kind !== 'exclusion' && c.protect_kind !== 'cool_off') || c.protect_until === null || c.protect_until <= at) return null;
  return { kind: c.protect_kind, since: c.protect_since ?? '', until: shownUntil(c.protect_until), shared: false };
}

function shownUntil(until: string): string | null {
  return until === PERMANENT_UNTIL ? null : until;
}

/**
 * The protection running at `at`, as the calls show it; null when none runs (or it has ended). The
 * store's own, or a self-exclusion of another store of the operator on the same ID card (`shared`),
 * whichever ends later: a shared one refuses exactly as the store's own exclusion does.
 */
export function runningProtection(c: ProtectionColumns, at: string): Protection | null {
  const local = localProtection(c, at);
  if (c.shared_until === null || c.shared_until <= at || (local && (c.protect_until ?? '') >= c.shared_until)) return local;
  return { kind: 'exclusion', since: c.shared_since ?? '', until: shownUntil(c.shared_until), shared: true };
}

/**
 * The ID card's hash an exclusion is shared by: SHA-256 of the ID type and the number normalised
 * (letters and digits, upper case); '' when there is no number. Only this hash leaves the store.
 * A customer record holds one ID number, its driver's license (the spec's field).
 */
export function idCardHash(number: string, type = 'drivers_license'): string {
  const n = normalizeIdNumber(number);
  return n === '' ? '' : createHash('sha256').update(`${type}:${n}`).digest('hex');
}

const MONTHS = { '6m': 6, '1y': 12, '5y': 60 } as const;

/** When a protection asked for at `from` ends: calendar months for an exclusion (UTC), whole days for a cool-off. */
export function protectionEnd(p: { kind: 'exclusion'; period: '6m' | '1y' | '5y' | 'permanent' } | { kind: 'cool_off'; days: number }, from: string): string {
  const d = new Date(from);
  if (p.kind === 'cool_off') return new Date(d.getTime() + p.days * 86_400_000).toISOString();
  if (p.period === 'permanent') return PERMANENT_UNTIL;
  const months = MONTHS[p.period];
  const end = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
  // The same day of the month, or the month's last day (31 August + 6 months = 28 or 29 February).
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return end.toISOString();
}

/**
 * Nothing lifts or shortens a running protection: a new one is set only when it ends later than
 * the one running (its kind then becomes the new one's).
 */
export function mayReplace(running: LocalProtectionColumns, newUntil: string, at: string): boolean {
  const r = localProtection(running, at);
  return r === null || newUntil > (running.protect_until ?? '');
}
