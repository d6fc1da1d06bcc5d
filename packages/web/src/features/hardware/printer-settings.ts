import type { PaperWidth } from './receipt';

export const TRANSPORTS = ['dialog', 'network', 'star', 'usb', 'serial'] as const;
export type TransportKind = (typeof TRANSPORTS)[number];

/** A USB or serial device the browser was allowed to use, found again by its ids after a reload. */
export interface DeviceRef {
  vendorId?: number;
  productId?: number;
  name: string;
}

/**
 * The counter's printer, per browser (localStorage): a counter PC has its printer whoever signs in, and
 * WebUSB/WebSerial permissions are the browser's own anyway. `dialog` (the browser's print dialog) is
 * what a browser with no set-up uses.
 */
export interface PrinterSettings {
  transport: TransportKind;
  width: PaperWidth;
  /** The network printer's address (`http://192.168.1.50`): Epson ePOS-Print (`network`) or Star WebPRNT (`star`). */
  address: string;
  device: DeviceRef | null;
}

export const PRINTER_KEY = 'mbxPrinter';
export const DEFAULT_PRINTER: PrinterSettings = { transport: 'dialog', width: 80, address: '', device: null };

/** The saved settings; the defaults for anything missing or unreadable. */
export function loadPrinterSettings(storage: Pick<Storage, 'getItem'> = localStorage): PrinterSettings {
  try {
    const raw = JSON.parse(storage.getItem(PRINTER_KEY) ?? 'null') as Partial<PrinterSettings> | null;
    if (!raw || typeof raw !== 'object') return DEFAULT_PRINTER;
    return {
      transport: TRANSPORTS.includes(raw.transport as TransportKind) ? (raw.transport as TransportKind) : 'dialog',
      width: raw.width === 58 ? 58 : 80,
      address: typeof raw.address === 'string' ? raw.address : '',
      device: raw.device && typeof raw.device.name === 'string' ? raw.device : null,
    };
  } catch {
    return DEFAULT_PRINTER;
  }
}

export function savePrinterSettings(settings: PrinterSettings, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(PRINTER_KEY, JSON.stringify(settings));
}

/** A network printer's address as typed: an http(s) origin, with no path beyond `/`. */
export function validAddress(text: string): boolean {
  try {
    const u = new URL(text.trim());
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.pathname.replace(/\/+$/, '') === '' && !u.search;
  } catch {
    return false;
  }
}
