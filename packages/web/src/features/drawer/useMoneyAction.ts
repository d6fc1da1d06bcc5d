import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError, call } from '../../api/call';
import { Status } from '@moneybox/contract/status';
import { fetchKey } from './drawer-api';
import { OnceKey } from './once-key';

/**
 * A money call (/drawer/init, /drawer/fills, /drawer/bleeds) with its one-time key. The key is
 * kept across retries until the call succeeds; a second click while one is in flight joins it.
 */
export function useMoneyAction<R extends object, P extends object>(path: string, keySource: () => Promise<string> = fetchKey) {
  const key = useRef<OnceKey | null>(null);
  key.current ??= new OnceKey(keySource);
  const inFlight = useRef<Promise<R> | null>(null);
  const [busy, setBusy] = useState(false);
  const mutation = useMutation<R, Error, P & { key: string }>({ mutationFn: (payload) => call<R>(path, payload) });

  const run = (payload: P): Promise<R> => {
    if (inFlight.current) return inFlight.current;
    const attempt = (async () => {
      setBusy(true);
      try {
        const r = await mutation.mutateAsync({ ...payload, key: await key.current!.current() });
        key.current!.spend();
        return r;
      } catch (err) {
        // 12: the key was used or expired; whichever it was, the next try needs a new one.
        if (err instanceof ApiError && err.failure.kind === 'message' && err.failure.status === Status.KEY_ERROR) key.current!.spend();
        throw err;
      } finally {
        inFlight.current = null;
        setBusy(false);
      }
    })();
    inFlight.current = attempt;
    return attempt;
  };
  return { run, busy };
}
