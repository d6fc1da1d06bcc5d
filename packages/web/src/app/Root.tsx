import { lazy, Suspense, useState } from 'react';
import { PageLoading } from '../components/LoadingOverlay';
import LoginScreen from './LoginScreen';
import { Providers } from './Providers';

const App = lazy(() => import('./App'));

/**
 * The page as first loaded: on /pos/login the login page alone (LoginScreen, no router: the
 * counter's first screen loads least; in the entry's file, since every signed-in page loads its
 * code too), anywhere else the app. Leaving the login page loads the app,
 * which then serves every route, the login page's again after a logout.
 */
export function Root({ startOnLogin }: { startOnLogin: boolean }) {
  const [inApp, setInApp] = useState(!startOnLogin);
  return (
    <Providers>
      <Suspense fallback={<PageLoading />}>{inApp ? <App /> : <LoginScreen onLeave={() => setInApp(true)} />}</Suspense>
    </Providers>
  );
}
