import { Status } from '@moneybox/contract';
import { expect, it } from 'vitest';
import { isoAgo } from '../../../clock.js';
import { describeOnDatabases, type Session } from '../../../testing/server.js';
import { balances, newCustomer, openCounter } from '../../../testing/customer-kit.js';

/**
 * The money calls check the session inside their own statement on PostgreSQL (call.ts withSession)
 * and fall back to the ordinary authenticate() path for anything but a plainly valid, recently
 * seen session. These cases must answer exactly as every other call does, on both databases.
 */
describeOnDatabases('session checks of the money calls', (s) => {
  let counter: Session;

  const sessionRow = (token: Session) =>
    s.handle.db.selectFrom('session').select(['last_seen_at', 'revoked_at']).where('account_id', '=', token.UID).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const lastSeen = (token: Session, at: string) => s.handle.db.updateTable('session').set({ last_seen_at: at }).where('account_id', '=', token.UID).where('revoked_at', 'is', null).execute();

  it('a session seen minutes ago still purchases, and the call marks it seen', async () => {
    counter = await openCounter(s, 1000);
    const c = await newCustomer(s, counter);
    await lastSeen(counter, isoAgo(5 * 60_000));
    const r = await s.call('/customer/purchase', { ...counter, id: c.id, amount: 10, key: await s.key() });
    expect(r.status).toBe(Status.OK);
    expect((await sessionRow(counter)).last_seen_at > isoAgo(60_000)).toBe(true);
    expect(await balances(s, c.id)).toEqual({ entries: 10_00, winnings: 0 });
  });

  it('an idle-expired session answers 5, is revoked, and its key stays unused', async () => {
    const idle = await openCounter(s, 1000);
    const c = await newCustomer(s, idle);
    await lastSeen(idle, isoAgo(s.settings.sessionIdleMs + 60_000));
    const key = await s.key();
    expect((await s.call('/customer/purchase', { ...idle, id: c.id, amount: 10, key })).status).toBe(Status.SESSION_REPLACED);
    expect((await sessionRow(idle)).revoked_at).not.toBeNull();
    // The key was not used by the refused call: another cashier can still use it.
    const other = await openCounter(s, 1000);
    expect((await s.call('/customer/purchase', { ...other, id: c.id, amount: 10, key })).status).toBe(Status.OK);
  });

  it('answers 5 for an unknown token, a token with another UID, or no token, and 5 before 13', async () => {
    const first = await openCounter(s, 1000);
    const c = await newCustomer(s, first);
    const wrongUid = { UID: first.UID + 1000, TOKEN: first.TOKEN };
    for (const who of [wrongUid, { UID: first.UID, TOKEN: 'x'.repeat(43) }, { UID: first.UID }, { UID: String(first.UID), TOKEN: first.TOKEN }]) {
      const r = await s.call('/customer/purchase', { ...who, id: c.id, amount: 10, key: await s.key() });
      // A UID sent as a string still names the same account, as for every call.
      expect(r.status, JSON.stringify(who)).toBe(typeof who.UID === 'string' ? 0 : 5);
    }
    expect((await s.call('/customer/purchase', { ...wrongUid, id: c.id, amount: 'abc', key: await s.key() })).status).toBe(Status.SESSION_REPLACED);
    expect((await s.call('/customer/purchase', { ...first, id: c.id, amount: 'abc', key: await s.key() })).status).toBe(Status.INPUT_ERROR);
    expect(await balances(s, c.id)).toEqual({ entries: 10_00, winnings: 0 });
  });
}, { verifyEach: true });
