import type { ConsoleRole } from '@moneybox/contract';

/**
 * Who a console service acts for: a platform account (admin, distributor, support) signed in at
 * /operator with its second factor. Never a store's staff member: the console has its own sessions
 * (http/authenticate.ts authenticateConsole), so a store session cannot become one.
 */
export interface ConsoleActor {
  sessionId: number;
  accountId: number;
  username: string;
  role: ConsoleRole;
  /** A support account's distributor (its scope is that distributor's stores); null otherwise. */
  parentId: number | null;
}

/**
 * The operator's command line (`npm run admin`) acting through the console's services: the platform's
 * own admin, with no platform_account row (ids start at 1) and no session. Its moves are by `operator`
 * in the histories and the audit trail.
 */
export const PLATFORM_OPERATOR: ConsoleActor = { sessionId: 0, accountId: 0, username: 'operator', role: 'admin', parentId: null };
