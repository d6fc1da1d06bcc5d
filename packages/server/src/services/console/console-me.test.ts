import { CONSOLE_CALLS, Status, type ConsoleRole } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { consoleAccount, type ConsoleSession } from '../../testing/console-kit.js';
import { describeOnDatabases } from '../../testing/server.js';

/**
 * `/operator/me` lists the calls the account's role may make, from the contract's CONSOLE_CALLS `who`
 * (the matrix the envelope enforces), so the web guards its pages by that one rule (issue 37); a store
 * out of the caller's scope is refused naming the kiosk id it asked for.
 */
describeOnDatabases("the console's account and its calls", (s) => {
  const sessions = new Map<ConsoleRole, ConsoleSession>();
  const as = (c: ConsoleSession) => ({ UID: c.UID, TOKEN: c.TOKEN });

  beforeAll(async () => {
    sessions.set('admin', await consoleAccount(s, 'admin'));
    sessions.set('distributor', await consoleAccount(s, 'distributor', { stores: [1001] }));
    sessions.set('support', await consoleAccount(s, 'support'));
  });

  it.each(['admin', 'distributor', 'support'] as const)('lists for %s exactly the calls the matrix lets it make, each answering past the matrix', async (role) => {
    const me = await s.call('/operator/me', as(sessions.get(role)!));
    expect(me).toMatchObject({ status: Status.OK, role });
    const expected = Object.entries(CONSOLE_CALLS).filter(([, spec]) => spec.who[role]).map(([p]) => p);
    expect([...(me.calls as string[])].sort()).toEqual([...expected].sort());
    // A call it is not listed is refused by the matrix (21), whatever the input.
    for (const path of Object.keys(CONSOLE_CALLS).filter((p) => !(me.calls as string[]).includes(p))) {
      expect((await s.call(path, as(sessions.get(role)!))).status, path).toBe(Status.PERMISSION_ERROR);
    }
  });

  it('a distributor is listed no admin page call: new store, accounts, platform settings', async () => {
    const calls = (await s.call('/operator/me', as(sessions.get('distributor')!))).calls as string[];
    for (const p of ['/operator/storeCreate', '/operator/accounts', '/operator/webhooks', '/operator/thresholdsSet']) expect(calls).not.toContain(p);
    expect(calls).toContain('/operator/newsPublish');
  });

  it("refuses a store beyond the caller's scope naming the kiosk id asked for (and a store that does not exist alike)", async () => {
    const dist = as(sessions.get('distributor')!);
    expect(await s.call('/operator/store', { ...dist, kid: 2002 })).toEqual({ status: Status.PERMISSION_ERROR, kids: [2002], error: 'Permission error' });
    expect(await s.call('/operator/store', { ...dist, kid: 987_654 })).toEqual({ status: Status.PERMISSION_ERROR, kids: [987_654], error: 'Permission error' });
    expect((await s.call('/operator/store', { ...dist, kid: 1001 })).status).toBe(Status.OK);
  });
});
