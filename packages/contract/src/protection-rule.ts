/**
 * THE movements a running self-exclusion or cool-off refuses (zod-free: the server's money rules and
 * the web's customer card both import it): buying credit on every channel and special comps. Payouts
 * (redeem) and reverts stay allowed, so a protected customer can always take their money out.
 */
export const REFUSED_WHILE_PROTECTED = ['purchase', 'special_comps'] as const;
export type RefusedWhileProtected = (typeof REFUSED_WHILE_PROTECTED)[number];

export function refusedWhileProtected(kind: string): kind is RefusedWhileProtected {
  return (REFUSED_WHILE_PROTECTED as readonly string[]).includes(kind);
}
