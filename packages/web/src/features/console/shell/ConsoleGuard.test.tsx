import type { ConsoleRole } from '@moneybox/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/router';
import { setConsoleSession } from '../../../auth/console-session';
import { i18n } from '../../../i18n/i18n';
import { consoleMeReply } from '../../../test/console-me';
import { fakeServer } from '../../../test/fake-server';
import { renderRoutes } from '../../../test/render';

/** The console's reads with nothing in them, and /operator/me as the server answers it for the role. */
function consoleOf(role: ConsoleRole) {
  setConsoleSession({ uid: 7, token: 'console-token', username: `${role}0001`, role });
  return fakeServer({
    '/operator/me': () => consoleMeReply(role),
    '/operator/alertCount': () => ({ status: 0, open: 0 }),
    '/operator/stores': () => ({ status: 0, list: [] }),
    '/operator/thresholds': () => ({ status: 0, set: {}, effective: {} }),
    '/operator/webhooks': () => ({ status: 0, list: [] }),
    '/operator/maintenance': () => ({ status: 0, on: false, msg: '' }),
    '/operator/accounts': () => ({ status: 0, list: [] }),
    '/operator/distributors': () => ({ status: 0, list: [] }),
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  await i18n.changeLanguage('en');
});

describe("the console's pages a role may not use (issue 37)", () => {
  it.each([
    ['en', 'Not for your role'],
    ['mx', 'No es para tu rol'],
    ['zh_Hans', '您的角色无权使用此页'],
  ])('in %s, a distributor opening /operator/settings or /operator/stores/new by URL reads "not for your role", with no form to fill', async (lang, title) => {
    await i18n.changeLanguage(lang);
    for (const path of ['/operator/settings', '/operator/stores/new', '/operator/accounts']) {
      const calls = consoleOf('distributor');
      const { unmount } = await renderRoutes(routes, path);
      expect((await screen.findByTestId('console-not-for-role', {}, { timeout: 5000 })).textContent).toContain(title);
      expect(document.querySelectorAll('main input, main textarea, main form')).toHaveLength(0);
      // The admin's reads are never asked for: the page is not drawn at all.
      expect(calls.map((c) => c.path).filter((p) => ['/operator/webhooks', '/operator/maintenance', '/operator/accounts'].includes(p))).toEqual([]);
      unmount();
    }
  });

  it('an admin gets the forms, a support account neither', async () => {
    consoleOf('admin');
    const admin = await renderRoutes(routes, '/operator/stores/new');
    expect(await screen.findByTestId('console-new-submit', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('console-not-for-role')).toBeNull();
    admin.unmount();
    consoleOf('admin');
    const settings = await renderRoutes(routes, '/operator/settings');
    expect(await screen.findByTestId('console-thresholds-save', {}, { timeout: 5000 })).toBeInTheDocument();
    settings.unmount();
    consoleOf('support');
    const support = await renderRoutes(routes, '/operator/settings');
    await screen.findByTestId('console-not-for-role', {}, { timeout: 5000 });
    await waitFor(() => expect(screen.queryByTestId('console-thresholds-save')).toBeNull());
    support.unmount();
  });
});
