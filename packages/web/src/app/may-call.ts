import type { CallPath } from '@moneybox/contract';
import { useApiQuery } from '../api/hooks';

/**
 * Whether the signed-in account may make a store call, by the server's permission matrix as `/user/menu`
 * sends it (`calls`), so a screen offers only the actions the server allows (a cashier sees no boss-only
 * button); undefined until the menu has answered. The server still refuses anyone else: this only spares
 * a user a button that would answer "Permission error". The same query as ScreenGuard's.
 */
export function useMayCall(path: CallPath): boolean | undefined {
  const q = useApiQuery('/user/menu', { lang: 'en' }, { key: ['opens'], staleTime: 60_000 });
  return q.data ? (q.data.calls ?? []).includes(path) : undefined;
}
