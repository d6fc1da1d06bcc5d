import type { CallInput, CallReply, WritePath } from '@moneybox/contract';
import { audienceOfPath } from '@moneybox/contract/call-audience';
import { MutationObserver, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { request, type CallOptions } from './call';
import { audienceReads } from './query-keys';

export interface WriteOptions extends CallOptions {
  /**
   * Refetch every read of the call's audience after the write. Default: a console write does (its
   * pages show what any write may have moved; the sign-in steps and logout say false), a store write
   * does not (its page invalidates what it shows, the live feed the rest).
   */
  refetch?: boolean;
}

/**
 * THE way a write runs, of any audience: as a mutation of the app's query client, so the global
 * loading overlay (`useIsMutating`) shows while it is in flight, and through `request`, so a refusal
 * becomes the message in the user's language, shown the spec's way (or, with `handle: 'inline'`, left
 * to the caller as the thrown `ApiError`'s message; a console call's refusal is always the caller's).
 */
export async function runWrite<P extends WritePath>(client: QueryClient, path: P, payload: CallInput<P>, opts: WriteOptions = {}): Promise<CallReply<P>> {
  const reply = await new MutationObserver<CallReply<P>, Error, CallInput<P>>(client, { mutationKey: [path], mutationFn: (input) => request(path, input, opts) }).mutate(payload);
  const audience = audienceOfPath(path);
  if (opts.refetch ?? audience === 'console') await client.invalidateQueries(audienceReads(audience));
  return reply;
}

export type Write = <P extends WritePath>(path: P, payload: CallInput<P>, opts?: WriteOptions) => Promise<CallReply<P>>;

/** `runWrite` bound to the component's query client: `write(path, input, options)`. */
export function useWrite(): Write {
  const client = useQueryClient();
  return useCallback<Write>((path, payload, opts) => runWrite(client, path, payload, opts), [client]);
}
