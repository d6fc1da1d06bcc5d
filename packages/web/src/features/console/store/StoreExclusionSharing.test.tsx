import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setConsoleSession } from '../../../auth/console-session';
import { fakeServer, type Body } from '../../../test/fake-server';
import { renderRoutes } from '../../../test/render';
import { StoreExclusionSharing } from './StoreExclusionSharing';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

/** The card on a store's page, as the store page places it: only the admin may switch. */
function renderCard(role: 'admin' | 'distributor' | 'support') {
  setConsoleSession({ uid: 7, token: 'console-token', username: `${role}0001`, role });
  return renderRoutes([{ path: '/operator/stores/:kid', element: <StoreExclusionSharing kid={2102} canEdit={role === 'admin'} /> }], '/operator/stores/2102');
}

describe("the console's shared self-exclusions card (issue 24)", () => {
  it("shows the operator's sharing state to every role and the switch to the admin only", async () => {
    for (const role of ['distributor', 'support'] as const) {
      fakeServer({ '/operator/exclusionSharing': () => ({ status: 0, owner: 'dist0001', stores: 3, on: true }) });
      const { unmount } = await renderCard(role);
      expect((await screen.findByTestId('console-store-exclusion-sharing-state')).textContent).toBe('Shared');
      expect(screen.getByTestId('console-store-exclusion-sharing-owner').textContent).toBe('Operator: dist0001 · its stores: 3');
      expect(screen.queryByTestId('console-store-exclusion-sharing-switch')).toBeNull();
      unmount();
    }
  });

  it('lets the admin switch sharing on, shows a refusal in the action alert and the new state once it is done', async () => {
    let on = false;
    let refuse = true;
    const calls = fakeServer({
      '/operator/exclusionSharing': () => ({ status: 0, owner: null, stores: 2, on }),
      '/operator/exclusionSharingSet': (b: Body) => {
        if (refuse) return { status: 21 };
        on = b.on === true;
        return { status: 0 };
      },
    });
    await renderCard('admin');
    expect((await screen.findByTestId('console-store-exclusion-sharing-state')).textContent).toBe('Not shared');
    expect(screen.getByTestId('console-store-exclusion-sharing-owner').textContent).toBe("Operator: the platform's own stores · stores: 2");
    const button = screen.getByTestId('console-store-exclusion-sharing-switch');
    expect(button.textContent).toBe('Share exclusions');

    await userEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toMatch(/permission/i);
    expect(screen.getByTestId('console-store-exclusion-sharing-state').textContent).toBe('Not shared');

    refuse = false;
    await userEvent.click(screen.getByTestId('console-store-exclusion-sharing-switch'));
    await waitFor(() => expect(screen.getByTestId('console-store-exclusion-sharing-state').textContent).toBe('Shared'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('console-store-exclusion-sharing-switch').textContent).toBe('Stop sharing');
    expect(calls.filter((c) => c.path === '/operator/exclusionSharingSet').map((c) => c.body)).toEqual([
      { UID: 7, TOKEN: 'console-token', kid: 2102, on: true },
      { UID: 7, TOKEN: 'console-token', kid: 2102, on: true },
    ]);
  });
});
