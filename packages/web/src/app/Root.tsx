import { lazy, Suspense, useState } from 'react';
import { PageLoading } from '../components/LoadingOverlay';
import { loadStatusTexts } from '../i18n/i18n';
import LoginScreen from './LoginScreen';
import { Providers } from './Providers';

// The app starts with the refusals' texts loaded (its pages show them at once), the login page without.
const App = lazy(() => Promise.all([import('./App'), loadStatusTexts()]).then(([app]) => app));

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
