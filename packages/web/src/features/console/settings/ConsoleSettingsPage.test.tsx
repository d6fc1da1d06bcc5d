import { Status, UNUSUAL_ACTIVITY_DEFAULTS, WEBHOOK_ERRORS, WEBHOOK_REFUSAL_REASON } from '@moneybox/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConsoleSession } from '../../../auth/console-session';
import { i18n, i18nReady } from '../../../i18n/i18n';
import { fakeServer } from '../../../test/fake-server';
import { renderRoutes } from '../../../test/render';
import ConsoleSettingsPage from './ConsoleSettingsPage';

const hook = (id: number, last_error: string) => ({ id, url: `https://hooks.example.com/${id}`, created_at: '2026-11-01T00:00:00.000Z', created_by: 'admin1', pending: 1, delivered: 0, last_error });

beforeEach(() => setConsoleSession({ uid: 7, token: 't', username: 'admin1', role: 'admin' }));
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('Console settings: webhooks', () => {
  it("says each delivery error of the server's catalogue in the user's language, never the server's words", async () => {
    fakeServer({
      '/operator/thresholds': () => ({ status: 0, set: {}, effective: {} }),
      '/operator/webhooks': () => ({ status: 0, list: [hook(1, WEBHOOK_ERRORS.failed), hook(2, WEBHOOK_ERRORS.refused), hook(3, '')] }),
      '/operator/maintenance': () => ({ status: 0, on: false, msg: '' }),
      '/operator/unusualActivity': () => ({ status: 0, ...UNUSUAL_ACTIVITY_DEFAULTS }),
    });
    await i18nReady;
    await i18n.changeLanguage('mx');
    await renderRoutes([{ path: '/', element: <ConsoleSettingsPage /> }], '/');
    expect(await screen.findByText('Aún no entregado; se volverá a enviar más tarde', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('No enviado: esta dirección no está permitida')).toBeInTheDocument();
    expect(screen.queryByText(WEBHOOK_ERRORS.failed)).toBeNull();
    expect(screen.queryByText(WEBHOOK_ERRORS.refused)).toBeNull();
  });

  it.each([
    ['mx', 'No permitido: solo las direcciones públicas con https pueden recibir webhooks'],
    ['zh_Hans', '不允许：只有使用 https 的公网地址才能接收 Webhook'],
  ])('in %s, a refused address says why under the URL field, never in the server\'s words', async (lang, why) => {
    fakeServer({
      '/operator/thresholds': () => ({ status: 0, set: {}, effective: {} }),
      '/operator/webhooks': () => ({ status: 0, list: [] }),
      '/operator/maintenance': () => ({ status: 0, on: false, msg: '' }),
      '/operator/unusualActivity': () => ({ status: 0, ...UNUSUAL_ACTIVITY_DEFAULTS }),
      '/operator/webhookAdd': () => ({ status: Status.INPUT_ERROR, error: WEBHOOK_ERRORS.refused, reason: WEBHOOK_REFUSAL_REASON }),
    });
    await i18nReady;
    await i18n.changeLanguage(lang);
    await renderRoutes([{ path: '/', element: <ConsoleSettingsPage /> }], '/');
    const field = await screen.findByTestId('console-webhook-url', {}, { timeout: 5000 });
    fireEvent.change(field, { target: { value: 'http://127.0.0.1:9/x' } });
    fireEvent.click(screen.getByTestId('console-webhook-add'));
    // The field's own error (what a screen reader reads with it), so it shows beside the form on a phone.
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'), { timeout: 5000 });
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
    expect(described.join(' ')).toContain(why);
    expect(document.body.textContent).not.toContain(WEBHOOK_ERRORS.refused);
  });
});

describe('Console settings: unusual activity', () => {
  it('shows the rules off at their defaults and saves what the admin switched on, the week window and the shares', async () => {
    const calls = fakeServer({
      '/operator/thresholds': () => ({ status: 0, set: {}, effective: {} }),
      '/operator/webhooks': () => ({ status: 0, list: [] }),
      '/operator/maintenance': () => ({ status: 0, on: false, msg: '' }),
      '/operator/unusualActivity': () => ({ status: 0, ...UNUSUAL_ACTIVITY_DEFAULTS }),
    });
    await i18nReady;
    await renderRoutes([{ path: '/', element: <ConsoleSettingsPage /> }], '/');
    const structuring = await screen.findByTestId('console-unusual-structuring', {}, { timeout: 5000 });
    await waitFor(() => expect(screen.getByTestId('console-unusual-save')).toBeEnabled());
    expect(structuring).not.toBeChecked();
    expect(screen.getByTestId('console-unusual-structuring_count')).toHaveValue('3');
    fireEvent.click(structuring);
    fireEvent.click(screen.getByText('Week'));
    fireEvent.change(screen.getByTestId('console-unusual-little_play_play'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('console-unusual-save'));
    await waitFor(() => expect(calls.some((c) => c.path === '/operator/unusualActivitySet')).toBe(true));
    expect(calls.find((c) => c.path === '/operator/unusualActivitySet')!.body).toMatchObject({ structuring_on: true, structuring_count: 3, structuring_band: 10, structuring_window: 'week', little_play_on: false, little_play_redeem: 90, little_play_play: 20 });
  });
});
