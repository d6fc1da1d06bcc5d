import { useState } from 'react';
import { toast } from '../../../components/message';

/** Runs a console write: busy while it runs, a toast when done, its refusal (in the user's language) as `error`. */
export function useConsoleAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (fn: () => Promise<unknown>, done: string): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await fn();
      toast(done);
      return true;
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
