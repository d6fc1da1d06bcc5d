import type { ActivityRow } from '@moneybox/contract';
import type { TFunction } from 'i18next';
import { ACTIVITY_KINDS } from '@moneybox/contract/audit-kinds';

/** Kind groups of the Activity filter: the part of a kind before its dot. */
export const KIND_GROUPS = ['account', 'login', 'store', 'drawer', 'customer', 'machine', 'kiosk', 'day', 'money', 'operator', 'console'] as const;

/** The locale key of a kind (`account.create` → `kinds.account_create`): dots would nest the key. */
export const kindKey = (kind: string) => `kinds.${kind.replace(/\./g, '_')}`;

export { ACTIVITY_KINDS };

/** A row's values in words: `field: before → after`, one per changed field. */
export function describeChange(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const show = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));
  return fields
    // A creation lists its fields; empty ones say nothing.
    .filter((f) => (before && f in before) || show(after?.[f]) !== '')
    .map((f) => {
      const b = before?.[f];
      const a = after?.[f];
      if (before && f in before && after && f in after) return `${f}: ${show(b)} → ${show(a)}`;
      return `${f}: ${show(a ?? b)}`;
    })
    .join('; ');
}

/**
 * Who made a row, in the user's language: a staff account's name, or a terminal on the floor by its
 * kind and name ("Reload kiosk 900"); the role or channel goes beside it in brackets.
 */
export function actorName(r: Pick<ActivityRow, 'actor' | 'terminal'>, t: TFunction): string {
  if (!r.terminal) return r.actor;
  return t(`staff:terminals.${r.terminal.kind}`, { name: r.terminal.name, defaultValue: r.actor });
}
