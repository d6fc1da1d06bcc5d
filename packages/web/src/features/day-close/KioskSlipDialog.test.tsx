import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DayCloseView, KioskCollectionSlip } from '@moneybox/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { renderRoutes } from '../../test/render';
import { DEFAULT_PRINTER, PRINTER_KEY } from '../hardware/printer-settings';
import type { ReceiptDoc } from '../hardware/receipt';
import DayClosePage from './DayClosePage';
import { KioskSlipDialog } from './KioskSlipDialog';

const slip: KioskCollectionSlip = { collection_id: 5, kiosk: '900', time: '2026-01-15T20:00:00.000Z', collector: 'boss01', expected: 70, counted: 60, over_short: -10, count_detail: { '20': 3 }, reason: '' };

function clientWithZone() {
  const client = createQueryClient();
  client.setQueryData(['/config/localtime', {}], { status: 0, diff: -360 });
  client.setQueryDefaults(['/config/localtime'], { staleTime: Infinity });
  return client;
}

afterEach(() => {
  localStorage.removeItem(PRINTER_KEY);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.cookie = 'storename=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('the kiosk collection slip’s Print', () => {
  it('without a receipt printer, opens the browser’s print dialog on the slip’s print copy; the dialog closes only by Close', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const onClose = vi.fn();
    await renderRoutes([{ path: '/', element: <KioskSlipDialog slip={slip} kioskId={9} onClose={onClose} /> }], '/', clientWithZone());
    const dialog = await screen.findByTestId('kiosk-slip-dialog', {}, { timeout: 10_000 });
    await within(dialog).findByTestId('kiosk-slip', {}, { timeout: 10_000 });
    await userEvent.keyboard('{Escape}');
    expect(screen.getByTestId('kiosk-slip-dialog')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByTestId('kiosk-slip-print')).toHaveTextContent('Kiosk collection');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('with a receipt printer set up, sends the slip there (store, kiosk, time in the store’s zone, count, QR of the collection, no drawer pulse), and says so when it does not answer', async () => {
    document.cookie = 'storename=Lucky%20Star; path=/';
    const dialogPrint = vi.spyOn(window, 'print').mockImplementation(() => {});
    const printer = { print: vi.fn(async (_doc: ReceiptDoc) => {}) };
    const options = { settings: { ...DEFAULT_PRINTER, transport: 'network' as const, address: 'http://192.168.1.50' }, printer };
    await renderRoutes([{ path: '/', element: <KioskSlipDialog slip={slip} kioskId={9} onClose={() => {}} printOptions={options} /> }], '/', clientWithZone());
    const dialog = await screen.findByTestId('kiosk-slip-dialog', {}, { timeout: 10_000 });
    await within(dialog).findByTestId('kiosk-slip', {}, { timeout: 10_000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(printer.print).toHaveBeenCalledOnce());
    expect(dialogPrint).not.toHaveBeenCalled();
    const doc = printer.print.mock.calls[0]![0];
    expect(doc.pulse).toBe(false);
    expect(doc.qr).toBe('moneybox:collection:5');
    const rows = doc.lines.map((l) => (l.type === 'pair' ? `${l.left}=${l.right}` : l.type === 'center' ? l.text : '--'));
    expect(rows).toEqual(['Lucky Star', 'Kiosk collection', '--', 'Kiosk=900 #9', 'Time=2026-01-15 14:00:00', 'Collected by=boss01', '--', 'Expected=$70.00', '  $20 × 3=$60.00', 'Counted=$60.00', 'Over/short=-$10.00', '--', 'Collection=#5']);
    expect(screen.queryByTestId('kiosk-slip-printer-offline')).toBeNull();

    printer.print.mockImplementation(async () => Promise.reject(new Error('no answer')));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(await within(dialog).findByTestId('kiosk-slip-printer-offline')).toHaveTextContent('The printer did not answer: the slip is not printed');
    expect(printer.print).toHaveBeenCalledTimes(2);
  });

  it('reprints a collection from the Day Close page’s list to the network printer, marked Reprint, with no drawer pulse', async () => {
    localStorage.setItem(PRINTER_KEY, JSON.stringify({ transport: 'network', width: 58, address: 'http://192.168.1.50', device: null }));
    const posted: string[] = [];
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      if (String(url).startsWith('http://192.168.1.50')) {
        posted.push(String(init?.body));
        return Promise.resolve(new Response('<response success="true" code="" status="251658262"/>', { status: 200 }));
      }
      return Promise.resolve(new Response(JSON.stringify({ status: 0 }), { status: 200 }));
    });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const collection = { ...slip, collection_id: 7, kiosk_id: 3, kiosk: '901', large: false };
    const view: DayCloseView = {
      status: 0, closed: true, closed_at: '2026-01-16T05:00:00.000Z', closed_by: 'boss01', blocked: [], notes: [], seal: null,
      report: {
        day: '2026-01-15', store: 'Demo Arcade', timezone: 'America/Chicago', from: '2026-01-15T06:00:00.000Z', to: '2026-01-16T06:00:00.000Z', at: '2026-01-16T05:00:00.000Z', large_diff: 20,
        shifts: [], collections: [collection], machines: [], channels: [], gifts: { amount: 0, count: 0 }, store_credit_used: 0,
        totals: { purchases: 0, redeems: 0, net: 0, special_comps: 0, reverts: 0, purchase_count: 0, redeem_count: 0, special_comps_count: 0, revert_count: 0, drawers_expected: 0, drawers_counted: 0, drawers_over_short: 0, kiosks_expected: 70, kiosks_counted: 60, kiosks_over_short: -10, large_differences: 0, machines_mismatched: 0 },
      },
    };
    const client = clientWithZone();
    client.setQueryData(['/dayClose/get', {}], view);
    client.setQueryDefaults(['/dayClose/get'], { staleTime: Infinity });
    await renderRoutes([{ path: '/', element: <DayClosePage /> }], '/', client);
    fireEvent.click(await screen.findByTestId('collection-slip-7', {}, { timeout: 10_000 }));
    const dialog = await screen.findByTestId('kiosk-slip-dialog');
    expect(within(dialog).getByTestId('kiosk-slip')).toHaveTextContent('901');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    // The day's store (the report's) at the top, then the slip marked as a reprint; 58 mm rows.
    expect(posted[0]).toContain('dh="true">Demo Arcade&#10;</text>');
    expect(posted[0]).toContain('>Kiosk collection&#10;</text>');
    expect(posted[0]).toContain('>Reprint&#10;</text>');
    expect(posted[0]).toContain(`>Kiosk${' '.repeat(21)}901 #3&#10;</text>`);
    expect(posted[0]).toContain(`>Over/short${' '.repeat(15)}-$10.00&#10;</text>`);
    expect(posted[0]).toContain('<symbol type="qrcode_model_2" level="level_m" width="6">moneybox:collection:7</symbol>');
    expect(posted[0]).not.toContain('<pulse');
    expect(print).not.toHaveBeenCalled();
  });
});
