import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { PageLoading } from '../components/LoadingOverlay';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';
import { RequireAuth } from './RequireAuth';

/*
 * Route-level code splitting: every page and the Default layout are their own chunks, so the
 * login route downloads no code of the pages behind it. Add a screen by adding a lazy page here
 * (see docs/WEB.md); a route exists only once its screen exists.
 */
const LoginLayout = lazy(() => import('../layouts/LoginLayout'));
const LoginPage = lazy(() => import('../features/login/LoginPage'));
const DefaultLayout = lazy(() => import('../layouts/DefaultLayout'));
const HomePage = lazy(() => import('../features/home/HomePage'));
const NotFoundPage = lazy(() => import('../features/errors/NotFoundPage'));
const DrawerPage = lazy(() => import('../features/drawer/DrawerPage'));
const DrawerSetupPage = lazy(() => import('../features/drawer-setup/DrawerSetupPage'));
const CustomerAccountPage = lazy(() => import('../features/customer/CustomerAccountPage'));
const CustomerInfoPage = lazy(() => import('../features/customer/CustomerInfoPage'));

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
            <LoginLayout />
          </Page>
        ),
        children: [{ index: true, element: <LoginPage /> }],
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
              { path: '/Drawer', element: <DrawerPage /> },
              { path: '/SystemSetup/DrawerSetup', element: <DrawerSetupPage /> },
              { path: '/CustomerAccount', element: <CustomerAccountPage /> },
              { path: '/Customer/CustomerInfo', element: <CustomerInfoPage /> },
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
