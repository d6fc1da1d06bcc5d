import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { createBrowserRouter, Navigate, Outlet, useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../components/LoadingOverlay';
import { LoginNavContext, type LoginNav } from '../features/login/login-nav';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';
import { pages } from './pages';
import { RequireAuth } from './RequireAuth';
import { ScreenGuard } from './ScreenGuard';
import { RequireConsole } from '../features/console/shell/RequireConsole';

/*
 * Route-level code splitting: every page and the Default layout are their own chunks, so the
 * login route downloads no code of the pages behind it. The screens' routes come from `pages.ts`
 * (one per entry of the contract's screen registry; see docs/WEB.md).
 */
const LoginLayout = lazy(() => import('../layouts/LoginLayout'));
const LoginPage = lazy(() => import('../features/login/LoginPage'));
const DefaultLayout = lazy(() => import('../layouts/DefaultLayout'));
const HomePage = lazy(() => import('../features/home/HomePage'));
const NotFoundPage = lazy(() => import('../features/errors/NotFoundPage'));
// The platform console (issue 22): its own layout and sign-in, apart from the store's pages.
const ConsoleLayout = lazy(() => import('../features/console/shell/ConsoleLayout'));
const ConsoleLoginPage = lazy(() => import('../features/console/login/ConsoleLoginPage'));
const ConsoleStoresPage = lazy(() => import('../features/console/stores/ConsoleStoresPage'));
const ConsoleStorePage = lazy(() => import('../features/console/store/ConsoleStorePage'));
const ConsoleStoreReportsPage = lazy(() => import('../features/console/reports/ConsoleStoreReportsPage'));
const ConsoleNewStorePage = lazy(() => import('../features/console/store/ConsoleNewStorePage'));
const ConsoleAccountsPage = lazy(() => import('../features/console/accounts/ConsoleAccountsPage'));
const ConsoleCreditPage = lazy(() => import('../features/console/credit/ConsoleCreditPage'));
const ConsoleAlertsPage = lazy(() => import('../features/console/alerts/ConsoleAlertsPage'));
const ConsoleSettingsPage = lazy(() => import('../features/console/settings/ConsoleSettingsPage'));
const ConsoleAuditPage = lazy(() => import('../features/console/audit/ConsoleAuditPage'));
const ConsoleReportPage = lazy(() => import('../features/console/reports/ConsoleReportPage'));
const ConsoleNewsPage = lazy(() => import('../features/console/news/ConsoleNewsPage'));
// A page for the roles that may make the call it needs (the contract's `who`, as /operator/me lists it).
const ConsoleGuard = lazy(() => import('../features/console/shell/ConsoleGuard'));

/** The login page inside the router: its URL and navigation are the router's. */
function RoutedLogin() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const nav = useMemo<LoginNav>(
    () => ({
      search,
      navigate: (to, opts) => void navigate(to, opts),
      // A previous account's menu and announcements must not show for this one.
      signedIn: () => client.removeQueries(),
    }),
    [search, navigate, client],
  );
  return (
    <LoginNavContext.Provider value={nav}>
      <LoginPage />
    </LoginNavContext.Provider>
  );
}

function Page({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

export const routes = [
  {
    errorElement: <RouteErrorPage />,
    element: <Outlet />,
    children: [
      {
        path: '/pos/login',
        element: (
          <Page>
            <LoginLayout>
              <RoutedLogin />
            </LoginLayout>
          </Page>
        ),
      },
      {
        path: '/operator',
        element: (
          <Page>
            <ConsoleLayout />
          </Page>
        ),
        children: [
          { index: true, element: <ConsoleLoginPage /> },
          {
            element: <RequireConsole />,
            children: [
              { path: 'stores', element: <ConsoleStoresPage /> },
              { path: 'stores/new', element: <ConsoleGuard page="/operator/stores/new"><ConsoleNewStorePage /></ConsoleGuard> },
              { path: 'stores/:kid', element: <ConsoleStorePage /> },
              { path: 'stores/:kid/reports/:report', element: <ConsoleStoreReportsPage /> },
              { path: 'accounts', element: <ConsoleGuard page="/operator/accounts"><ConsoleAccountsPage /></ConsoleGuard> },
              { path: 'credit', element: <ConsoleCreditPage /> },
              { path: 'alerts', element: <ConsoleAlertsPage /> },
              { path: 'settings', element: <ConsoleGuard page="/operator/settings"><ConsoleSettingsPage /></ConsoleGuard> },
              { path: 'audit', element: <ConsoleAuditPage /> },
              { path: 'reports', element: <ConsoleReportPage /> },
              { path: 'news', element: <ConsoleNewsPage /> },
            ],
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: (
              <Page>
                <DefaultLayout />
              </Page>
            ),
            children: [
              { path: '/', element: <HomePage /> },
              { path: '/pos', element: <Navigate to="/" replace /> },
              ...Object.entries(pages).map(([path, ScreenPage]) => ({
                path,
                element: (
                  <ScreenGuard link={path}>
                    <ScreenPage />
                  </ScreenGuard>
                ),
              })),
            ],
          },
        ],
      },
      {
        path: '*',
        element: (
          <Page>
            <NotFoundPage />
          </Page>
        ),
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
