import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setConsoleSession } from '../../../auth/console-session';
import { fakeServer } from '../../../test/fake-server';
import { renderRoutes } from '../../../test/render';
import { StoreCashThresholds } from './StoreCashThresholds';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function renderCard(role: 'admin' | 'support') {
  setConsoleSession({ uid: 7, token: 'console-token', username: `${role}0001`, role });
  return renderRoutes([{ path: '/operator/stores/:kid', element: <StoreCashThresholds kid={2102} canEdit={role === 'admin'} /> }], '/operator/stores/2102');
}

describe("the console's cash transaction log thresholds card (issue 40)", () => {
  it('shows the thresholds read-only to a role that may not set them', async () => {
    fakeServer({ '/operator/cashThresholds': () => ({ status: 0, cash_log_cents: 0, cash_report_cents: 1_000_000 }) });
    await renderCard('support');
    expect((await screen.findByTestId('console-cash-log-value')).textContent).toBe('Log threshold: Off');
    expect(screen.getByTestId('console-cash-report-value').textContent).toBe('Report threshold: $10,000.00');
    expect(screen.queryByTestId('console-cash-thresholds-save')).toBeNull();
  });

  it('lets the admin fill in the US example and save it for the store, in cents', async () => {
    const calls = fakeServer({ '/operator/cashThresholds': () => ({ status: 0, cash_log_cents: 0, cash_report_cents: 0 }), '/operator/cashThresholdsSet': () => ({ status: 0 }) });
    await renderCard('admin');
    await userEvent.click(await screen.findByTestId('console-cash-us-example'));
    await userEvent.click(screen.getByTestId('console-cash-thresholds-save'));
    await waitFor(() => expect(calls.some((c) => c.path === '/operator/cashThresholdsSet')).toBe(true));
    expect(calls.find((c) => c.path === '/operator/cashThresholdsSet')!.body).toEqual({ UID: 7, TOKEN: 'console-token', kids: [2102], cash_log_cents: 300_000, cash_report_cents: 1_000_000 });
  });

  it('names the field when the server refuses a log threshold above the report one', async () => {
    fakeServer({
      '/operator/cashThresholds': () => ({ status: 0, cash_log_cents: 0, cash_report_cents: 0 }),
      '/operator/cashThresholdsSet': () => ({ status: 13, field: 'cash_log_cents', issue: 'custom', error: 'the log threshold must not be above the report threshold' }),
    });
    await renderCard('admin');
    await userEvent.type(await screen.findByTestId('console-cash-log-input'), '5000');
    await userEvent.click(screen.getByTestId('console-cash-thresholds-save'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Log threshold/);
  });
});

