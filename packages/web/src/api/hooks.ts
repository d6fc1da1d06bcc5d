import { useMutation, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { call, type CallOptions } from './call';

type QueryExtras<T> = Omit<UseQueryOptions<T, Error, T>, 'queryKey' | 'queryFn'>;

/** A read call as a TanStack query keyed by path and payload. UID/TOKEN are added by `call`. */
export function useApiQuery<T extends object>(
  path: string,
  payload: object = {},
  options: QueryExtras<T> & { call?: CallOptions; /** More cache-key parts that are not sent. */ key?: unknown[] } = {},
) {
  const { call: callOptions, key = [], ...rest } = options;
  return useQuery<T, Error, T>({
    queryKey: [path, payload, ...key],
    queryFn: () => call<T>(path, payload, callOptions),
    ...rest,
  });
}

/** A write call (money, state changes) as a TanStack mutation. */
export function useApiMutation<T extends object, P extends object = Record<string, unknown>>(path: string, callOptions?: CallOptions) {
  return useMutation<T, Error, P>({ mutationFn: (payload: P) => call<T>(path, payload, callOptions) });
}
