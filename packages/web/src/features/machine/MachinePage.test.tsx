import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderRoutes } from '../../test/render';
import MachinePage from './MachinePage';

const playing = {
  id: 8,
  machine_id: 107,
  kind: 'game',
  status: 'playing',
  customer: { id: 6, mobile_id: '123456789', name: 'Rita Reels' },
  lastSeen: '2026-01-15T14:00:00.000Z',
  enrolledAt: '2026-01-15T13:00:00.000Z',
  today: { played: 3, won: 1.5 },
  meters: { played: 300, won: 150, games: 3 },
  ledger: { played: 300, won: 100, games: 3 },
  metersMatch: false,
  meterResets: 0,
  lastMeterReset: null,
};

/** The server as the page sees it: each /API path answers from `replies`; every call is recorded. */
function fakeServer(replies: Record<string, (body: Record<string, unknown>) => object>) {
  const calls: Array<{ path: string; body: Record<string, unknown> }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url).replace(/^.*\/API/, '');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ path, body });
      const reply = replies[path]?.(body) ?? { status: 0, diff: 0 };
      return new Response(JSON.stringify(reply), { status: 200 });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('Machine page', () => {
  it('says a machine whose meters were reset, how often and when last; its meters agree across the reset', async () => {
    const reset = { ...playing, meters: { played: 300, won: 100, games: 3 }, metersMatch: true, meterResets: 2, lastMeterReset: '2026-01-15T13:30:00.000Z' };
    fakeServer({ '/machine/list': () => ({ status: 0, list: [reset], max_machines: 20, exchange_rate: 100 }) });
    await renderRoutes([{ path: '/', element: <MachinePage /> }], '/');
    const card = await screen.findByTestId('machine-107');
    expect(card).toHaveTextContent(/Meter resets\s*2, last .+ \(the meters count across them\)/);
    expect(within(card).getByTestId('meters-ok')).toBeInTheDocument();
  });

  it('says no machine found on a store without machines', async () => {
    fakeServer({ '/machine/list': () => ({ status: 0, list: [], max_machines: 20, exchange_rate: 100 }) });
    await renderRoutes([{ path: '/', element: <MachinePage /> }], '/');
    expect(await screen.findByTestId('no-machine')).toHaveTextContent('No machine found');
    expect(screen.getByTestId('machine-count')).toHaveTextContent('0 of 20 machines');
  });

  it('says one machine and one game in the singular, in English and Spanish', async () => {
    const one = { ...playing, meters: { played: 1, won: 0, games: 1 }, ledger: { played: 1, won: 0, games: 1 }, metersMatch: true };
    fakeServer({ '/machine/list': () => ({ status: 0, list: [one], max_machines: 1, exchange_rate: 100 }) });
    await renderRoutes([{ path: '/', element: <MachinePage /> }], '/');
    expect(await screen.findByTestId('meters-ok')).toHaveTextContent('Meters agree with the ledger (1 game)');
    expect(screen.getByTestId('machine-count')).toHaveTextContent(/^1 of 1 machine$/);
    await act(() => i18n.changeLanguage('mx'));
    try {
      expect(await screen.findByTestId('machine-count')).toHaveTextContent(/^1 de 1 máquina$/);
      expect(screen.getByTestId('meters-ok')).toHaveTextContent('(1 partida)');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('shows a playing machine with its customer and the meter flag; release asks twice and cancel changes nothing', async () => {
    const calls = fakeServer({
      '/machine/list': () => ({ status: 0, list: [playing], max_machines: 20, exchange_rate: 100 }),
      '/machine/remove': (b) => ({ status: 0, id: 8, released: b.confirm === true, occupied: true }),
    });
    await renderRoutes([{ path: '/', element: <MachinePage /> }], '/');
    const card = await screen.findByTestId('machine-107');
    expect(within(card).getByTestId('machine-status')).toHaveTextContent('Playing');
    expect(card).toHaveTextContent('Rita Reels (6)');
    expect(within(card).getByTestId('meters-differ')).toHaveTextContent('machine 300 played / 150 won / 3 games, ledger 300 / 100 / 3');

    // No reset, no reset line.
    expect(card).not.toHaveTextContent('Meter resets');

    const removes = () => calls.filter((c) => c.path === '/machine/remove').map((c) => c.body.confirm);
    await userEvent.click(within(card).getByTestId('release'));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText(/Machine occupied: a customer is playing on machine 107/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(removes()).toEqual([undefined]));

    await userEvent.click(within(card).getByTestId('release'));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await screen.findByText(/Machine occupied/);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(removes()).toEqual([undefined, undefined, true]));
  });
});
