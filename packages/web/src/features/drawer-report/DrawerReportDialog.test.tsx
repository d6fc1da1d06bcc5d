import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { renderRoutes } from '../../test/render';
import { DEFAULT_PRINTER } from '../hardware/printer-settings';
import type { ReceiptDoc } from '../hardware/receipt';
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

describe('drawer report dialog with a receipt printer set up', () => {
  const render = async (printer: { print: (doc: ReceiptDoc) => Promise<void> }) => {
    const client = createQueryClient();
    client.setQueryData(['/config/localtime', {}], { status: 0, diff: 0 });
    client.setQueryDefaults(['/config/localtime'], { staleTime: Infinity });
    const options = { settings: { ...DEFAULT_PRINTER, transport: 'network' as const, address: 'http://192.168.1.50' }, printer };
    const closed = { ...report, counted: 100, over_short: 0, balance: 100, no_sales: 2 };
    await renderRoutes([{ path: '/', element: <DrawerReportDialog opened report={closed} onClose={() => {}} cashierAccount="cashier01" printOptions={options} /> }], '/', client);
    await screen.findByTestId('drawer-report', {}, { timeout: 10_000 });
    return closed;
  };

  it('Print sends the report to the printer, not to the browser dialog: the same lines, no drawer pulse', async () => {
    const dialog = vi.spyOn(window, 'print').mockImplementation(() => {});
    dialog.mockClear();
    const printer = { print: vi.fn(async (_doc: ReceiptDoc) => {}) };
    await render(printer);
    expect(screen.getByTestId('drawer-report')).toHaveTextContent('Drawer opened (No sale)2');
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(printer.print).toHaveBeenCalledOnce());
    expect(dialog).not.toHaveBeenCalled();
    const doc = printer.print.mock.calls[0]![0];
    expect(doc.pulse).toBe(false);
    expect(doc.lines[0]).toMatchObject({ type: 'center', text: 'Drawer Report' });
    const pairs = doc.lines.flatMap((l) => (l.type === 'pair' ? [`${l.left}=${l.right}`] : []));
    expect(pairs).toEqual(expect.arrayContaining(['Drawer No.=1', 'Counted=$100.00', 'Over/short=$0.00', 'Drawer opened (No sale)=2']));
    expect(screen.queryByTestId('drawer-report-printer-offline')).toBeNull();
    dialog.mockRestore();
  });

  it('says so when the printer does not answer, and prints again on the next Print', async () => {
    const printer = { print: vi.fn(async (_doc: ReceiptDoc): Promise<void> => Promise.reject(new Error('no answer'))) };
    await render(printer);
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(await screen.findByTestId('drawer-report-printer-offline')).toHaveTextContent('The printer did not answer');
    printer.print.mockImplementation(async () => {});
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(screen.queryByTestId('drawer-report-printer-offline')).toBeNull());
    expect(printer.print).toHaveBeenCalledTimes(2);
  });
});
