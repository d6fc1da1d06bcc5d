import { CONSOLE_LIVE_PATH, LiveClose, Status, type ConsoleLiveMessage } from '@moneybox/contract';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { consoleAccount, type ConsoleSession } from '../testing/console-kit.js';
import { describeOnDatabases, useSecondServer, useTestServer } from '../testing/server.js';

/** A signed-in console live socket (its hello heard) and the close code it ends with, if it ends. */
async function openLive(url: string, c: ConsoleSession) {
  const socket = new WebSocket(`${url.replace('http', 'ws')}${CONSOLE_LIVE_PATH}`);
  let code: number | undefined;
  const closed = new Promise<number>((resolve) => socket.once('close', (c: number) => resolve((code = c))));
  const hello = new Promise<void>((resolve) => socket.on('message', (d: Buffer) => (JSON.parse(d.toString()) as ConsoleLiveMessage).type === 'hello' && resolve()));
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ UID: c.UID, TOKEN: c.TOKEN }));
  await capped(hello, 'hello');
  return { closed: () => capped(closed, 'close'), code: () => code, close: () => socket.close() };
}

/** Waits for what the socket does, capped against a hang (no timing asserted). */
function capped<T>(p: Promise<T>, what: string, ms = 5_000): Promise<T> {
  let t: NodeJS.Timeout | undefined;
  return Promise.race([p, new Promise<T>((_, reject) => (t = setTimeout(() => reject(new Error(`${what} not heard in time`)), ms)))]).finally(() => clearTimeout(t));
}

/** A platform account's console live socket ends with its sessions (issue 37 item 4), not at its next reconnect. */
describeOnDatabases('console live socket of an account taken out', (s) => {
  const as = (c: ConsoleSession) => ({ UID: c.UID, TOKEN: c.TOKEN });

  it("closes a disabled account's socket at once with the session-ended code; another account's socket stays open", async () => {
    const admin = await consoleAccount(s, 'admin');
    const victim = await consoleAccount(s, 'distributor');
    const bystander = await consoleAccount(s, 'distributor');
    const gone = await openLive(s.url, victim);
    const stays = await openLive(s.url, bystander);
    expect(await s.call('/operator/accountDisable', { ...as(admin), id: victim.UID, disable: true })).toEqual({ status: Status.OK });
    expect(await gone.closed()).toBe(LiveClose.SESSION_ENDED);
    // The bystander's socket heard the same bus event and is still signed in: it answers a new check.
    expect(stays.code()).toBeUndefined();
    expect((await s.call('/operator/me', as(bystander))).status).toBe(Status.OK);
    stays.close();
  });

  it("closes a removed account's socket, and the other sessions' sockets of an account given a new password", async () => {
    const admin = await consoleAccount(s, 'admin');
    const removed = await consoleAccount(s, 'support');
    const renewed = await consoleAccount(s, 'distributor');
    const a = await openLive(s.url, removed);
    const b = await openLive(s.url, renewed);
    expect(await s.call('/operator/accountRemove', { ...as(admin), id: removed.UID })).toEqual({ status: Status.OK });
    expect(await a.closed()).toBe(LiveClose.SESSION_ENDED);
    expect((await s.call('/operator/accountPassword', { ...as(admin), id: renewed.UID, password: 'renewed987' })).status).toBe(Status.OK);
    expect(await b.closed()).toBe(LiveClose.SESSION_ENDED);
  });
});

describe('console live socket of a disabled account on another server (postgres)', () => {
  const s = useTestServer('postgres');
  const b = useSecondServer(s);

  it('closes the socket on server B when server A disables the account', async () => {
    const admin = await consoleAccount(s, 'admin');
    const victim = await consoleAccount(s, 'distributor');
    const live = await openLive(b.url, victim);
    expect(await s.call('/operator/accountDisable', { UID: admin.UID, TOKEN: admin.TOKEN, id: victim.UID, disable: true })).toEqual({ status: Status.OK });
    expect(await live.closed()).toBe(LiveClose.SESSION_ENDED);
  });
});
