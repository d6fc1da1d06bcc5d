import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setConsoleSession } from '../../../auth/console-session';
import { fakeServer } from '../../../test/fake-server';
import { renderRoutes } from '../../../test/render';
import ConsoleLayout from './ConsoleLayout';

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('the console header', () => {
  it('keeps the alert entry for a phone: a bell beside the count, named by the count, leading to the Alerts screen', async () => {
    setConsoleSession({ uid: 7, token: 'console-token', username: 'dist0001', role: 'distributor' });
    fakeServer({ '/operator/alertCount': () => ({ status: 0, open: 3 }) });
    await renderRoutes([{ path: '/operator', element: <ConsoleLayout />, children: [{ path: 'stores', element: <p>stores</p> }] }], '/operator/stores');
    const entry = await screen.findByTestId('console-alert-count', {}, { timeout: 8000 });
    await within(entry).findByText('3');
    expect(entry).toHaveAttribute('aria-label', 'Alerts: 3 open');
    expect(entry).toHaveAttribute('title', 'Alerts: 3 open');
    expect(entry).toHaveAttribute('href', '/operator/alerts');
    // The bell is for the phone only (hidden from sm up), the word for wider screens (visible from sm).
    expect(within(entry).getByTestId('console-alert-bell').querySelector('svg')).not.toBeNull();
    expect(within(entry).getByTestId('console-alert-bell').className).toMatch(/mantine-hidden-from-sm/);
    expect(within(entry).getByText('Alerts').className).toMatch(/mantine-visible-from-sm/);
  });
});
