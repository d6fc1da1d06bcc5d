import { Status } from '@moneybox/contract/status';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from './call';
import { CONSOLE_LOGIN, clearConsoleSession, consoleSession, setConsoleSession } from '../auth/console-session';
import { callTestHooks, fakeServer, heldReply, signIn, signOut } from '../test/fake-server';
import { shown } from '../test/message-box';

vi.mock('../components/message', () => import('../test/message-box'));
const navigated: string[] = [];
vi.mock('../app/navigation', () => ({ navigateTo: (to: string) => navigated.push(to) }));
afterEach(() => {
  navigated.length = 0;
  clearConsoleSession();
});

// Every cookie is cleared after each test (test/setup.ts).
callTestHooks(shown);

describe('a refusal about a session the tab has left', () => {
  it('shows nothing when the tab logged out while the call was on its way (a poll in flight during logout)', async () => {
    signIn('old');
    const release = heldReply({ status: Status.SESSION_REPLACED });
    const reply = request('/config/announce', {});
    signOut();
    release();
    await expect(reply).rejects.toBeInstanceOf(ApiError);
    await new Promise((r) => setTimeout(r, 50));
    expect(shown).toEqual([]);
  });

  it('tells the user when the call names its session (the login page choosing a drawer before the cookies are set)', async () => {
    heldReply({ status: Status.DRAWER_FROZEN })();
    await expect(request('/user/chooseDrawer', { moneybox: 2 } as never, { session: { uid: '7', token: 'new' } })).rejects.toBeInstanceOf(ApiError);
    await vi.waitFor(() => expect(shown.length).toBe(1));
  });

  it('still tells the user when the session the call was made with is the current one', async () => {
    signIn('current');
    heldReply({ status: Status.SESSION_REPLACED })();
    await expect(request('/config/announce', {})).rejects.toBeInstanceOf(ApiError);
    await vi.waitFor(() => expect(shown.length).toBe(1));
  });
});

describe('one client for every audience: a console call', () => {
  it('carries the console session, not the store cookies, and its refusal is the page’s (no message box), with its reason', async () => {
    signIn('store-token');
    setConsoleSession({ uid: 9, token: 'console-token', username: 'admin0001', role: 'admin' });
    const calls = fakeServer({ '/operator/webhookAdd': () => ({ status: Status.INPUT_ERROR, error: 'url: refused', reason: 'webhook_address' }) });
    const err = await request('/operator/webhookAdd', { url: 'http://10.0.0.1/' }).catch((e: unknown) => e);
    expect(calls[0]!.body).toMatchObject({ UID: 9, TOKEN: 'console-token', url: 'http://10.0.0.1/' });
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).reason).toBe('webhook_address');
    expect((err as ApiError).message).toMatch(/: url: refused$/);
    await new Promise((r) => setTimeout(r, 50));
    expect(shown).toEqual([]);
    expect(consoleSession()).not.toBeNull();
  });

  it('a 5 ends the console session and returns to /operator, leaving the store’s session and showing no box', async () => {
    signIn('store-token');
    setConsoleSession({ uid: 9, token: 'console-token', username: 'admin0001', role: 'admin' });
    fakeServer({}, { status: Status.SESSION_REPLACED });
    await expect(request('/operator/me', {})).rejects.toBeInstanceOf(ApiError);
    expect(consoleSession()).toBeNull();
    expect(navigated).toEqual([CONSOLE_LOGIN]);
    expect(document.cookie).toContain('token=store-token');
    await new Promise((r) => setTimeout(r, 50));
    expect(shown).toEqual([]);
  });

  it('a store call still carries the cookies’ session, never the console’s', async () => {
    signIn('store-token');
    setConsoleSession({ uid: 9, token: 'console-token', username: 'admin0001', role: 'admin' });
    const calls = fakeServer({});
    await request('/config/announce', {});
    expect(calls[0]!.body).toMatchObject({ UID: 7, TOKEN: 'store-token' });
  });
});
