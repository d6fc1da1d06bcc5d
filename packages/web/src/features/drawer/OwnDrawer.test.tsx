import type { DrawerInfoReply } from '@moneybox/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { OwnDrawer } from './OwnDrawer';

const info = (initAmount: boolean): DrawerInfoReply => ({
  status: 0,
  drawer_id: 1,
  moneybox: 1,
  freeze: false,
  shift_id: 7,
  account: 'cashier01',
  createTime: '2026-01-15T14:00:00.000Z',
  initAmount,
  initial_amount: initAmount ? 300 : 0,
  fills: 0,
  bleeds: 0,
  purchases: 0,
  redeems: 0,
  comps: 0,
  special_comps: 0,
  reverts: 0,
  balance: initAmount ? 300 : 0,
  blind_count: false,
  denominations: [],
  carried: null,
  min_amount: 1,
});

afterEach(() => vi.unstubAllGlobals());

describe('own drawer', () => {
  it('keeps the cash form and what is typed in it when a read from before the initial amount answers late', async () => {
    // The first read sees the initial amount set; the next is a late answer from before it was recorded.
    const replies = [info(true), info(false)];
    let reads = 0;
    vi.stubGlobal('fetch', async (url: string) => {
      if (url === '/API/drawer/info') return Response.json(replies[Math.min(reads++, replies.length - 1)]);
      if (url === '/API/drawer/movements') return Response.json({ status: 0, shift_id: 7, list: [], total: 0, page: 1, limit: 10 });
      if (url === '/API/drawer/recentShifts') return Response.json({ status: 0, list: [] });
      return Response.json({ status: 0 });
    });
    const { client } = await renderRoutes([{ path: '/', element: <OwnDrawer /> }], '/');
    const cash = await screen.findByTestId('cash-form');
    const amount = cash.querySelector('input[name="amount"]') as HTMLInputElement;
    await userEvent.type(amount, '80.25');
    await client.invalidateQueries({ predicate: (q) => JSON.stringify(q.queryKey).includes('/drawer/info') });
    await waitFor(() => expect(reads).toBeGreaterThanOrEqual(2));
    expect(screen.queryByTestId('init-form')).not.toBeInTheDocument();
    expect(screen.getByTestId('cash-form')).toBe(cash);
    expect(amount).toHaveValue('80.25');
  });
});
