import { Navigate, Outlet } from 'react-router';
import { CONSOLE_LOGIN, consoleSession } from '../../../auth/console-session';

/** The console's pages behind its sign-in: no console session → /operator. */
export function RequireConsole() {
  return consoleSession() ? <Outlet /> : <Navigate to={CONSOLE_LOGIN} replace />;
}
