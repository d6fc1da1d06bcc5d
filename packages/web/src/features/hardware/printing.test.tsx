import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OneTimeKey } from '../../api/one-time-key';
import { customerRecord } from '../../test/customers';
import { decodeEscPos, readBitsImage } from '../../test/escpos-decoder';
import { fakeServer } from '../../test/fake-server';
import { renderRoutes } from '../../test/render';
import { MoneyDialog } from '../customer/MoneyDialog';
import { CashCountDialog } from '../shift-close/CashCountDialog';
import { PrinterSettingsCard } from './PrinterSettingsCard';
import { PRINTER_KEY, savePrinterSettings } from './printer-settings';
import type { UsbDeviceLike } from './transports';

const ana = customerRecord({ id: 42, first_name: 'Ana', last_name: 'Ruiz', birthday: '1990-01-01', gender: 'F', phone: '2175550101', mail: 'ana@example.com', account_type: 0, entries: 50, winnings: 120 });

/** A USB receipt printer as WebUSB shows it: its printer interface, and what it does with the bytes it is sent. */
function fakeUsbPrinter(behaviour: 'ok' | 'hang' | 'refuse') {
  const sent: Uint8Array[] = [];
  const device: UsbDeviceLike = {
    vendorId: 0x04b8,
    productId: 0x0e28,
    productName: 'TM-T20III',
    opened: false,
    configuration: null,
    async open() {
      device.opened = true;
    },
    async selectConfiguration() {
      device.configuration = {
        interfaces: [{ interfaceNumber: 0, claimed: false, alternate: { interfaceClass: 7, endpoints: [{ direction: 'in', endpointNumber: 2 }, { direction: 'out', endpointNumber: 1 }] } }],
      };
    },
    async claimInterface(n) {
      device.configuration!.interfaces[n]!.claimed = true;
    },
    transferOut(_endpoint, data) {
      sent.push(data);
      if (behaviour === 'hang') return new Promise(() => {});
      if (behaviour === 'refuse') return Promise.reject(new DOMException('The device was disconnected.', 'NetworkError'));
      return Promise.resolve({ status: 'ok' });
    },
  };
  const usb = { requestDevice: vi.fn(async () => device), getDevices: vi.fn(async () => [device]) };
  Object.defineProperty(navigator, 'usb', { value: usb, configurable: true });
  return { device, sent, usb };
}

const decodeSent = (sent: Uint8Array[]) => decodeEscPos(sent[0]!, readBitsImage);

let noScroll = false;
beforeEach(() => {
  // jsdom has no layout: Mantine's Select scrolls its chosen option into view.
  if (!Element.prototype.scrollIntoView) {
    Element.prototype.scrollIntoView = () => {};
    noScroll = true;
  }
  document.cookie = 'storename=Lucky Star; path=/';
  document.cookie = 'account=cashier01; path=/';
});
afterEach(() => {
  if (noScroll) Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  noScroll = false;
  vi.unstubAllGlobals();
  localStorage.removeItem(PRINTER_KEY);
  Reflect.deleteProperty(navigator, 'usb');
});

/** A purchase with the USB printer set up; each test its own movement (a movement's receipt prints by itself once per page). */
async function purchaseWith(behaviour: 'ok' | 'hang' | 'refuse', movementId: number) {
  const printer = fakeUsbPrinter(behaviour);
  savePrinterSettings({ transport: 'usb', width: 58, address: '', device: { vendorId: 0x04b8, productId: 0x0e28, name: 'TM-T20III' } });
  const calls = fakeServer({ '/customer/purchase': () => ({ status: 0, id: 42, movement_id: movementId, amount: 20, entries: 70, winnings: 120 }) });
  const keys = new OneTimeKey({ fetchKey: async () => 'key-1', isKeyRefused: () => false });
  await renderRoutes([{ path: '/', element: <MoneyDialog kind="purchase" customer={ana} blocked={false} revertable={null} purchaseLeft={null} keys={keys} onClose={() => {}} /> }], '/');
  await userEvent.type(await screen.findByTestId('money-amount', {}, { timeout: 8000 }), '20{Enter}');
  expect(await screen.findByTestId('money-done')).toBeInTheDocument();
  return { printer, purchases: () => calls.filter((c) => c.path === '/customer/purchase') };
}

describe('a movement’s receipt on the counter’s printer', () => {
  it('prints the purchase by itself on the USB printer once it is done, with the drawer pulse, and offers a reprint without one', async () => {
    const { printer, purchases } = await purchaseWith('ok', 812);
    await waitFor(() => expect(screen.getByTestId('movement-print')).toHaveAttribute('data-state', 'printed'));
    expect(printer.sent).toHaveLength(1);
    const first = decodeSent(printer.sent);
    expect(first.text).toEqual(expect.arrayContaining(['Lucky Star', 'Purchase', 'Customer            Ana Ruiz #42', 'Amount                    $20.00', 'Entries after             $70.00', 'Cashier                cashier01', 'Movement                    #812']));
    expect(first.qr).toEqual(['moneybox:movement:812']);
    expect(first.pulses).toHaveLength(1);
    await userEvent.click(screen.getByTestId('receipt-print'));
    await waitFor(() => expect(printer.sent).toHaveLength(2));
    const again = decodeEscPos(printer.sent[1]!, readBitsImage);
    expect(again.text).toContain('Reprint');
    expect(again.pulses).toEqual([]);
    expect(purchases()).toHaveLength(1);
  });

  it('a printer that refuses: the purchase is done once and the cashier is told the printer is offline', async () => {
    const { printer, purchases } = await purchaseWith('refuse', 813);
    expect(await screen.findByTestId('printer-offline')).toHaveTextContent('Printer offline — the movement is done; reprint from the list.');
    expect(screen.getByTestId('money-balances')).toHaveTextContent('$70.00');
    expect(printer.sent).toHaveLength(1);
    expect(purchases()).toHaveLength(1);
  });

  it('a printer that never answers: the purchase shows done at once, is sent once, and the cashier is told once the printer’s time is up', async () => {
    const { printer, purchases } = await purchaseWith('hang', 814);
    // Done while the printer still holds the receipt: printing never blocks the movement.
    await waitFor(() => expect(printer.sent).toHaveLength(1));
    expect(screen.getByTestId('money-balances')).toHaveTextContent('$70.00');
    expect(screen.getByTestId('movement-print')).toHaveAttribute('data-state', 'printing');
    expect(await screen.findByTestId('printer-offline', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(purchases()).toHaveLength(1);
    expect(printer.sent).toHaveLength(1);
  });
});

describe('the cash drawer at the shift count', () => {
  const usbSettings = () => savePrinterSettings({ transport: 'usb', width: 80, address: '', device: { vendorId: 0x04b8, productId: 0x0e28, name: 'TM-T20III' } });

  it('opens once when the cashier’s count begins: the pulse alone, no paper printed or cut', async () => {
    const printer = fakeUsbPrinter('ok');
    usbSettings();
    fakeServer({});
    await renderRoutes([{ path: '/', element: <CashCountDialog drawerNumber={2} onSubmit={() => Promise.resolve()} onCancel={() => {}} /> }], '/');
    await screen.findByTestId('cash-count-dialog', {}, { timeout: 8000 });
    await waitFor(() => expect(printer.sent).toHaveLength(1));
    const d = decodeSent(printer.sent);
    expect(d.pulses).toHaveLength(1);
    expect(d.text).toEqual([]);
    expect(d.cuts).toBe(0);
    await userEvent.type(screen.getByTestId('count-total'), '100');
    expect(printer.sent).toHaveLength(1);
  });

  it('says so when the printer does not take the pulse; a boss’s force close of another counter opens nothing', async () => {
    const printer = fakeUsbPrinter('refuse');
    usbSettings();
    fakeServer({});
    const view = await renderRoutes([{ path: '/', element: <CashCountDialog drawerNumber={2} onSubmit={() => Promise.resolve()} onCancel={() => {}} /> }], '/');
    expect(await screen.findByTestId('drawer-offline', {}, { timeout: 8000 })).toHaveTextContent('The cash drawer did not open: the printer is offline.');
    view.unmount();
    printer.sent.length = 0;
    await renderRoutes([{ path: '/', element: <CashCountDialog drawerNumber={3} intro="Count drawer 3 of cashier02" onSubmit={() => Promise.resolve()} onCancel={() => {}} /> }], '/');
    await screen.findByTestId('cash-count-dialog', {}, { timeout: 8000 });
    expect(screen.queryByTestId('drawer-offline')).toBeNull();
    expect(printer.sent).toEqual([]);
  });
});

describe('printer settings card', () => {
  it('sets up a USB printer for this browser: the device chosen, a test print with no drawer pulse, saved', async () => {
    const printer = fakeUsbPrinter('ok');
    fakeServer({});
    await renderRoutes([{ path: '/', element: <PrinterSettingsCard /> }], '/');
    await userEvent.click(await screen.findByTestId('printer-transport', {}, { timeout: 8000 }));
    await userEvent.click(await screen.findByRole('option', { name: 'USB printer (WebUSB)' }));
    expect(screen.getByTestId('printer-device')).toHaveTextContent('No device chosen yet.');
    await userEvent.click(screen.getByTestId('printer-choose'));
    expect(await screen.findByText('Device: TM-T20III')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '58 mm (narrow)' }));
    await userEvent.click(screen.getByTestId('printer-test'));
    await waitFor(() => expect(printer.sent).toHaveLength(1));
    const test = decodeSent(printer.sent);
    expect(test.text.slice(0, 2)).toEqual(['Lucky Star', 'Printer test']);
    expect(test.rows[2]!.text).toBe('-'.repeat(32));
    expect(test.pulses).toEqual([]);
    await userEvent.click(screen.getByTestId('printer-save'));
    expect(JSON.parse(localStorage.getItem(PRINTER_KEY)!)).toEqual({ transport: 'usb', width: 58, address: '', device: { vendorId: 0x04b8, productId: 0x0e28, name: 'TM-T20III' } });
  });

  it('asks a network printer’s address as http(s), and says so when the test print finds no printer', async () => {
    fakeServer({});
    const printerCalls: string[] = [];
    const apiFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      if (String(url).startsWith('http://192.168.1.50')) {
        printerCalls.push(String(url));
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      return apiFetch(url, init);
    });
    await renderRoutes([{ path: '/', element: <PrinterSettingsCard /> }], '/');
    await userEvent.click(await screen.findByTestId('printer-transport', {}, { timeout: 8000 }));
    await userEvent.click(await screen.findByRole('option', { name: 'Network printer (Epson ePOS-Print)' }));
    await userEvent.type(screen.getByTestId('printer-address'), '192.168.1.50');
    await userEvent.click(screen.getByTestId('printer-save'));
    expect(await screen.findByText('Type the printer’s address starting with http:// or https://'.replace('’', "'"))).toBeInTheDocument();
    expect(localStorage.getItem(PRINTER_KEY)).toBeNull();
    await userEvent.clear(screen.getByTestId('printer-address'));
    await userEvent.type(screen.getByTestId('printer-address'), 'http://192.168.1.50');
    await userEvent.click(screen.getByTestId('printer-test'));
    expect(await screen.findByTestId('printer-test-problem')).toHaveTextContent('The printer did not answer');
    expect(printerCalls).toEqual(['http://192.168.1.50/cgi-bin/epos/service.cgi?devid=local_printer&timeout=10000']);
  });
});
