import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlatformAccount } from '@moneybox/contract';
import { setConsoleSession } from '../../../auth/console-session';
import { fakeServer, type Body } from '../../../test/fake-server';
import { renderRoutes } from '../../../test/render';
import ConsoleAccountsPage from './ConsoleAccountsPage';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function account(id: number, username: string, over: Partial<PlatformAccount> = {}): PlatformAccount {
  return { id, username, role: 'distributor', parent: null, stores: [], locked: false, disabled: false, enrolled: true, createTime: '2026-01-01T00:00:00.000Z', lastLogin: null, ...over };
}

describe('offboarding platform accounts', () => {
  it("disables an account after a confirmation that says its sessions end, never offers it on one's own row, and sets a typed password", async () => {
    setConsoleSession({ uid: 7, token: 'console-token', username: 'admin0001', role: 'admin' });
    const disabled = new Set<number>();
    const calls = fakeServer({
      '/operator/accounts': () => ({ status: 0, list: [account(7, 'admin0001', { role: 'admin' }), account(31, 'north', { disabled: disabled.has(31) })] }),
      '/operator/accountDisable': (b: Body) => {
        if (b.disable) disabled.add(b.id as number);
        return { status: 0 };
      },
      '/operator/accountPassword': (b: Body) => (b.password === 'short' ? { status: 44 } : { status: 0 }),
    });
    const sent = (path: string) => calls.filter((c) => c.path === path).map((c) => c.body);
    await renderRoutes([{ path: '/', element: <ConsoleAccountsPage /> }], '/');
    await screen.findByTestId('console-account-disable-north');
    expect(screen.queryByTestId('console-account-disable-admin0001')).toBeNull();
    expect(screen.queryByTestId('console-account-remove-admin0001')).toBeNull();

    await userEvent.click(screen.getByTestId('console-account-disable-north'));
    expect((await screen.findByTestId('console-confirm')).textContent).toBe('north will be signed out of the console at once and cannot sign in until enabled again.');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sent('/operator/accountDisable')).toEqual([{ UID: 7, TOKEN: 'console-token', id: 31, disable: true }]));
    expect(await screen.findByTestId('console-account-disabled-north')).toBeInTheDocument();
    expect(screen.getByTestId('console-account-disable-north').textContent).toBe('Enable');

    await userEvent.click(screen.getByTestId('console-account-new-password-north'));
    await userEvent.type(await screen.findByTestId('console-account-password-dialog-input'), 'short');
    await userEvent.click(screen.getByTestId('console-account-password-dialog-save'));
    expect((await screen.findByRole('alert')).textContent).toBe('Password must be 6-20 characters');
    await userEvent.clear(screen.getByTestId('console-account-password-dialog-input'));
    await userEvent.type(screen.getByTestId('console-account-password-dialog-input'), 'fresh2026');
    await userEvent.click(screen.getByTestId('console-account-password-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('console-account-password-dialog')).toBeNull());
    expect(sent('/operator/accountPassword').map((b) => b.password)).toEqual(['short', 'fresh2026']);
  });
});
