import type { LiveIds } from '@moneybox/contract/live';
import type { QueryClient } from '@tanstack/react-query';
import { callKey, type CallKey } from './query-keys';

/**
 * What a change makes stale, in one place: the live feed after anyone's change (live/invalidate.ts)
 * and a screen after its own write read these lists, so the two cannot drift apart.
 */

/** One customer's reads: the card, game history, gift log, limits and block state. */
const CUSTOMER_READS = ['/customer/info', '/customer/history', '/customer/giftHistory', '/customer/getDayLimit', '/customer/blockState'] as const;
/** The reads over many customers: the list and the counter's search results. */
const CUSTOMER_LIST_READS = ['/customer/customerInfo', '/customer/search'] as const;
/** The counter's drawer, which its own money movements move. */
export const DRAWER_READS = ['/drawer/info', '/drawer/movements', '/drawer/recentShifts', '/drawer/setupList'] as const;

/** A customer's query key: /customer/info is asked by id as text, the others by `id` (typed by the call registry). */
const customerKey = (path: (typeof CUSTOMER_READS)[number], id: number): CallKey => (path === '/customer/info' ? callKey(path, { type: 'id', rule: String(id) }) : callKey(path, { id }));

/** The query keys (prefixes, matched partially) made stale by a change to these customers. */
export function customerKeys(customers: LiveIds): CallKey[] {
  if (customers === 'all') return [...CUSTOMER_READS, ...CUSTOMER_LIST_READS].map((p) => callKey(p));
  if (customers.length === 0) return [];
  return [...customers.flatMap((id) => CUSTOMER_READS.map((p) => customerKey(p, id))), ...CUSTOMER_LIST_READS.map((p) => callKey(p))];
}

/** The query keys made stale by a change to any of these machines: the Machine screen's list. */
export function machineKeys(machines: LiveIds): CallKey[] {
  return machines === 'all' || machines.length > 0 ? [callKey('/machine/list')] : [];
}

/** The customer's reply already written into the cache by the screen (refetching it would only ask again). */
export const customerInfoKey = (id: number) => customerKey('/customer/info', id);

/**
 * After the counter's own write about a customer: what the live feed would mark stale for that
 * customer, and, when the write moved money, the counter's drawer; `written` are keys the screen
 * already set from the write's reply, left as they are.
 */
export function refreshAfterCustomerWrite(client: QueryClient, id: number, opts: { money?: boolean; written?: CallKey[] } = {}): Promise<unknown> {
  const skip = new Set((opts.written ?? []).map((k) => JSON.stringify(k)));
  const keys = [...customerKeys([id]), ...(opts.money ? DRAWER_READS.map((p) => callKey(p)) : [])].filter((k) => !skip.has(JSON.stringify(k)));
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}
