import { useCallback, useEffect, useMemo, useState } from 'react';
import LoginPage from '../features/login/LoginPage';
import { LoginNavContext, type LoginNav } from '../features/login/login-nav';
import LoginLayout from '../layouts/LoginLayout';
import { setNavigator } from './navigation';

export const isLoginPath = (pathname: string) => pathname.replace(/\/+$/, '') === '/pos/login';

/**
 * The login page served alone, without react-router (the router comes with the app): it follows
 * the URL itself (its kiosk id, back and forward), and any way out of it (signed in, a remembered
 * page) moves the history there and hands over to the app (`onLeave`), whose router starts there.
 */
export default function LoginScreen({ onLeave }: { onLeave(): void }) {
  const [search, setSearch] = useState(() => new URLSearchParams(window.location.search));
  const follow = useCallback(() => {
    if (isLoginPath(window.location.pathname)) setSearch(new URLSearchParams(window.location.search));
    else onLeave();
  }, [onLeave]);
  const navigate = useCallback<LoginNav['navigate']>(
    (to, opts) => {
      window.history[opts?.replace ? 'replaceState' : 'pushState'](null, '', to);
      follow();
    },
    [follow],
  );
  useEffect(() => {
    window.addEventListener('popstate', follow);
    // The API's error handler navigates too (navigation.ts) until the app's router takes over.
    setNavigator(navigate);
    return () => window.removeEventListener('popstate', follow);
  }, [follow, navigate]);
  const nav = useMemo(() => ({ search, navigate }), [search, navigate]);
  return (
    <LoginLayout>
      <LoginNavContext.Provider value={nav}>
        <LoginPage />
      </LoginNavContext.Provider>
    </LoginLayout>
  );
}
