// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../locales/en/hardware.json';
import zh from '../../locales/zh_Hans/hardware.json';
import { bitsRasterize } from '../../test/escpos-decoder';
import { printReceipt } from './print';
import type { PrinterSettings } from './printer-settings';
import { movementReceipt, type MovementReceipt } from './receipt';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', resources: { en: { hardware: en }, zh_Hans: { hardware: zh } }, interpolation: { escapeValue: false } });

const purchase: MovementReceipt = {
  kind: 'purchase',
  movementId: 812,
  store: 'Lucky Star',
  cashier: 'cashier01',
  time: '2026-12-02T16:05:09.000Z',
  diff: 0,
  amount: 20,
  coinSign: '$',
  customer: { id: 42, name: 'Ana Ruiz' },
  entries: 20,
  winnings: 0,
};

interface Received {
  method: string;
  url: string;
  contentType: string;
  body: string;
}

/** An Epson ePOS-Print stand-in: it records each post and answers as `reply` says. */
async function standIn(reply: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<{ server: Server; address: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', contentType: String(req.headers['content-type']), body });
      reply(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, address: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

const ok = (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
  res.end('<?xml version="1.0" encoding="utf-8"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><response success="true" code="" status="251658262" battery="0" xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print"/></s:Body></s:Envelope>');
};

/** The document as the printer reads it: text rows, the QR code's data, the drawer pulses. */
function readEpos(xml: string) {
  const unescape = (s: string) => s.replace(/&#10;/g, '\n').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  const text = [...xml.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => unescape(m[1]!)).join('');
  return {
    rows: text.split('\n').filter(Boolean).map((r) => r.trim()),
    qr: [...xml.matchAll(/<symbol type="qrcode_model_2"[^>]*>([^<]*)<\/symbol>/g)].map((m) => unescape(m[1]!)),
    pulses: [...xml.matchAll(/<pulse drawer="drawer_1"[^>]*\/>/g)].length,
    lang: /<text lang="([^"]+)"\/>/.exec(xml)?.[1],
    cut: /<cut type="feed"\/>/.test(xml),
  };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.closeAllConnections() ?? s.close(r))));
});
const network = (address: string, width: 58 | 80 = 80): PrinterSettings => ({ transport: 'network', width, address, device: null });
const star = (address: string): PrinterSettings => ({ transport: 'star', width: 80, address, device: null });

/** The Star trader's post as the printer reads it: the request unwrapped from `<Request>`, its text rows, the QR code's data, the drawer. */
function readStar(body: string) {
  const unescape = (t: string) => t.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  const request = unescape(/<Request>([\s\S]*)<\/Request>/.exec(body)![1]!);
  const text = [...request.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => unescape(m[1]!)).join('');
  return {
    request,
    rows: text.split('\n').filter(Boolean).map((r) => r.trim()),
    qr: [...request.matchAll(/<qrcode model="model2"[^>]*>([^<]*)<\/qrcode>/g)].map((m) => Buffer.from(m[1]!, 'base64').toString('utf8')),
    pulses: [...request.matchAll(/<peripheral channel="1"[^>]*\/>/g)].length,
    cut: /<cutpaper feed="true"[^>]*\/>/.test(request),
  };
}
const starOk = (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
  res.end('<?xml version="1.0" encoding="UTF-8"?><root><success>true</success><code>ok</code><status>23860000000000000000000000000000000000</status></root>');
};

describe('network printer (Epson ePOS-Print over HTTP)', () => {
  it('posts the receipt and the drawer pulse as ePOS-Print XML to the printer’s service, and reports it printed', async () => {
    const p = await standIn(ok);
    servers.push(p.server);
    const outcome = await printReceipt(movementReceipt(purchase, i18n.getFixedT('en')), { settings: network(p.address, 58), rasterize: bitsRasterize });
    expect(outcome).toBe('printed');
    expect(p.received).toHaveLength(1);
    const [post] = p.received;
    expect(post!.method).toBe('POST');
    expect(post!.url).toBe('/cgi-bin/epos/service.cgi?devid=local_printer&timeout=10000');
    expect(post!.contentType).toMatch(/^text\/xml/);
    const doc = readEpos(post!.body);
    expect(doc.rows).toEqual(expect.arrayContaining(['Lucky Star', 'Purchase', 'Customer            Ana Ruiz #42', 'Amount                    $20.00', 'Movement                    #812']));
    expect(doc.qr).toEqual(['moneybox:movement:812']);
    expect(doc.pulses).toBe(1);
    expect(doc.cut).toBe(true);
    expect(doc.lang).toBe('en');
  });

  it('sends a Chinese receipt in the printer’s Chinese font and a comps receipt with no pulse', async () => {
    const p = await standIn(ok);
    servers.push(p.server);
    const comps = { ...purchase, kind: 'comps' as const };
    expect(await printReceipt(movementReceipt(comps, i18n.getFixedT('zh_Hans')), { settings: network(p.address), chinese: true, rasterize: bitsRasterize })).toBe('printed');
    const doc = readEpos(p.received[0]!.body);
    expect(doc.lang).toBe('zh-cn');
    expect(doc.rows).toContain('特别赠送');
    expect(doc.pulses).toBe(0);
  });

  it('is offline when the printer refuses the job (success="false", cover open) or answers an HTTP error', async () => {
    const refusing = await standIn((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.end('<response success="false" code="EPTR_COVER_OPEN" status="0"/>');
    });
    const failing = await standIn((_req, res) => {
      res.writeHead(500);
      res.end();
    });
    servers.push(refusing.server, failing.server);
    const doc = movementReceipt(purchase, i18n.getFixedT('en'));
    expect(await printReceipt(doc, { settings: network(refusing.address), rasterize: bitsRasterize })).toBe('offline');
    expect(await printReceipt(doc, { settings: network(failing.address), rasterize: bitsRasterize })).toBe('offline');
    expect(refusing.received).toHaveLength(1);
  });

  it('is offline when nothing listens at the address (connection refused)', async () => {
    const gone = await standIn(ok);
    const address = gone.address;
    await new Promise((r) => gone.server.close(r));
    expect(await printReceipt(movementReceipt(purchase, i18n.getFixedT('en')), { settings: network(address), rasterize: bitsRasterize })).toBe('offline');
  });

  it('is offline once the deadline passes when the printer takes the post and never answers, and posts it only once', async () => {
    const hanging = await standIn(() => {
      // Never answers.
    });
    servers.push(hanging.server);
    const outcome = await printReceipt(movementReceipt(purchase, i18n.getFixedT('en')), { settings: network(hanging.address), rasterize: bitsRasterize, deadlineMs: 300 });
    expect(outcome).toBe('offline');
    expect(hanging.received).toHaveLength(1);
  });
});

describe('network printer (Star WebPRNT over HTTP)', () => {
  it('posts the receipt, its QR code and the drawer pulse as the Star trader sends them, and reports it printed', async () => {
    const p = await standIn(starOk);
    servers.push(p.server);
    expect(await printReceipt(movementReceipt(purchase, i18n.getFixedT('en')), { settings: star(p.address), rasterize: bitsRasterize })).toBe('printed');
    expect(p.received).toHaveLength(1);
    expect(p.received[0]!.url).toBe('/StarWebPRNT/SendMessage');
    const doc = readStar(p.received[0]!.body);
    expect(doc.request.startsWith('<root><initialization/>')).toBe(true);
    expect(doc.rows).toEqual(expect.arrayContaining(['Lucky Star', 'Purchase', `Amount${' '.repeat(36)}$20.00`, `Movement${' '.repeat(36)}#812`]));
    expect(doc.qr).toEqual(['moneybox:movement:812']);
    expect(doc.pulses).toBe(1);
    expect(doc.cut).toBe(true);
  });

  it('is offline when the Star printer answers without success (offline, paper out), a revert posting no pulse', async () => {
    const p = await standIn((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.end('<root><success>false</success><code>printerOffline</code></root>');
    });
    servers.push(p.server);
    expect(await printReceipt(movementReceipt({ ...purchase, kind: 'revert' }, i18n.getFixedT('en')), { settings: star(p.address), rasterize: bitsRasterize })).toBe('offline');
    expect(readStar(p.received[0]!.body).pulses).toBe(0);
  });
});
