import { useApiQuery } from '../api/hooks';

/** The store's UTC offset in minutes (/config/localtime `diff`); 0 until known. */
export function useLocalTimeDiff(enabled = true): { diff: number; ready: boolean } {
  const q = useApiQuery('/config/localtime', {}, { enabled, staleTime: 5 * 60_000 });
  return { diff: typeof q.data?.diff === 'number' ? q.data.diff : 0, ready: q.isSuccess || q.isError };
}
