// Live updates for signed-in web clients: a WebSocket at GET /API/live on the server's port,
// authenticated by the session cookies (`uid`, `token`). The server only says WHAT changed (ids);
// the screens then fetch the data through their ordinary calls, so the permission matrix and the
// store's isolation stay exactly those of the calls. Zod-free: the web imports it by subpath.

/** Path of the live WebSocket endpoint (under /API so proxies that forward the API forward it too). */
export const LIVE_PATH = '/API/live';

/** Close codes of the live socket (each close also carries a short reason). */
export const LiveClose = {
  /** The session is unknown, revoked (logged out, replaced by a new login), idle-expired or its account disabled: status 5's meaning. */
  SESSION_ENDED: 4005,
  /** The page that opened it is not of this server's origin. */
  FORBIDDEN_ORIGIN: 4003,
  /** The server is shutting down: reconnect (to another server). */
  SHUTTING_DOWN: 4007,
} as const;

/** Ids of what changed, or 'all' when a burst changed more than a message should carry. */
export type LiveIds = number[] | 'all';

export type LiveMessage =
  /** Sent once the session is accepted: from now on changes of this store are pushed. */
  | { type: 'hello'; kiosk_id: number }
  /**
   * Machines (row ids, as `/machine/list`'s `id`) whose status, customer or today's play moved, and
   * customers (ids) whose session, balances, history or gift log moved, by any channel.
   */
  | { type: 'changed'; machines: LiveIds; customers: LiveIds };

/**
 * The platform console's live socket (issue 22): GET /API/operator/live. The console keeps its session in
 * the tab, not in cookies, so its first message is `{"UID":…,"TOKEN":…}`; a console session that does
 * not pass is closed with SESSION_ENDED, and so is an open socket once its session ends (the account
 * disabled, removed or given a new password, on any server): the console then signs out. Then `alerts` is pushed whenever an alert is raised, cleared,
 * acknowledged or resolved on any server: the console refetches its count and list through its calls,
 * which apply the account's scope.
 */
export const CONSOLE_LIVE_PATH = '/API/operator/live';
/** `stores`: a store of the account's scope moved (frozen, credit, a shift, money): the stores screen refetches its list (at most once a second). */
export type ConsoleLiveMessage = { type: 'hello' } | { type: 'alerts' } | { type: 'stores' };
