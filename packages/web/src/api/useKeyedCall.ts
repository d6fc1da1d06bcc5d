import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { keyedCall, newOneTimeKey, type KeyedCallOptions, type KeyedRequest } from './keyed-call';
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
export function useKeyedCall<R extends object, P extends object = object>(options: KeyedCallOptions & { keys?: OneTimeKey } = {}) {
  const own = useOneTimeKey();
  const keys = options.keys ?? own;
  const mutation = useMutation<R, Error, KeyedRequest<P>>({ mutationFn: (req) => keyedCall<R, P>(keys, req, options) });
  return { run: mutation.mutateAsync, busy: mutation.isPending, keys };
}
