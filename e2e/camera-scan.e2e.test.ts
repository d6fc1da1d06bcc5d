import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import { virginiaLicence } from '../packages/web/src/test/aamva.js';
import { DEMO_KIOSK, DEMO_LOGINS, startE2E, type E2E } from './harness.js';

const W = 640;
const H = 480;
const FRAMES = 10;

/** A code's modules: `dark(row, col)` over `rows` × `cols`, drawn `scale` pixels a module with a quiet zone of `quiet`. */
interface Symbol2D {
  rows: number;
  cols: number;
  dark(row: number, col: number): boolean;
  quiet: number;
}

/** A customer's card as the PIN reset shows it: `moneybox:mobile_id=<id>;pin=<pin>` (web features/customer/format.ts) in a QR code. */
function cardSymbol(text: string): Symbol2D {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  return { rows: size, cols: size, dark: (r, c) => Boolean(qr.modules.get(r, c)), quiet: 4 };
}

/** A driver's licence's back: its AAMVA text in a PDF417 (ZXing's writer, the reader's own library; 0 is a dark module). */
async function licenceSymbol(text: string): Promise<Symbol2D> {
  const wasm = fs.readFileSync(path.join(import.meta.dirname, '../node_modules/zxing-wasm/dist/writer/zxing_writer.wasm'));
  await prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer }, fireImmediately: true });
  const { symbol, error } = await writeBarcode(text, { format: 'PDF417', scale: 1 });
  if (!symbol || error) throw new Error(`PDF417 not written: ${error}`);
  return { rows: symbol.height, cols: symbol.width, dark: (r, c) => symbol.data[r * symbol.width + c] === 0, quiet: 2 };
}

/** One video frame (YUV 4:2:0): the code black on white in the middle of a grey picture, as large as fits `fill` of the width. */
function frameOf(code: Symbol2D, fill: number): Buffer {
  const scale = Math.floor(Math.min((W * fill) / (code.cols + 2 * code.quiet), (H * 0.9) / (code.rows + 2 * code.quiet)));
  const width = (code.cols + 2 * code.quiet) * scale;
  const height = (code.rows + 2 * code.quiet) * scale;
  const left = Math.floor((W - width) / 2);
  const top = Math.floor((H - height) / 2);
  const y = Buffer.alloc(W * H, 96);
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const r = Math.floor(row / scale) - code.quiet;
      const c = Math.floor(col / scale) - code.quiet;
      const dark = r >= 0 && c >= 0 && r < code.rows && c < code.cols && code.dark(r, c);
      y[(top + row) * W + left + col] = dark ? 16 : 235;
    }
  }
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  return Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
}

/**
 * What the counter's camera films, for Chromium's fake camera (`--use-file-for-fake-video-capture`, played in a
 * loop): a YUV4MPEG2 video (C420, full range) of FRAMES frames, half the customer's card, half the back of a
 * licence, so each dialog finds the code it looks for and passes over the other.
 */
function counterVideo(card: Symbol2D, licence: Symbol2D): Buffer {
  const frames = Array.from({ length: FRAMES }, (_, i) => (i < FRAMES / 2 ? frameOf(card, 0.6) : frameOf(licence, 0.95)));
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...frames]);
}

/**
 * A tablet's camera at the counter: the cashier opens "Scan with camera", holds up the customer's card, and
 * that customer's account opens as a scanner's card opens it. Debian's headless Chromium has no Barcode
 * Detection API of its own, so this reads the QR through the ZXing WebAssembly reader, whose .wasm comes
 * from the app's own build (nothing fetched from another origin).
 */
describe('scanning a customer card with the camera', () => {
  let e: E2E;
  let dir: string;
  let customer: { id: number; mobile_id: string; first_name: string; last_name: string };
  let pages: Page[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbx-camera-'));
    // The card of a customer of the demo store (any PIN: the counter reads only the mobile id).
    const video = path.join(dir, 'card.y4m');
    e = await startE2E({
      chromiumArgs: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
    });
    customer = await e.server.handle.db
      .selectFrom('customer')
      .select(['id', 'mobile_id', 'first_name', 'last_name'])
      .where('store_id', '=', DEMO_KIOSK)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    // Chromium opens the file when a page first asks for the camera: written before any test does.
    fs.writeFileSync(video, counterVideo(cardSymbol(`moneybox:mobile_id=${customer.mobile_id};pin=482913`), await licenceSymbol(virginiaLicence())));
  });
  afterAll(async () => {
    await e?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') for (const [i, p] of pages.entries()) await e.screenshot(p, `camera-scan-failed-${i}`, { always: true }).catch(() => undefined);
    pages = [];
  });

  it('the cashier scans the card with the camera and that customer’s account opens; the camera is off after', { timeout: 120_000 }, async () => {
    const page = await e.newPage({ viewport: { width: 1366, height: 768 } });
    pages.push(page);
    const elsewhere: string[] = [];
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('request', (r) => {
      if (!r.url().startsWith(e.url) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) elsewhere.push(r.url());
    });
    // Every stream the page gets from the camera, to see that its tracks end.
    await page.context().addInitScript(() => {
      const streams: MediaStream[] = [];
      (window as { mbxStreams?: MediaStream[] }).mbxStreams = streams;
      const devices = navigator.mediaDevices;
      const ask = devices.getUserMedia.bind(devices);
      devices.getUserMedia = async (c) => {
        const s = await ask(c);
        streams.push(s);
        return s;
      };
    });
    const wasm = page.waitForResponse((r) => r.url().endsWith('.wasm'), { timeout: 60_000 }).catch(() => null);
    await e.signIn(page, DEMO_LOGINS.cashier, 1, '/CustomerAccount');
    await page.getByTestId('customer-search').waitFor();
    const native = await page.evaluate(async () => {
      const d = (window as { BarcodeDetector?: { getSupportedFormats(): Promise<string[]> } }).BarcodeDetector;
      return d ? (await d.getSupportedFormats()).includes('qr_code') : false;
    });

    await page.getByRole('button', { name: 'Scan with camera' }).click();
    await page.getByTestId('camera-preview').waitFor();
    // The card read: the dialog closes and the customer's account shows.
    // (A camera or reader problem shown instead ends the wait, told with the page's errors.)
    const problem = page.getByTestId('camera-scan-problem');
    await page.getByTestId('customer-id').or(problem).first().waitFor({ timeout: 60_000 });
    // The problem's name read only when one shows (reading it on an absent element waits out the page's timeout).
    if ((await problem.count()) > 0) expect.fail(`${await problem.getAttribute('data-problem')}: ${errors.join(' | ')}`);
    expect(await page.getByTestId('customer-id').textContent()).toBe(String(customer.id));
    expect(await page.getByTestId('customer-name').innerText()).toBe(`${customer.first_name} ${customer.last_name}`.trim());
    expect(await page.getByTestId('customer-mobile-id').innerText()).toBe(customer.mobile_id);
    expect(await page.getByRole('dialog').count()).toBe(0);
    // The camera is off: the preview is gone and every track the page got has ended.
    expect(await page.getByTestId('camera-preview').count()).toBe(0);
    const tracks = await page.evaluate(() => ((window as { mbxStreams?: MediaStream[] }).mbxStreams ?? []).flatMap((s) => s.getTracks().map((t) => t.readyState)));
    expect(tracks.length).toBeGreaterThan(0);
    expect(tracks.every((t) => t === 'ended')).toBe(true);
    // The box keeps no PIN; the search has the focus again for the next card.
    expect(await page.getByTestId('customer-search').inputValue()).not.toContain('482913');

    if (!native) {
      // The WebAssembly reader: its .wasm from this server, as WebAssembly.
      const res = await wasm;
      expect(res, 'the ZXing .wasm was fetched').not.toBeNull();
      expect(res!.url().startsWith(`${e.url}/assets/`)).toBe(true);
      expect(res!.headers()['content-type']).toBe('application/wasm');
    }
    expect(elsewhere).toEqual([]);
  });

  it('the cashier signs a customer up by filming the back of the licence: its PDF417 fills the form and the camera\'s dialog closes', { timeout: 120_000 }, async () => {
    const page = await e.newPage({ lang: 'mx', viewport: { width: 820, height: 1180 } });
    pages.push(page);
    await e.signIn(page, DEMO_LOGINS.cashier, 1, '/CustomerAccount');
    await page.getByTestId('customer-create').click();
    const form = page.getByTestId('customer-form');
    await form.getByRole('button', { name: 'Escanear identificación con la cámara' }).click();
    // The licence read: the camera's dialog closes and the form says what it filled.
    const problem = page.getByTestId('camera-scan-problem');
    await form.getByTestId('customer-form-scanned').or(problem).first().waitFor({ timeout: 60_000 });
    if ((await problem.count()) > 0) expect.fail(String(await problem.getAttribute('data-problem')));
    expect(await form.getByTestId('customer-form-scanned').innerText()).toBe('Datos tomados de la identificación escaneada: nombre, fecha de nacimiento, número de identificación y domicilio.');
    expect(await form.getByTestId('field-first_name').inputValue()).toBe('ANA');
    expect(await form.getByTestId('field-last_name').inputValue()).toBe('RIVERA');
    expect(await form.getByTestId('field-birthday').inputValue()).toBe('1990-08-14');
    expect(await form.getByTestId('field-drivers_license').inputValue()).toBe('T16700185');
    await page.getByRole('dialog', { name: 'Escanear la identificación del cliente' }).waitFor({ state: 'detached' });
    await e.screenshot(page, 'camera-licence-mx-820');
  });
});
