/**
 * Whose session a call takes (zod-free, for the web): a store account's, or a platform console
 * account's. The console's calls are posted at /API/operator/... (spec: the console's URL), every
 * other call is the store's; the registry (registry.ts) checks at compile time that its entries
 * agree, and its `audience` is what the server's envelope authenticates by.
 */
export type CallAudience = 'store' | 'console';
export const CALL_AUDIENCES: readonly CallAudience[] = ['store', 'console'];

export const CONSOLE_CALL_PREFIX = '/operator/';

export function audienceOfPath(path: string): CallAudience {
  return path.startsWith(CONSOLE_CALL_PREFIX) ? 'console' : 'store';
}
