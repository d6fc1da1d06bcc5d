import type { CallAudience, CallInput, ReadPath } from '@moneybox/contract';
import { audienceOfPath } from '@moneybox/contract/call-audience';
import type { Query } from '@tanstack/react-query';

/**
 * A read's cache key, typed by the call registry: its path, then the input it was sent with, then
 * any parts that are not sent. The path alone is the prefix of every input's key (what a page
 * invalidates after its write); every read of the app, the store's and the console's, is cached
 * under this one shape (`useApiQuery`).
 */
export type CallKey<P extends ReadPath = ReadPath> = readonly [P] | readonly [P, CallInput<P>, ...unknown[]];

export function callKey<P extends ReadPath>(path: P): readonly [P];
export function callKey<P extends ReadPath>(path: P, payload: CallInput<P>, ...extra: unknown[]): readonly [P, CallInput<P>, ...unknown[]];
export function callKey<P extends ReadPath>(path: P, ...rest: unknown[]): CallKey<P> {
  return [path, ...rest] as unknown as CallKey<P>;
}

/** The filter of every cached read of one audience: the console's after a console write, or when the console signs out. */
export function audienceReads(audience: CallAudience): { predicate: (query: Query) => boolean } {
  return { predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/') && audienceOfPath(query.queryKey[0]) === audience };
}
