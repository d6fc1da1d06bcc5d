import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setConsoleSession } from '../../../auth/console-session';
import { consoleMeReply } from '../../../test/console-me';
import { fakeServer } from '../../../test/fake-server';
import { renderRoutes } from '../../../test/render';
import ConsoleStoresPage from './ConsoleStoresPage';

// mantine-datatable shows a column while its media query matches; a column without one asks for ''.
const stubMatchMedia = window.matchMedia;
window.matchMedia = (query: string) => ({ ...stubMatchMedia(query), matches: query === '' });
Element.prototype.scrollTo ??= () => {};

const routes = [{ path: '/operator/stores', element: <ConsoleStoresPage /> }];

afterEach(() => sessionStorage.clear());

describe('the console stores screen', () => {
  it("leads an admin to the platform's accounts and settings (maintenance, thresholds, webhooks), and a distributor to neither", async () => {
    for (const role of ['admin', 'distributor'] as const) {
      setConsoleSession({ uid: 7, token: 'console-token', username: `${role}0001`, role });
      // The links follow the calls the role may make (/operator/me, from the contract's `who`), as the pages' guard does.
      fakeServer({ '/operator/stores': () => ({ status: 0, list: [] }), '/operator/me': () => consoleMeReply(role) });
      const { unmount } = await renderRoutes(routes, '/operator/stores');
      await screen.findByTestId(role === 'admin' ? 'console-new-store' : 'console-news-link');
      const links = ['console-accounts-link', 'console-platform-settings-link'].map((id) => screen.queryByTestId(id)?.getAttribute('href') ?? null);
      expect(links).toEqual(role === 'admin' ? ['/operator/accounts', '/operator/settings'] : [null, null]);
      if (role === 'admin') expect(screen.getByTestId('console-platform-settings-link').textContent).toBe('Platform settings');
      unmount();
    }
  });

  // The machines column's title is on two lines: 'Machines' over 'connected / enrolled'.
  it.each([
    [1366, ['Kiosk id', 'Store', 'State', 'Open shifts', 'Machinesconnected / enrolled', 'Credit left', 'Purchases today', 'Redeems today', 'Net today']],
    [1440, ['Kiosk id', 'Store', 'State', 'Open shifts', 'Machinesconnected / enrolled', 'Credit left', 'Purchases today', 'Redeems today', 'Net today', 'Distributor', 'Last activity']],
  ])('at %i px shows the columns that fit without cutting the table (the distributor and last activity from 1408 px)', async (width, titles) => {
    const em = (q: string) => /min-width:\s*([\d.]+)em/.exec(q);
    window.matchMedia = (query: string) => {
      const m = em(query);
      return { ...stubMatchMedia(query), matches: query === '' || (m !== null && Number(m[1]) * 16 <= width) };
    };
    try {
      setConsoleSession({ uid: 7, token: 'console-token', username: 'admin0001', role: 'admin' });
      fakeServer({ '/operator/stores': () => ({ status: 0, list: [] }) });
      const { unmount } = await renderRoutes(routes, '/operator/stores');
      await screen.findByText('Kiosk id', {}, { timeout: 5000 });
      const heads = [...document.querySelectorAll('thead th')].map((h) => h.textContent?.trim() ?? '');
      expect(heads).toEqual(titles);
      unmount();
    } finally {
      window.matchMedia = (query: string) => ({ ...stubMatchMedia(query), matches: query === '' });
    }
  });
});
