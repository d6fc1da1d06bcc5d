/**
 * A small ESC/POS reader for tests: what a receipt printer would do with the bytes, as text. It knows the
 * commands the receipt encoder sends and fails on any other, so a receipt with a stray byte fails its
 * test. Text is read from code page cp858 (the receipts' page); a raster image (GS v 0) is read back with
 * `readImage`, the inverse of the test's rasterizer.
 */

/** Code page 858 (850 with € at 0xD5), bytes 0x80–0xFF. */
const CP858_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈ€ÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';
/** ESC t n of Epson's mapping: 19 is cp858. */
const CODEPAGES: Record<number, string> = { 0: 'cp437', 19: 'cp858' };

export interface DecodedRow {
  text: string;
  /** How the row came: printed text, or an image read back by `readImage`. */
  via: 'text' | 'image';
  /** Whether its printed characters (not its padding) were bold. */
  bold: boolean;
  /** Their character size (GS !): 1 normal, 2 double. */
  size: number;
}

export interface Decoded {
  rows: DecodedRow[];
  /** QR codes stored and printed (GS ( k), in order. */
  qr: string[];
  /** Drawer pulses (ESC p): the pin (0 = drawer 1) and the on/off times in ms. */
  pulses: { pin: number; onMs: number; offMs: number }[];
  cuts: number;
  codepage: string | null;
  /** The rows' text, trimmed, blank rows (feeds) left out: alignment's padding is not the content. */
  text: string[];
}

export function decodeEscPos(bytes: Uint8Array, readImage: (img: { width: number; height: number; bits: Uint8Array }) => string): Decoded {
  const out: Decoded = { rows: [], qr: [], pulses: [], cuts: 0, codepage: null, text: [] };
  let bold = false;
  let size = 1;
  let line = '';
  // The style the row's visible characters were printed in (the encoder resets it before the line feed).
  let rowBold = false;
  let rowSize = 1;
  let pendingQr: string | null = null;
  let i = 0;
  const need = (n: number) => {
    if (i + n > bytes.length) throw new Error(`command cut short at ${i}`);
  };
  const flush = () => {
    out.rows.push({ text: line, via: 'text', bold: rowBold, size: rowSize });
    line = '';
    rowBold = false;
    rowSize = 1;
  };
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b === 0x0a) {
      flush();
      i += 1;
    } else if (b === 0x0d) {
      i += 1;
    } else if (b === 0x1b) {
      need(2);
      const c = bytes[i + 1]!;
      if (c === 0x40) {
        bold = false;
        size = 1;
        i += 2;
      } else if (c === 0x32) i += 2;
      else if ([0x33, 0x4d, 0x2d, 0x34, 0x64, 0x4a].includes(c)) {
        need(3);
        i += 3;
      } else if (c === 0x61) {
        // Alignment: the encoder pads rows with spaces itself; the QR code is centred with it.
        need(3);
        i += 3;
      } else if (c === 0x45) {
        need(3);
        bold = bytes[i + 2]! % 2 === 1;
        i += 3;
      } else if (c === 0x74) {
        need(3);
        out.codepage = CODEPAGES[bytes[i + 2]!] ?? `#${bytes[i + 2]!}`;
        i += 3;
      } else if (c === 0x70) {
        need(5);
        out.pulses.push({ pin: bytes[i + 2]! % 2, onMs: bytes[i + 3]! * 2, offMs: bytes[i + 4]! * 2 });
        i += 5;
      } else throw new Error(`unknown ESC 0x${c.toString(16)} at ${i}`);
    } else if (b === 0x1c) {
      need(2);
      if (bytes[i + 1] !== 0x2e) throw new Error(`unknown FS 0x${bytes[i + 1]!.toString(16)} at ${i}`);
      i += 2;
    } else if (b === 0x1d) {
      need(2);
      const c = bytes[i + 1]!;
      if (c === 0x21) {
        need(3);
        size = (bytes[i + 2]! & 0x0f) + 1;
        i += 3;
      } else if (c === 0x42) {
        need(3);
        i += 3;
      } else if (c === 0x56) {
        need(3);
        out.cuts += 1;
        i += bytes[i + 2]! >= 65 ? 4 : 3;
      } else if (c === 0x28 && bytes[i + 2] === 0x6b) {
        need(5);
        const len = bytes[i + 3]! + bytes[i + 4]! * 256;
        need(5 + len);
        const cn = bytes[i + 5]!;
        const fn = bytes[i + 6]!;
        if (cn === 0x31 && fn === 0x50) pendingQr = String.fromCharCode(...bytes.slice(i + 8, i + 5 + len));
        if (cn === 0x31 && fn === 0x51) {
          if (pendingQr === null) throw new Error('QR printed with no data stored');
          out.qr.push(pendingQr);
          pendingQr = null;
        }
        i += 5 + len;
      } else if (c === 0x76 && bytes[i + 2] === 0x30) {
        need(8);
        const wBytes = bytes[i + 4]! + bytes[i + 5]! * 256;
        const height = bytes[i + 6]! + bytes[i + 7]! * 256;
        need(8 + wBytes * height);
        const bits = bytes.slice(i + 8, i + 8 + wBytes * height);
        if (line) flush();
        out.rows.push({ text: readImage({ width: wBytes * 8, height, bits }), via: 'image', bold: false, size: 1 });
        i += 8 + wBytes * height;
      } else throw new Error(`unknown GS 0x${c.toString(16)} at ${i}`);
    } else if (b < 0x20) {
      throw new Error(`unknown control byte 0x${b.toString(16)} at ${i}`);
    } else {
      const ch = b < 0x80 ? String.fromCharCode(b) : CP858_HIGH[b - 0x80]!;
      if (ch !== ' ') {
        rowBold ||= bold;
        rowSize = Math.max(rowSize, size);
      }
      line += ch;
      i += 1;
    }
  }
  if (line) flush();
  out.text = out.rows.map((r) => r.text.trim()).filter((r) => r !== '');
  return out;
}

/**
 * The test's rasterizer and its reader: a row drawn as an image whose pixels carry the row's UTF-8
 * bytes (a length, then the bytes, one bit per dot, black = 1), so the reader gets the exact row back
 * from what the encoder made of the image.
 */
export function bitsRasterize(row: string, o: { dots: number; scale: 1 | 2 }): { data: Uint8ClampedArray; width: number; height: number } {
  const payload = new TextEncoder().encode(row);
  const bytes = [payload.length & 0xff, payload.length >> 8, ...payload];
  const width = o.dots;
  const height = 24 * o.scale;
  if (bytes.length * 8 > width * height) throw new Error('row too long for its image');
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  bytes.forEach((byte, n) => {
    for (let bit = 0; bit < 8; bit++) {
      if ((byte >> (7 - bit)) & 1) {
        const p = (n * 8 + bit) * 4;
        data[p] = data[p + 1] = data[p + 2] = 0;
      }
    }
  });
  return { data, width, height };
}

export function readBitsImage(img: { width: number; height: number; bits: Uint8Array }): string {
  // Raster rows are whole bytes of 8 dots: the payload's bytes read straight off, row after row.
  const len = img.bits[0]! + img.bits[1]! * 256;
  return new TextDecoder().decode(img.bits.slice(2, 2 + len));
}
