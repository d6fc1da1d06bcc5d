import type { CallInput, CallReply, ReadPath, WritePath } from '@moneybox/contract';
import { useEffect, useState } from 'react';
import { callWith, request, type CallOptions } from './call';

/*
 * The calls of the login page, which is served before the app and its query cache load
 * (app/LoginScreen.tsx): the same `request` as every call (UID/TOKEN, the spec's handling of
 * failures, refusals in the user's language), without TanStack Query, so the first load does not
 * carry it. Only the login page uses this module (`app/write-path.test.ts`); everything else reads
 * with `useApiQuery` and writes through `api/write.ts`.
 */

export type StandaloneRead<T> = { isError: true; error: Error; data?: undefined } | { isError: false; error?: undefined; data?: T };

/** A read made when the component mounts and again when `key` changes; a reply for an older key is dropped. */
export function useStandaloneRead<P extends ReadPath>(path: P, payload: CallInput<P>, key: string, opts?: CallOptions): StandaloneRead<CallReply<P>> {
  const [state, setState] = useState<{ key: string; data?: CallReply<P>; error?: Error }>({ key: '' });
  useEffect(() => {
    let live = true;
    callWith(path, payload, opts).then(
      (data) => live && setState({ key, data }),
      (err: unknown) => live && setState({ key, error: err instanceof Error ? err : new Error(String(err)) }),
    );
    return () => {
      live = false;
    };
    // The payload and options belong to the key: the read runs again when the key changes.
  }, [path, key]);
  if (state.key !== key) return { isError: false };
  return state.error ? { isError: true, error: state.error } : { isError: false, data: state.data };
}

/**
 * A write of the login page. No global overlay counts it (that one is the app's, over the query
 * cache): the login page shows its own while it signs in.
 */
export function standaloneWrite<P extends WritePath>(path: P, payload: CallInput<P>, opts?: CallOptions): Promise<CallReply<P>> {
  return request(path, payload, opts);
}
