export type Role = 'boss' | 'cashier';

/**
 * Who calls before any session: an anonymous visitor at an address (the login pages, the public
 * drawer list). On the store side it names the kiosk whose page it is on. Its address is what the
 * sign-in rate limits count and the trail records.
 */
export interface Visitor {
  ip: string;
  kioskId?: number | undefined;
}

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
