import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { renderRoutes } from '../../test/render';
import { DrawerReportDialog } from './DrawerReportDialog';

const report = {
  moneybox: 1,
  account: 'cashier01',
  createTime: '2026-01-15T14:00:00.000Z',
  shiftTime: '2026-01-15T15:00:00.000Z',
  initial_amount: 100,
  fills: 0,
  bleeds: 0,
  purchases: 0,
  redeems: 0,
  special_comps: 0,
};

describe('drawer report dialog', () => {
  it('closes only by its Close button, and prints on Print', async () => {
    const client = createQueryClient();
    client.setQueryData(['/config/localtime', {}], { status: 0, diff: -360 });
    client.setQueryDefaults(['/config/localtime'], { staleTime: Infinity });
    const onClose = vi.fn();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await renderRoutes([{ path: '/', element: <DrawerReportDialog opened report={report} onClose={onClose} cashierAccount="cashier01" /> }], '/', client);
    // The dialog's texts load lazily; on a busy machine that can take longer than findBy's 1 s default.
    const shown = await screen.findByTestId('drawer-report', {}, { timeout: 10_000 });
    expect(shown).toHaveTextContent('2026-01-15 08:00:00');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByTestId('drawer-report')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.getByTestId('drawer-report-print')).toHaveTextContent('Drawer Report');
  });
});
