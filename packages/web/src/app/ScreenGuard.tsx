import { useApiQuery } from '../api/hooks';
import { PageLoading } from '../components/LoadingOverlay';
import { PermissionErrorPage } from '../features/errors/PermissionErrorPage';

/**
 * Opens a screen only for an account the server's permission matrix lets open it (`opens` of
 * /user/menu); anyone else (a cashier typing a boss page's URL) sees 'Permission error' instead of a
 * page whose calls would all answer 21. Its own cache key: the menu's title-keyed query refetches
 * whenever a page sets its title, which must not unmount the page.
 */
export function ScreenGuard({ link, children }: { link: string; children: React.ReactNode }) {
  const q = useApiQuery('/user/menu', { lang: 'en' }, { key: ['opens'], staleTime: 60_000 });
  if (q.isPending) return <PageLoading />;
  // Without an answer (network), let the page try: its calls still meet the server's matrix.
  if (q.data && !q.data.opens.includes(link)) return <PermissionErrorPage />;
  return <>{children}</>;
}
