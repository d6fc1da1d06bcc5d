import { useMutation, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { CallInput, CallPath, CallReply } from '@moneybox/contract';
import { callWith, type CallOptions } from './call';

type QueryExtras<T> = Omit<UseQueryOptions<T, Error, T>, 'queryKey' | 'queryFn'>;

/** A read call as a TanStack query keyed by path and payload, typed by the call map. UID/TOKEN are added by `call`. */
export function useApiQuery<P extends CallPath>(
  path: P,
  payload: CallInput<P> = {} as CallInput<P>,
  options: QueryExtras<CallReply<P>> & { call?: CallOptions; /** More cache-key parts that are not sent. */ key?: unknown[] } = {},
) {
  const { call: callOptions, key = [], ...rest } = options;
  return useQuery<CallReply<P>, Error, CallReply<P>>({
    queryKey: [path, payload, ...key],
    queryFn: () => callWith(path, payload, callOptions),
    ...rest,
  });
}

/** A write call (state changes that move no money) as a TanStack mutation, typed by the call map. */
export function useApiMutation<P extends CallPath>(path: P, callOptions?: CallOptions) {
  return useMutation<CallReply<P>, Error, CallInput<P>>({
    mutationFn: (payload) => callWith(path, payload, callOptions),
  });
}
