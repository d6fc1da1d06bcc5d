import type { QueryClient } from '@tanstack/react-query';
import type { CallKey } from '../api/query-keys';
import { customerKeys, machineKeys } from '../api/stale-reads';
import type { LiveChange } from './live-feed';

/** A query key refetches at most once a second however fast the floor plays (first at once, the rest gathered). */
export const THROTTLE_MS = 1_000;

/**
 * The query keys (prefixes, matched partially) a change makes stale (api/stale-reads.ts, the lists a
 * screen's own write refreshes too): the Machine screen's list for any machine; each named customer's
 * card, limits, block state, game history and gift log, and the customer list and search.
 */
export function keysFor(change: LiveChange): CallKey[] {
  if (change === 'all') return [...machineKeys('all'), ...customerKeys('all')];
  return [...machineKeys(change.machines), ...customerKeys(change.customers)];
}

/**
 * Applies changes to a query cache: only active queries refetch (invalidateQueries' default), a
 * refetch in flight is kept rather than restarted, and each key at most once per THROTTLE_MS.
 */
export function liveInvalidator(client: QueryClient, throttleMs = THROTTLE_MS) {
  const last = new Map<string, number>();
  const waiting = new Map<string, ReturnType<typeof setTimeout>>();
  const fire = (key: CallKey, k: string) => {
    last.set(k, Date.now());
    void client.invalidateQueries({ queryKey: key }, { cancelRefetch: false });
  };
  const one = (key: CallKey) => {
    const k = JSON.stringify(key);
    if (waiting.has(k)) return;
    const since = Date.now() - (last.get(k) ?? -Infinity);
    if (since >= throttleMs) return fire(key, k);
    waiting.set(
      k,
      setTimeout(() => {
        waiting.delete(k);
        fire(key, k);
      }, throttleMs - since),
    );
  };
  return {
    apply: (change: LiveChange) => keysFor(change).forEach(one),
    dispose: () => {
      for (const t of waiting.values()) clearTimeout(t);
      waiting.clear();
    },
  };
}

const shared = new WeakMap<QueryClient, ReturnType<typeof liveInvalidator>>();

/** One invalidator per query cache, however many screens listen, so one change refetches once. */
export function sharedInvalidator(client: QueryClient): ReturnType<typeof liveInvalidator> {
  let inv = shared.get(client);
  if (!inv) shared.set(client, (inv = liveInvalidator(client)));
  return inv;
}
