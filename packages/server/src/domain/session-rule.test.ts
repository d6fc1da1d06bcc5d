import { describe, expect, it } from 'vitest';
import { provenFresh } from '../money/fresh-session.js';
import { sessionSignsIn } from './session-rule.js';

const active = { id: 1, store_id: 2, account_id: 7, mode: 'pos', last_seen_at: '2026-12-02T10:00:00.000Z', revoked_at: null, username: 'cashier01', sa_type: 3, disabled: 0, removed: 0 };

describe('the one rule of a store session in force', () => {
  it("signs in the UID's own active session, by number or text", () => {
    expect(sessionSignsIn(active, 7)).toBe(true);
    expect(sessionSignsIn(active, '7')).toBe(true);
  });

  it('refuses a revoked session, a disabled or removed account, another UID, no session', () => {
    expect(sessionSignsIn({ ...active, revoked_at: '2026-12-02T10:01:00.000Z' }, 7)).toBe(false);
    expect(sessionSignsIn({ ...active, disabled: 1 }, 7)).toBe(false);
    expect(sessionSignsIn({ ...active, removed: 1 }, 7)).toBe(false);
    expect(sessionSignsIn(active, 8)).toBe(false);
    expect(sessionSignsIn(undefined, 7)).toBe(false);
  });

  it('the money fast path accepts no session the rule refuses (and, on top, no viewer and no stale one)', () => {
    const fresh = '2026-12-02T09:59:00.000Z';
    for (const s of [{ ...active, revoked_at: 'x' }, { ...active, disabled: 1 }, { ...active, removed: 1 }]) expect(provenFresh(s, 7, fresh)).toBeUndefined();
    expect(provenFresh(active, 8, fresh)).toBeUndefined();
    expect(provenFresh({ ...active, mode: 'viewer' }, 7, fresh)).toBeUndefined();
    expect(provenFresh(active, 7, '2026-12-02T10:00:00.001Z')).toBeUndefined();
    expect(provenFresh(active, 7, fresh)).toEqual({ storeId: 2, accountId: 7 });
  });
});
