import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server';
import { renderRoutes } from '../../test/render';
import { NoSaleButton } from './NoSaleButton';
import { DEFAULT_PRINTER } from './printer-settings';
import type { ReceiptDoc } from './receipt';
import type { Printer } from './transports';

const usb = { ...DEFAULT_PRINTER, transport: 'usb' as const };

/** A printer that records what it was sent, and answers as told. */
function printer(answer: 'ok' | 'refuse') {
  const docs: ReceiptDoc[] = [];
  const p: Printer = {
    async print(doc) {
      docs.push(doc);
      if (answer === 'refuse') throw new Error('offline');
    },
  };
  return { p, docs };
}

describe('No sale', () => {
  it('records the opening on the server first, then pulses the drawer and prints nothing', async () => {
    const calls = fakeServer({ '/drawer/noSale': () => ({ status: 0, at: '2026-12-02T10:00:00.000Z', this_shift: 3 }) });
    const { p, docs } = printer('ok');
    await renderRoutes([{ path: '/', element: <NoSaleButton options={{ settings: usb, printer: p }} /> }], '/');
    await userEvent.click(await screen.findByTestId('no-sale'));
    expect(await screen.findByTestId('no-sale-done')).toHaveTextContent('Drawer opened and recorded. Openings this shift: 3');
    expect(calls.map((c) => c.path)).toEqual(['/drawer/noSale']);
    expect(docs).toEqual([{ lines: [], qr: null, pulse: true }]);
  });

  it('opens nothing when the server refuses (a viewer, a frozen drawer): no row, no pulse', async () => {
    fakeServer({ '/drawer/noSale': () => ({ status: 21, error: 'Permission error' }) });
    const { p, docs } = printer('ok');
    await renderRoutes([{ path: '/', element: <NoSaleButton options={{ settings: usb, printer: p }} /> }], '/');
    await userEvent.click(await screen.findByTestId('no-sale'));
    await waitFor(() => expect(screen.getByTestId('no-sale')).not.toHaveAttribute('data-loading'));
    expect(docs).toEqual([]);
    expect(screen.queryByTestId('no-sale-done')).toBeNull();
  });

  it('says at once when the printer does not answer, and is disabled with no printer that opens the drawer', async () => {
    fakeServer({ '/drawer/noSale': () => ({ status: 0, at: '2026-12-02T10:00:00.000Z', this_shift: 1 }) });
    const { p } = printer('refuse');
    const view = await renderRoutes([{ path: '/', element: <NoSaleButton options={{ settings: usb, printer: p }} /> }], '/');
    await userEvent.click(await screen.findByTestId('no-sale'));
    expect(await screen.findByTestId('no-sale-offline')).toHaveTextContent('printer is offline');
    view.unmount();

    await renderRoutes([{ path: '/', element: <NoSaleButton options={{ settings: DEFAULT_PRINTER }} /> }], '/');
    expect(await screen.findByTestId('no-sale')).toBeDisabled();
    expect(screen.getByTestId('no-sale-hint')).toHaveTextContent('set one up below');
  });
});
