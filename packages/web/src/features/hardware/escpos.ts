import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { layoutLine, PAPER, printableAsText, type PaperWidth, type ReceiptDoc } from './receipt';

/** A row of pixels' worth of image: RGBA, as canvas's ImageData (`@canvas/image-data` in Node). */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/**
 * Draws one printed row as an image `dots` wide: the row's text laid out in `columns` cells (a Chinese
 * character takes two), `scale` 2 for the big title. The browser's is `canvasRasterize` (rasterize.ts);
 * a test gives its own.
 */
export type Rasterize = (row: string, o: { dots: number; columns: number; bold: boolean; scale: 1 | 2; align: 'left' | 'center' }) => Pixels;

/**
 * The receipt as ESC/POS bytes (the encoder of @point-of-sale/receipt-printer-encoder): Latin text from
 * code page cp858 (English, Spanish), a row with any other character (Chinese: no printer code page of the
 * encoder has it) as a raster image of that row, the QR code of the printer, the drawer pulse (ESC p)
 * when the receipt moves cash, then the cut.
 */
export async function encodeEscPos(doc: ReceiptDoc, width: PaperWidth, rasterize: Rasterize): Promise<Uint8Array> {
  const { columns, dots } = PAPER[width];
  const enc = new ReceiptPrinterEncoder({ language: 'esc-pos', columns, imageMode: 'raster', feedBeforeCut: 4 });
  enc.initialize().codepage('cp858');
  for (const line of doc.lines) {
    const big = line.type === 'center' && line.big === true;
    const bold = line.type !== 'rule' && line.bold === true;
    const align = line.type === 'center' ? 'center' : 'left';
    for (const row of layoutLine(line, columns)) {
      if (printableAsText(row)) {
        enc.align(align).bold(bold).size(big ? 2 : 1, big ? 2 : 1).line(row).size(1, 1).bold(false);
      } else {
        const img = rasterize(row, { dots, columns, bold, scale: big ? 2 : 1, align });
        enc.align('left').image(img, img.width, img.height, 'threshold');
      }
    }
  }
  enc.align('left');
  if (doc.qr !== null) enc.align('center').qrcode(doc.qr, { model: 2, size: 6, errorlevel: 'm' }).align('left');
  if (doc.pulse) enc.pulse();
  // A drawer opening alone (the shift count's) prints nothing: no paper is cut.
  if (doc.lines.length > 0 || doc.qr !== null) enc.cut();
  return enc.encode();
}
