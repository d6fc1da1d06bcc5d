import { useMutation, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { CallInput, CallReply, ReadPath, WritePath } from '@moneybox/contract';
import { callWith, request, type CallOptions } from './call';
import { callKey } from './query-keys';

type QueryExtras<T> = Omit<UseQueryOptions<T, Error, T>, 'queryKey' | 'queryFn'>;

/**
 * A read call of any audience (the store's, the console's) as a TanStack query keyed by path and
 * payload (`callKey`), typed by the call registry. UID/TOKEN of the call's audience are added by `call`.
 */
export function useApiQuery<P extends ReadPath>(
  path: P,
  payload: CallInput<P> = {} as CallInput<P>,
  options: QueryExtras<CallReply<P>> & { call?: CallOptions; /** More cache-key parts that are not sent. */ key?: unknown[] } = {},
) {
  const { call: callOptions, key = [], ...rest } = options;
  return useQuery<CallReply<P>, Error, CallReply<P>>({
    queryKey: callKey(path, payload, ...key),
    queryFn: () => callWith(path, payload, callOptions),
    ...rest,
  });
}

/**
 * One write call (a change that moves no money) as a TanStack mutation, typed by the call registry: the
 * same path as `runWrite` (overlay while in flight, refusals mapped by `request`), with its state.
 */
export function useApiMutation<P extends WritePath>(path: P, callOptions?: CallOptions) {
  return useMutation<CallReply<P>, Error, CallInput<P>>({
    mutationKey: [path],
    mutationFn: (payload) => request(path, payload, callOptions),
  });
}
