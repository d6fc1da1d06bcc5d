import { layoutLine, PAPER, type PaperWidth, type ReceiptDoc } from './receipt';

/**
 * Epson ePOS-Print XML (the TM printers' own web service, `/cgi-bin/epos/service.cgi`): the receipt as
 * the printer's elements, text (laid out in the paper's columns), the QR code, the drawer pulse and
 * the cut. `lang` picks the printer's font: `zh-cn` for a Chinese receipt (a TM model with the
 * Simplified Chinese font), `en` otherwise (Spanish prints from the printer's Latin code page).
 */
export function eposXml(doc: ReceiptDoc, width: PaperWidth, lang: 'en' | 'zh-cn'): string {
  const { columns } = PAPER[width];
  const body: string[] = [`<text lang="${lang}"/>`];
  for (const line of doc.lines) {
    const big = line.type === 'center' && line.big === true;
    const bold = line.type !== 'rule' && line.bold === true;
    const align = line.type === 'center' ? 'center' : 'left';
    const attrs = `align="${align}" em="${bold}" dw="${big}" dh="${big}"`;
    for (const row of layoutLine(line, columns)) body.push(`<text ${attrs}>${xmlText(row)}&#10;</text>`);
  }
  if (doc.qr !== null) body.push('<text align="center"/>', `<symbol type="qrcode_model_2" level="level_m" width="6">${xmlText(doc.qr)}</symbol>`, '<feed line="1"/>');
  if (doc.pulse) body.push('<pulse drawer="drawer_1" time="pulse_100"/>');
  if (doc.lines.length > 0 || doc.qr !== null) body.push('<cut type="feed"/>');
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body>',
    '<epos-print xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print">',
    ...body,
    '</epos-print>',
    '</s:Body></s:Envelope>',
  ].join('\n');
}

function xmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The ePOS-Print service of a printer at `address` (`http://192.168.1.50`): the printer's own device id, its wait bound. */
export function eposUrl(address: string): string {
  return `${address.replace(/\/+$/, '')}/cgi-bin/epos/service.cgi?devid=local_printer&timeout=10000`;
}

/** The printer's answer: `<response success="true" …>`; anything else (an error code, offline, cover open) is a failure. */
export function eposSucceeded(reply: string): boolean {
  return /<response\b[^>]*\bsuccess="true"/.test(reply);
}
