import { Status } from '@moneybox/contract/status';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
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

describe('a store refusal naming its reason', () => {
  it('shows the status\'s message and the reason\'s text in the user\'s language, never the server\'s English error', async () => {
    signIn('current');
    fakeServer({ '/user/disable': () => ({ status: Status.PERMISSION_ERROR, reason: 'last_boss', error: "The store's last boss cannot be removed, disabled or demoted" }) });
    await i18n.changeLanguage('mx');
    try {
      await expect(request('/user/disable', { id: 3, disable: true })).rejects.toBeInstanceOf(ApiError);
      await vi.waitFor(() => expect(shown).toHaveLength(1));
      expect(shown[0]).toBe('Error de permisos: la tienda no puede quedarse sin jefe: su último jefe no se puede eliminar, desactivar ni degradar');
    } finally {
      await i18n.changeLanguage('en');
    }
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
    // The catalogue's message in the user's language, never the server's English words.
    expect((err as ApiError).message).toBe('Input error');
    await new Promise((r) => setTimeout(r, 50));
    expect(shown).toEqual([]);
    expect(consoleSession()).not.toBeNull();
  });

  it('words an operator refusal in the user\'s language only, the server\'s English error left out', async () => {
    setConsoleSession({ uid: 9, token: 'console-token', username: 'admin0001', role: 'admin' });
    fakeServer({ '/operator/storeDistributor': () => ({ status: Status.INPUT_ERROR, error: 'the store is already bound to that distributor' }) });
    await i18n.changeLanguage('mx');
    try {
      const err = (await request('/operator/storeDistributor', { kid: 2102, distributor_id: 32 }).catch((e: unknown) => e)) as ApiError;
      expect(err.message).toBe('Error de entrada');
    } finally {
      await i18n.changeLanguage('en');
    }
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
