import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleStoreRow } from '@moneybox/contract';
import { setConsoleSession } from '../../../auth/console-session';
import { i18n, i18nReady } from '../../../i18n/i18n';
import { fakeServer, type Body } from '../../../test/fake-server';
import { renderRoutes } from '../../../test/render';
import { CreditCard } from './ConsoleCreditPage';
import { MultiStoreCredit } from './MultiStoreCredit';

afterEach(async () => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  await i18n.changeLanguage('en');
});

const DISTRIBUTORS = [{ id: 31, username: 'north', parent: null, parent_id: null, credit: 1200, stores: [2101, 2102, 2103] }];

function storeRow(kid: number, name: string, credit: number): ConsoleStoreRow {
  return { kid, name, city: '', timezone: 'UTC', frozen: false, freeze_msg: '', distributor: 'north', open_shifts: 0, machines_connected: 0, machines_enrolled: 0, credit, low_credit: false, days_left: null, today: { purchases: 0, redeems: 0, net: 0 }, last_activity: null };
}

/** A store's credit card as the store page places it, for distributor north (uid 31), the store's parent. */
async function renderStoreCredit() {
  setConsoleSession({ uid: 31, token: 'console-token', username: 'north', role: 'distributor' });
  const parties = { child: 'Elsewhere (2102)', parent: 'north', parentBalance: 1200 };
  return renderRoutes([{ path: '/', element: <CreditCard target={{ kid: 2102 }} fund="credit" canMove title="Store credit" testId="credit" parties={parties} /> }], '/');
}

const REFUSAL = {
  en: 'The giver has $1,200.00 of credit, less than the $999,999.00 to give.',
  mx: 'Quien da el crédito tiene $1,200.00, menos que los $999,999.00 a dar.',
  zh_Hans: '发放方只有 $1,200.00 额度，少于要发放的 $999,999.00。',
} as const;

describe("the console's credit moves", () => {
  it('confirms a give with the amount, from, to and both balances after; Cancel sends nothing', async () => {
    const calls = fakeServer({
      '/operator/creditHistory': () => ({ status: 0, balance: 40, list: [] }),
      '/operator/creditMove': () => ({ status: 0, id: 1, parent_balance: 1150, child_balance: 90 }),
    });
    const moves = () => calls.filter((c) => c.path === '/operator/creditMove').map((c) => c.body);
    await renderStoreCredit();
    await waitFor(() => expect(screen.getByTestId('credit-balance').textContent).toBe('$40.00'));
    await userEvent.type(screen.getByTestId('credit-amount'), '50');
    await userEvent.click(screen.getByTestId('credit-give'));
    const dialog = await screen.findByTestId('console-confirm');
    expect([...dialog.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Give $50.00 of credit from north to Elsewhere (2102).',
      'north: $1,200.00 now, $1,150.00 after',
      'Elsewhere (2102): $40.00 now, $90.00 after',
      'Only a move the other way undoes it.',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(moves()).toEqual([]);

    // A take-back names the store first: it is the side the credit leaves.
    await userEvent.click(screen.getByTestId('credit-back'));
    const back = await screen.findByTestId('console-confirm');
    expect([...back.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Take $50.00 of credit back from Elsewhere (2102) to north.',
      'Elsewhere (2102): $40.00 now, -$10.00 after',
      'north: $1,200.00 now, $1,250.00 after',
      'Only a move the other way undoes it.',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(moves()).toHaveLength(1));
    expect(moves()[0]).toMatchObject({ kid: 2102, fund: 'credit', amount: 50, back: true });
  });

  it.each(Object.keys(REFUSAL) as (keyof typeof REFUSAL)[])('in %s, a give the giver cannot cover says so with the amount and the giver\'s balance', async (lang) => {
    await i18nReady;
    await i18n.changeLanguage(lang);
    fakeServer({
      '/operator/creditHistory': () => ({ status: 0, balance: 40, list: [] }),
      '/operator/creditMove': () => ({ status: 32, error: 'the giver has less credit than that', reason: 'giver_credit_short', amount: 999_999, balance: 1200 }),
    });
    await renderStoreCredit();
    await waitFor(() => expect(screen.getByTestId('credit-balance').textContent).toBe('$40.00'));
    await userEvent.type(screen.getByTestId('credit-amount'), '999999');
    await userEvent.click(screen.getByTestId('credit-give'));
    await screen.findByTestId('console-confirm');
    await userEvent.click(screen.getByRole('button', { name: i18n.t('common:ok') }));
    expect((await screen.findByRole('alert')).textContent).toBe(REFUSAL[lang]);
  });
});

describe('credit to several stores at once', () => {
  it('confirms every store, gives each with its own key, reports the refused ones and retries only them with the same keys', async () => {
    setConsoleSession({ uid: 31, token: 'console-token', username: 'north', role: 'distributor' });
    let short = true;
    const calls = fakeServer({
      '/operator/stores': () => ({ status: 0, list: [storeRow(2101, 'Alpha', 10), storeRow(2102, 'Beta', 20), storeRow(2103, 'Gamma', 30), { ...storeRow(2999, 'Not Mine', 0), distributor: 'south' }] }),
      '/operator/creditMoves': (b: Body) => ({
        status: 0,
        results: (b.moves as { kid: number; key: string; amount: number }[]).map((m) =>
          m.kid === 2103 && short
            ? { kid: m.kid, key: m.key, ok: false, refusal: 32, reason: 'giver_credit_short', amount: m.amount, balance: 20 }
            : { kid: m.kid, key: m.key, ok: true, id: m.kid, parent_balance: 100, child_balance: 99 },
        ),
      }),
    });
    const sent = () => calls.filter((c) => c.path === '/operator/creditMoves').map((c) => c.body.moves as { kid: number; key: string; amount: number }[]);
    await renderRoutes([{ path: '/', element: <MultiStoreCredit distributors={DISTRIBUTORS} /> }], '/');
    // Only the stores on the distributor's own edges.
    await screen.findByTestId('console-multi-credit-pick-2101');
    expect(screen.queryByTestId('console-multi-credit-pick-2999')).toBeNull();
    await userEvent.click(screen.getByTestId('console-multi-credit-all'));
    await userEvent.type(screen.getByTestId('console-multi-credit-same'), '25');
    await userEvent.type(screen.getByTestId('console-multi-credit-amount-2102'), '40');
    await userEvent.click(screen.getByTestId('console-multi-credit-give'));
    const dialog = await screen.findByTestId('console-confirm');
    expect([...dialog.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Alpha (2101): $25.00 from north, its credit after: $35.00',
      'Beta (2102): $40.00 from north, its credit after: $60.00',
      'Gamma (2103): $25.00 from north, its credit after: $55.00',
      'north: $1,200.00 now, $1,110.00 after',
      'In all $90.00 to 3 stores.',
      'Only a move the other way undoes it.',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    const first = sent()[0]!;
    expect(first.map((m) => [m.kid, m.amount])).toEqual([[2101, 25], [2102, 40], [2103, 25]]);
    expect(new Set(first.map((m) => m.key)).size).toBe(3);
    expect((await screen.findByTestId('console-multi-credit-summary')).textContent).toBe('2 of 3 stores got the credit. Not given: Gamma (2103). They stay selected: give again to retry them.');
    expect(screen.getByTestId('console-multi-credit-result-2103').textContent).toBe('The giver has $20.00 of credit, less than the $25.00 to give.');
    expect(screen.getByTestId('console-multi-credit-result-2101').textContent).toBe('Given, credit now $99.00');

    // The retry: only the refused store, with its same key.
    short = false;
    await userEvent.click(screen.getByTestId('console-multi-credit-give'));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1]).toEqual([{ kid: 2103, amount: 25, key: first[2]!.key }]);
    await waitFor(() => expect(screen.getByTestId('console-multi-credit-summary').textContent).toBe('The store got the credit.'));
    expect(screen.getByTestId('console-multi-credit-give')).toBeDisabled();
  });
});
