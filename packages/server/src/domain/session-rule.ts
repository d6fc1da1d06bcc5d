/** The fields of a store session and its account that decide whether it still signs a call in. */
export interface SessionFacts {
  account_id: number;
  revoked_at: string | null;
  disabled: number;
  removed: number;
}

/**
 * THE rule of a store session in force for the caller's UID: not revoked, its account neither
 * disabled nor removed, and the UID's own. The envelope's authenticate() and the money fast path
 * (money/fresh-session.ts) both ask it, so neither can accept a session the other refuses.
 */
export function sessionSignsIn(s: SessionFacts | undefined, uid: string | number): s is SessionFacts {
  return !!s && s.revoked_at === null && s.disabled !== 1 && s.removed !== 1 && String(s.account_id) === String(uid);
}
