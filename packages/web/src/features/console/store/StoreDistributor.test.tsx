import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setConsoleSession } from '../../../auth/console-session';
import { fakeServer, type Body } from '../../../test/fake-server';
import { renderRoutes } from '../../../test/render';
import { StoreDistributor } from './StoreDistributor';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

/** The card as the store page places it for the admin. */
function renderCard() {
  setConsoleSession({ uid: 7, token: 'console-token', username: 'admin0001', role: 'admin' });
  return renderRoutes([{ path: '/operator/stores/:kid', element: <StoreDistributor kid={2102} name="Elsewhere" credit={1250} /> }], '/operator/stores/2102');
}

describe("the console's store distributor card", () => {
  it('moves the store to the chosen distributor after the confirmation, shows a refusal, and sends nothing when cancelled', async () => {
    const bindings = new Map<number, number[]>([
      [31, [2102]],
      [32, []],
    ]);
    let refuse = true;
    const calls = fakeServer({
      '/operator/distributors': () => ({
        status: 0,
        list: [
          { id: 31, username: 'north', parent: null, parent_id: null, credit: 0, stores: bindings.get(31) },
          { id: 32, username: 'south', parent: null, parent_id: null, credit: 0, stores: bindings.get(32) },
        ],
      }),
      '/operator/storeDistributor': (b: Body) => {
        if (refuse) return { status: 13, error: 'the store is already bound to that distributor' };
        for (const [id, stores] of bindings) bindings.set(id, id === b.distributor_id ? [2102] : stores.filter((k) => k !== 2102));
        return { status: 0 };
      },
    });
    const moves = () => calls.filter((c) => c.path === '/operator/storeDistributor').map((c) => c.body);
    await renderCard();
    expect((await screen.findByTestId('console-store-distributor-current')).textContent).toBe('Now: north');
    const save = screen.getByTestId('console-store-distributor-save');
    expect(save).toBeDisabled();

    await userEvent.selectOptions(screen.getByTestId('console-store-distributor-select'), '32');
    await userEvent.click(save);
    // The confirmation says what will happen: from, to, the credit the store keeps, who sees it after.
    expect((await screen.findByTestId('console-confirm')).textContent).toBe(
      'Move Elsewhere (2102) from north to south.' + 'Its credit stays with it: $1,250.00 before and after the move.' + 'north no longer sees the store; from now on its credit comes from and goes back to south only.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(moves()).toEqual([]);

    await userEvent.click(save);
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    // The catalogue's message in the user's language; the server's English words are not shown.
    expect((await screen.findByRole('alert')).textContent).toBe('Input error');
    expect(screen.getByTestId('console-store-distributor-current').textContent).toBe('Now: north');

    refuse = false;
    await userEvent.click(save);
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByTestId('console-store-distributor-current').textContent).toBe('Now: south'));
    expect(screen.getByTestId('console-store-distributor-save')).toBeDisabled();

    await userEvent.selectOptions(screen.getByTestId('console-store-distributor-select'), '');
    await userEvent.click(screen.getByTestId('console-store-distributor-save'));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByTestId('console-store-distributor-current').textContent).toBe("Now: The operator's own stores"));
    expect(moves()).toEqual([
      { UID: 7, TOKEN: 'console-token', kid: 2102, distributor_id: 32 },
      { UID: 7, TOKEN: 'console-token', kid: 2102, distributor_id: 32 },
      { UID: 7, TOKEN: 'console-token', kid: 2102, distributor_id: null },
    ]);
  });
});
