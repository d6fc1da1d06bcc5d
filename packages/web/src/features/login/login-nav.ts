import { createContext, useContext } from 'react';

/**
 * Where the login page reads its URL and goes next, without react-router: the login route is
 * served on its own (app/LoginScreen.tsx, the router and the app load once signed in) and inside
 * the app's router (app/router.tsx) alike; each provides this (docs/WEB.md "Login page size").
 */
export interface LoginNav {
  search: URLSearchParams;
  navigate(to: string, opts?: { replace?: boolean }): void;
  /** Runs once signed in, before leaving: the app's router forgets the previous account's cached replies. */
  signedIn?(): void;
}

export const LoginNavContext = createContext<LoginNav | null>(null);

export function useLoginNav(): LoginNav {
  const nav = useContext(LoginNavContext);
  if (!nav) throw new Error('the login page needs a LoginNavContext');
  return nav;
}
