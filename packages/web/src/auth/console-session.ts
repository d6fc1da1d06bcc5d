import type { ConsoleRole } from '@moneybox/contract/console-roles';

/**
 * The platform console's session (a platform account signed in at /operator with its second factor):
 * apart from the store's cookies (auth/session.ts), kept for the tab only (sessionStorage). The one
 * `request` (api/call.ts) sends it with every console call; a 5 clears it and goes back to /operator.
 */
export interface ConsoleSession {
  uid: number;
  token: string;
  username: string;
  role: ConsoleRole;
}

const KEY = 'consoleSession';

export function consoleSession(): ConsoleSession | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as ConsoleSession) : null;
  } catch {
    return null;
  }
}

export function setConsoleSession(s: ConsoleSession): void {
  sessionStorage.setItem(KEY, JSON.stringify(s));
}

export function clearConsoleSession(): void {
  sessionStorage.removeItem(KEY);
}

/** The console's sign-in page. */
export const CONSOLE_LOGIN = '/operator';
