import type { CallInput, CallReply } from '@moneybox/contract';
import { MutationObserver, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { request, type CallOptions } from './call';
import type { WritePath } from './call-kinds';

/**
 * THE way a write runs: as a mutation of the app's query client, so the global loading overlay
 * (`useIsMutating`) shows while it is in flight, and through `request`, so a refusal becomes the
 * message in the user's language, shown the spec's way (or, with `handle: 'inline'`, left to the
 * caller as the thrown `ApiError`'s message).
 */
export function runWrite<P extends WritePath>(client: QueryClient, path: P, payload: CallInput<P>, opts?: CallOptions): Promise<CallReply<P>> {
  return new MutationObserver<CallReply<P>, Error, CallInput<P>>(client, { mutationKey: [path], mutationFn: (input) => request(path, input, opts) }).mutate(payload);
}

export type Write = <P extends WritePath>(path: P, payload: CallInput<P>, opts?: CallOptions) => Promise<CallReply<P>>;

/** `runWrite` bound to the component's query client: `write(path, input, options)`. */
export function useWrite(): Write {
  const client = useQueryClient();
  return useCallback<Write>((path, payload, opts) => runWrite(client, path, payload, opts), [client]);
}
