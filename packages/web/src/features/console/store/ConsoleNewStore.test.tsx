import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setConsoleSession } from '../../../auth/console-session';
import { fakeServer, type Body } from '../../../test/fake-server';
import { renderRoutes } from '../../../test/render';
import ConsoleNewStorePage from './ConsoleNewStorePage';
import { changedPlace } from './StorePlace';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('a new store', () => {
  it('is bound to the distributor chosen on the form', async () => {
    setConsoleSession({ uid: 7, token: 'console-token', username: 'admin0001', role: 'admin' });
    const calls = fakeServer({
      '/operator/distributors': () => ({ status: 0, list: [{ id: 31, username: 'north', parent: null, parent_id: null, credit: 0, stores: [] }] }),
      '/operator/storeCreate': (b: Body) => ({ status: 0, kid: b.kid }),
    });
    await renderRoutes([{ path: '/', element: <ConsoleNewStorePage /> }, { path: '/operator/stores/:kid', element: <p>store page</p> }], '/');
    await screen.findByRole('option', { name: 'north' });
    await userEvent.selectOptions(screen.getByTestId('console-new-distributor'), '31');
    await userEvent.clear(screen.getByTestId('console-new-kid'));
    await userEvent.type(screen.getByTestId('console-new-kid'), '3101');
    await userEvent.type(screen.getByTestId('console-new-name'), 'North Arcade');
    await userEvent.click(screen.getByTestId('console-new-submit'));
    await screen.findByText('store page');
    expect(calls.find((c) => c.path === '/operator/storeCreate')?.body).toMatchObject({ kid: 3101, name: 'North Arcade', distributor_id: 31 });
  });
});

describe("a store's name and address", () => {
  it('sends only the fields that changed, trimmed', () => {
    const store = { name: 'Demo', address: '1 Main', city: 'Austin', state: 'TX', zip: '78701', phone: '' };
    expect(changedPlace(store, { ...store })).toEqual({});
    expect(changedPlace(store, { ...store, name: ' Demo Arcade ', phone: '555' })).toEqual({ name: 'Demo Arcade', phone: '555' });
  });
});
