import { Status } from '@moneybox/contract/status';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, request } from './call';
import { callTestHooks, heldReply, signIn, signOut } from '../test/fake-server';
import { shown } from '../test/message-box';

vi.mock('../components/message', () => import('../test/message-box'));

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
