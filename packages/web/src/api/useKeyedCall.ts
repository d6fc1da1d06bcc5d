import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { CallReply } from '@moneybox/contract';
import { keyedCall, newOneTimeKey, type KeyedCallOptions, type KeyedPath, type KeyedRequest } from './keyed-call';
import type { OneTimeKey } from './one-time-key';

/** One key holder for the component's lifetime: a confirmation retried, even from a reopened dialog, keeps its key. */
export function useOneTimeKey(): OneTimeKey {
  const [keys] = useState(newOneTimeKey);
  return keys;
}

/**
 * A money call as a mutation (so the global loading overlay shows while it runs) with its one-time
 * key: `run({ path, target, cents, payload })`. `keys` may be shared, e.g. by a page's dialogs.
 */
export function useKeyedCall(options: KeyedCallOptions & { keys?: OneTimeKey } = {}) {
  const own = useOneTimeKey();
  const keys = options.keys ?? own;
  const mutation = useMutation<CallReply<KeyedPath>, Error, KeyedRequest<KeyedPath>>({ mutationFn: (req) => keyedCall(keys, req, options) });
  /** The reply is the one of the request's call (the map types it). */
  const run = <P extends KeyedPath>(req: KeyedRequest<P>) => mutation.mutateAsync(req as unknown as KeyedRequest<KeyedPath>) as Promise<CallReply<P>>;
  return { run, busy: mutation.isPending, keys };
}
