import { eposSucceeded, eposUrl, eposXml } from './epos';
import { starEnvelope, starSucceeded, starUrl } from './star';
import type { Rasterize } from './escpos';
import type { DeviceRef, PrinterSettings } from './printer-settings';
import type { PaperWidth, ReceiptDoc } from './receipt';

/** One receipt printer, whatever the wire: it prints a receipt (and pulses the drawer when the receipt says so) or throws. */
export interface Printer {
  print(doc: ReceiptDoc): Promise<void>;
}

/** Where the receipt's bytes go: a USB endpoint, a serial port, a fake device in tests. */
export interface ByteSink {
  write(bytes: Uint8Array): Promise<void>;
}

/** The printer did not take the receipt: offline, refused, or no answer in time. */
export class PrinterError extends Error {}

/** How long a printer may take before the cashier is told it is offline. */
export const PRINT_DEADLINE_MS = 10_000;

/** `work`, or a PrinterError once `ms` pass with no answer (the work is left to finish or fail on its own). */
export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PrinterError('no answer')), ms);
    work.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof PrinterError ? err : new PrinterError(String(err)));
      },
    );
  });
}

/** A network printer speaking Epson ePOS-Print: the receipt posted as XML; the printer's `success` is the answer. */
export function networkPrinter(address: string, width: PaperWidth, lang: 'en' | 'zh-cn', send: typeof fetch = (...a) => fetch(...a)): Printer {
  return {
    async print(doc) {
      const res = await send(eposUrl(address), {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""' },
        body: eposXml(doc, width, lang),
      });
      const text = await res.text();
      if (!res.ok || !eposSucceeded(text)) throw new PrinterError(`printer refused (${res.status})`);
    },
  };
}

/** A network printer speaking Star WebPRNT: the receipt posted as the trader's XML; `<success>true</success>` is the answer. */
export function starPrinter(address: string, width: PaperWidth, send: typeof fetch = (...a) => fetch(...a)): Printer {
  return {
    async print(doc) {
      const res = await send(starUrl(address), { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8' }, body: starEnvelope(doc, width) });
      const text = await res.text();
      if (!res.ok || !starSucceeded(text)) throw new PrinterError(`printer refused (${res.status})`);
    },
  };
}

/** A printer that takes ESC/POS bytes (USB, serial): the encoder's receipt, Chinese lines as images. */
export function bytesPrinter(sink: () => Promise<ByteSink>, width: PaperWidth, rasterize: Rasterize): Printer {
  return {
    async print(doc) {
      const { encodeEscPos } = await import('./escpos');
      const bytes = await encodeEscPos(doc, width, rasterize);
      await (await sink()).write(bytes);
    },
  };
}

// The few WebUSB / Web Serial members used here (the DOM library does not type them).
export interface UsbEndpointLike {
  direction: 'in' | 'out';
  endpointNumber: number;
}
export interface UsbDeviceLike {
  vendorId: number;
  productId: number;
  productName?: string | undefined;
  opened: boolean;
  configuration: { interfaces: { interfaceNumber: number; claimed: boolean; alternate: { interfaceClass: number; endpoints: UsbEndpointLike[] } }[] } | null;
  open(): Promise<void>;
  selectConfiguration(value: number): Promise<void>;
  claimInterface(n: number): Promise<void>;
  transferOut(endpoint: number, data: Uint8Array): Promise<{ status: string }>;
}
export interface SerialPortLike {
  readable: unknown;
  writable: WritableStream<Uint8Array> | null;
  getInfo(): { usbVendorId?: number; usbProductId?: number };
  open(options: { baudRate: number }): Promise<void>;
}
interface DeviceNavigator {
  usb?: { requestDevice(o: { filters: object[] }): Promise<UsbDeviceLike>; getDevices(): Promise<UsbDeviceLike[]> };
  serial?: { requestPort(o?: object): Promise<SerialPortLike>; getPorts(): Promise<SerialPortLike[]> };
}
export const devices = (): DeviceNavigator => navigator as unknown as DeviceNavigator;

/** USB printer class (7): the interface whose bulk OUT endpoint takes the bytes. */
const PRINTER_CLASS = 7;

/** The bytes to a USB printer: opened and its printer interface claimed on first use. */
export function usbSink(device: UsbDeviceLike): ByteSink {
  return {
    async write(bytes) {
      if (!device.opened) await device.open();
      if (device.configuration === null) await device.selectConfiguration(1);
      const ifaces = device.configuration?.interfaces ?? [];
      const iface = ifaces.find((i) => i.alternate.interfaceClass === PRINTER_CLASS) ?? ifaces.find((i) => i.alternate.endpoints.some((e) => e.direction === 'out'));
      const out = iface?.alternate.endpoints.find((e) => e.direction === 'out');
      if (!iface || !out) throw new PrinterError('no printer interface on the USB device');
      if (!iface.claimed) await device.claimInterface(iface.interfaceNumber);
      const r = await device.transferOut(out.endpointNumber, bytes);
      if (r.status !== 'ok') throw new PrinterError(`USB transfer ${r.status}`);
    },
  };
}

/** The bytes to a serial printer (9600 baud, the usual default of receipt printers). */
export function serialSink(port: SerialPortLike): ByteSink {
  return {
    async write(bytes) {
      if (!port.writable) await port.open({ baudRate: 9600 });
      const writer = port.writable!.getWriter();
      try {
        await writer.write(bytes);
      } finally {
        writer.releaseLock();
      }
    },
  };
}

const matches = (ref: DeviceRef | null, vendorId?: number, productId?: number) => ref !== null && ref.vendorId === vendorId && ref.productId === productId;

/** The USB device the browser allowed before, found again by its ids. */
export async function findUsb(ref: DeviceRef | null): Promise<UsbDeviceLike> {
  const usb = devices().usb;
  if (!usb) throw new PrinterError('WebUSB unavailable');
  const found = (await usb.getDevices()).find((d) => matches(ref, d.vendorId, d.productId));
  if (!found) throw new PrinterError('USB printer not connected');
  return found;
}

/** The serial port the browser allowed before, found again by its USB ids (or the only one). */
export async function findSerial(ref: DeviceRef | null): Promise<SerialPortLike> {
  const serial = devices().serial;
  if (!serial) throw new PrinterError('Web Serial unavailable');
  const ports = await serial.getPorts();
  const found = ports.find((p) => matches(ref, p.getInfo().usbVendorId, p.getInfo().usbProductId)) ?? (ports.length === 1 ? ports[0] : undefined);
  if (!found) throw new PrinterError('serial printer not connected');
  return found;
}

/** The printer the settings name, or null for the browser's print dialog. */
export function printerFor(settings: PrinterSettings, lang: 'en' | 'zh-cn', rasterize: Rasterize): Printer | null {
  switch (settings.transport) {
    case 'network':
      return networkPrinter(settings.address, settings.width, lang);
    case 'star':
      return starPrinter(settings.address, settings.width);
    case 'usb':
      return bytesPrinter(async () => usbSink(await findUsb(settings.device)), settings.width, rasterize);
    case 'serial':
      return bytesPrinter(async () => serialSink(await findSerial(settings.device)), settings.width, rasterize);
    case 'dialog':
      return null;
  }
}
