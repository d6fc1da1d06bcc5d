import { layoutLine, PAPER, type PaperWidth, type ReceiptDoc } from './receipt';

/**
 * Star WebPRNT (the Star printers' own web service, `/StarWebPRNT/SendMessage`): the receipt as the
 * elements of Star's StarWebPrintBuilder, wrapped as its StarWebPrintTrader sends them (the request,
 * `<root>…</root>`, escaped inside `<Request>`). Text in the paper's columns, the QR code (its data in
 * base64), the drawer on peripheral channel 1, the cut.
 */
export function starRequest(doc: ReceiptDoc, width: PaperWidth): string {
  const { columns } = PAPER[width];
  const parts = ['<initialization/>'];
  for (const line of doc.lines) {
    const big = line.type === 'center' && line.big === true;
    const bold = line.type !== 'rule' && line.bold === true;
    parts.push(`<alignment position="${line.type === 'center' ? 'center' : 'left'}"/>`);
    const size = big ? 2 : 1;
    for (const row of layoutLine(line, columns)) parts.push(`<text emphasis="${bold}" width="${size}" height="${size}">${xmlText(row)}\n</text>`);
  }
  if (doc.qr !== null) parts.push('<alignment position="center"/>', `<qrcode model="model2" level="level_m" cell="6">${base64(doc.qr)}</qrcode>`, '<alignment position="left"/>', '<feed line="1"/>');
  if (doc.pulse) parts.push('<peripheral channel="1" on="200" off="200"/>');
  if (doc.lines.length > 0 || doc.qr !== null) parts.push('<cutpaper feed="true" type="partial"/>');
  return `<root>${parts.join('')}</root>`;
}

export function starEnvelope(doc: ReceiptDoc, width: PaperWidth): string {
  return `<StarWebPrint xmlns="http://www.star-m.jp" xmlns:i="http://www.w3.org/2001/XMLSchema-instance"><Request>${xmlText(starRequest(doc, width))}</Request></StarWebPrint>`;
}

export function starUrl(address: string): string {
  return `${address.replace(/\/+$/, '')}/StarWebPRNT/SendMessage`;
}

/** The printer's answer: `<success>true</success>` (the trader's `traderSuccess`); anything else is a failure. */
export function starSucceeded(reply: string): boolean {
  return /<success>\s*true\s*<\/success>/i.test(reply);
}

function xmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function base64(text: string): string {
  let bin = '';
  for (const b of new TextEncoder().encode(text)) bin += String.fromCharCode(b);
  return btoa(bin);
}
