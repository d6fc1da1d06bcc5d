import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_KIOSK, DEMO_LOGINS, startE2E, type E2E } from './harness.js';

const W = 640;
const H = 480;
const FRAMES = 10;

/**
 * A customer's card (the QR the PIN reset shows: `moneybox:mobile_id=<id>;pin=<pin>`, web
 * features/customer/format.ts) as a camera sees it: a YUV4MPEG2 video (C420, full range) of FRAMES frames,
 * the code black on white in the middle of a grey picture, for Chromium's fake camera
 * (`--use-file-for-fake-video-capture`). Y plane, then U and V at a quarter each (128: no colour).
 */
function cardVideo(text: string): Buffer {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const quiet = 4;
  const scale = Math.floor(360 / (size + 2 * quiet));
  const side = (size + 2 * quiet) * scale;
  const left = Math.floor((W - side) / 2);
  const top = Math.floor((H - side) / 2);
  const y = Buffer.alloc(W * H, 96);
  for (let row = 0; row < side; row++) {
    for (let col = 0; col < side; col++) {
      const r = Math.floor(row / scale) - quiet;
      const c = Math.floor(col / scale) - quiet;
      const dark = r >= 0 && c >= 0 && r < size && c < size && qr.modules.get(r, c);
      y[(top + row) * W + left + col] = dark ? 16 : 235;
    }
  }
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: FRAMES }, () => frame)]);
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
    fs.writeFileSync(video, cardVideo(`moneybox:mobile_id=${customer.mobile_id};pin=482913`));
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
});
