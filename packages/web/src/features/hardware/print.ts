import type { Rasterize } from './escpos';
import { loadPrinterSettings, type PrinterSettings } from './printer-settings';
import { layoutLine, PAPER, type PaperWidth, type ReceiptDoc } from './receipt';
import { PRINT_DEADLINE_MS, printerFor, withDeadline, type Printer } from './transports';

/** How a print ended: on the printer, handed to the browser's print dialog, or not (the printer did not take it). */
export type PrintOutcome = 'printed' | 'dialog' | 'offline';

export interface PrintOptions {
  settings?: PrinterSettings;
  /** The UI language: a Chinese receipt prints its rows as images (ESC/POS) or with the printer's Chinese font (ePOS). */
  chinese?: boolean;
  /** The printer itself (tests); otherwise the one the settings name. */
  printer?: Printer | null;
  rasterize?: Rasterize;
  deadlineMs?: number;
}

/**
 * Prints a receipt and never throws: a printer that refuses, fails or does not answer within the
 * deadline is 'offline' (the money movement it follows is done already; the caller only says so).
 */
export async function printReceipt(doc: ReceiptDoc, o: PrintOptions = {}): Promise<PrintOutcome> {
  const settings = o.settings ?? loadPrinterSettings();
  try {
    const rasterize = o.rasterize ?? (await import('./rasterize')).canvasRasterize;
    const printer = o.printer !== undefined ? o.printer : printerFor(settings, o.chinese ? 'zh-cn' : 'en', rasterize);
    if (printer === null) {
      await printInDialog(doc, settings.width);
      return 'dialog';
    }
    await withDeadline(printer.print(doc), o.deadlineMs ?? PRINT_DEADLINE_MS);
    return 'printed';
  } catch {
    return 'offline';
  }
}

/** Whether receipts print by themselves after a movement: a device is set up (the print dialog waits for a click). */
export function printsByItself(settings: PrinterSettings = loadPrinterSettings()): boolean {
  return settings.transport !== 'dialog';
}

/**
 * The browser's print dialog (no device set up): the receipt's rows in the paper's columns and its QR
 * code, as a copy straight under <body> (`.mbx-print-root`, the only thing printed), removed after.
 * The dialog cannot pulse the drawer (a printer driver's "open drawer" setting can: docs/HARDWARE.md).
 */
async function printInDialog(doc: ReceiptDoc, width: PaperWidth): Promise<void> {
  const { columns } = PAPER[width];
  const root = document.createElement('div');
  root.className = 'mbx-print-root';
  root.dataset.testid = 'receipt-print-copy';
  const pre = document.createElement('pre');
  pre.style.cssText = `margin:0;font:${width === 58 ? 14 : 10}px/1.35 monospace;white-space:pre;text-align:left`;
  pre.textContent = doc.lines.flatMap((l) => layoutLine(l, columns).map((row) => (l.type === 'center' ? centre(row, l.big ? Math.floor(columns / 2) : columns) : row))).join('\n');
  root.append(pre);
  if (doc.qr !== null) {
    const { toDataURL } = await import('qrcode');
    const img = document.createElement('img');
    img.alt = doc.qr;
    img.src = await toDataURL(doc.qr, { margin: 1, width: 160 });
    img.style.cssText = 'display:block;margin:8px auto';
    root.append(img);
  }
  document.body.append(root);
  try {
    window.print();
  } finally {
    root.remove();
  }
}

function centre(row: string, columns: number): string {
  return ' '.repeat(Math.max(0, Math.floor((columns - row.length) / 2))) + row;
}
