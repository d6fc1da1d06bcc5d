import type { ConsoleAlert } from '@moneybox/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConsoleSession } from '../../../auth/console-session';
import { i18n, i18nReady } from '../../../i18n/i18n';
import { fakeServer } from '../../../test/fake-server';
import { renderRoutes } from '../../../test/render';
import ConsoleAlertsPage from './ConsoleAlertsPage';

const base = { kid: 7201, store: 'North', state: 'open', raised_at: '2026-12-03T15:00:00.000Z', cleared_at: null, acknowledged_at: null, acknowledged_by: null, resolved_at: null, resolved_by: null, note: '' } as const;
const movement = (id: number, kid: number, store: string, cents: number) => ({ id, kid, store, customer: 40 + kid, name: 'Ana Ruiz', kind: 'purchase', amount_cents: cents, at: `2026-12-03T1${id}:00:00.000Z` });
const structuring: ConsoleAlert = {
  ...base,
  id: 1,
  kind: 'structuring',
  subject: 'person:0123456789abcdef|day:2026-12-03',
  detail: { window: 'day:2026-12-03', by_document: true, count: 3, band_percent: 10, stores: [7201, 7202], movements: [movement(1, 7201, 'North', 950_00), movement(2, 7202, 'South', 905_00), movement(3, 7201, 'North', 1000_00)] },
};
const lowCredit: ConsoleAlert = { ...base, id: 2, kind: 'low_credit', subject: 'store:7201', detail: { credit_cents: 100, threshold_cents: 10_000 } };

beforeEach(() => {
  setConsoleSession({ uid: 7, token: 't', username: 'admin1', role: 'admin' });
  // The note's autosized textarea listens to the document's fonts, which jsdom has not.
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener: () => {}, removeEventListener: () => {} }, configurable: true });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('Console alerts: unusual activity', () => {
  it('lists the movements of a structuring alert, and acknowledging it asks for a note first (another kind is acknowledged at once)', async () => {
    const calls = fakeServer({ '/operator/alerts': () => ({ status: 0, list: [structuring, lowCredit] }) });
    await i18nReady;
    await renderRoutes([{ path: '/', element: <ConsoleAlertsPage /> }], '/');
    expect(await screen.findByText(/3 cash movements near the report threshold \(within 10% under it\) by one ID document, on the day 2026-12-03/, {}, { timeout: 5000 })).toBeInTheDocument();
    const lines = screen.getAllByTestId('console-alert-movements')[0]!.textContent ?? '';
    expect(lines).toContain('7202 South · Purchase #2 · Ana Ruiz (customer 7242)');

    const [ackStructuring, ackLow] = screen.getAllByTestId('console-alert-ack');
    fireEvent.click(ackLow!);
    await waitFor(() => expect(calls.filter((c) => c.path === '/operator/alertAcknowledge')).toHaveLength(1));
    expect(calls.find((c) => c.path === '/operator/alertAcknowledge')!.body).toMatchObject({ id: 2 });

    fireEvent.click(ackStructuring!);
    const confirm = await screen.findByTestId('console-alert-ack-confirm');
    expect(screen.getByText('What was looked at and found (required for this alert)')).toBeInTheDocument();
    expect(confirm).toBeDisabled();
    fireEvent.change(screen.getByTestId('console-alert-note'), { target: { value: '   ' } });
    expect(confirm).toBeDisabled();
    fireEvent.change(screen.getByTestId('console-alert-note'), { target: { value: 'ID checked with the store' } });
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.filter((c) => c.path === '/operator/alertAcknowledge')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/operator/alertAcknowledge')[1]!.body).toMatchObject({ id: 1, note: 'ID checked with the store' });
  });

  it.each([
    ['mx', /3 movimientos de efectivo cerca del umbral de reporte .* el día 2026-12-03/],
    ['zh_Hans', /同一身份证件在 2026-12-03 当天有 3 笔接近报告阈值/],
  ])('in %s, the alert is worded in the language', async (lang, text) => {
    fakeServer({ '/operator/alerts': () => ({ status: 0, list: [structuring] }) });
    await i18nReady;
    await i18n.changeLanguage(lang);
    await renderRoutes([{ path: '/', element: <ConsoleAlertsPage /> }], '/');
    expect(await screen.findByText(text, {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
