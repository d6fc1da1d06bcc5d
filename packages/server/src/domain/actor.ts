export type Role = 'boss' | 'cashier';

/**
 * Who a service acts for: a signed-in staff member. Over HTTP it is the session behind the call
 * (http/authenticate.ts); the CLI and the terminal protocol name their own actors.
 */
export interface Actor {
  sessionId: number;
  accountId: number;
  storeId: number;
  username: string;
  role: Role;
  /** 'pos' holds (or will hold) a drawer; 'viewer' is a boss looking without cash. */
  mode: 'pos' | 'viewer';
}
