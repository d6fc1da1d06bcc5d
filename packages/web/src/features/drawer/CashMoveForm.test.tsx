import type { DrawerInfoReply } from '@moneybox/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { CashMoveForm } from './CashMoveForm';

const info: DrawerInfoReply = {
  status: 0,
  drawer_id: 1,
  moneybox: 1,
  freeze: false,
  shift_id: 7,
  account: 'cashier01',
  createTime: '2026-01-15T14:00:00.000Z',
  initAmount: true,
  initial_amount: 100,
  fills: 0,
  bleeds: 0,
  purchases: 0,
  redeems: 0,
  comps: 0,
  special_comps: 0,
  reverts: 0,
  balance: 100,
  blind_count: false,
  denominations: [],
  carried: null,
  min_amount: 1,
};

afterEach(() => vi.unstubAllGlobals());

describe('fills and bleeds form', () => {
  it('retries a fill whose reply was lost with the same key, and clears the form when the server says it was already recorded', async () => {
    let keys = 0;
    const fills: Record<string, unknown>[] = [];
    vi.stubGlobal('fetch', async (url: string, init: { body: string }) => {
      const body = JSON.parse(init.body) as Record<string, unknown>;
      if (url === '/API/config/key') return Response.json({ status: 0, key: `key-${++keys}`, expiresIn: 600 });
      if (url === '/API/config/maintain') return Response.json({ status: 0, msg: '' });
      if (url === '/API/drawer/fills') {
        fills.push(body);
        // The first send is applied but its reply is lost; the retry's key is then already used.
        return fills.length === 1 ? new Response('bad gateway', { status: 502 }) : Response.json({ status: 12 });
      }
      return Response.json({ status: 0 });
    });
    await renderRoutes([{ path: '/', element: <CashMoveForm info={info} /> }], '/');
    const amount = await screen.findByRole('textbox', { name: /amount/i });
    const reason = screen.getByRole('textbox', { name: /reason/i });
    await userEvent.type(amount, '10.50');
    await userEvent.type(reason, 'change for the till');
    await userEvent.click(screen.getByTestId('cash-submit'));
    // The lost reply: a message, and the form keeps what was typed for a retry.
    expect(await screen.findByTestId('message-box-text')).toHaveTextContent('Error');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(amount).toHaveValue('10.50');
    await waitFor(() => expect(screen.queryByTestId('message-box-text')).not.toBeInTheDocument());

    await userEvent.click(screen.getByTestId('cash-submit'));
    expect(await screen.findByTestId('message-box-text')).toHaveTextContent('already recorded');
    const sent = { shift_id: 7, reason: 'change for the till', amount: 10.5, key: 'key-1' };
    expect(fills).toEqual([sent, sent]);
    await waitFor(() => expect(amount).toHaveValue(''));
    expect(reason).toHaveValue('');
  }, 20_000); // typing two fields and two message boxes take several seconds on a busy machine
});
