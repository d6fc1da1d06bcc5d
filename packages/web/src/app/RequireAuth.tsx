import { Navigate, Outlet, useLocation } from 'react-router';
import { isAuthenticated, loginPath, rememberBeforePage } from '../auth/session';

/** Protected pages: a visitor without uid and token goes to login, and the page is remembered in beforePage. */
export function RequireAuth() {
  const location = useLocation();
  if (!isAuthenticated()) {
    rememberBeforePage(`${location.pathname}${location.search}`);
    return <Navigate to={loginPath()} replace />;
  }
  return <Outlet />;
}
