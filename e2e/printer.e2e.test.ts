import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Status } from '@moneybox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { bossSession, enrolTerminal } from '../packages/server/src/testing/terminal-kit.js';
import { DEMO_LOGINS, startE2E, type E2E } from './harness.js';

/**
 * The counter's network receipt printer in Chromium (issue 38): an Epson ePOS-Print stand-in on this
 * machine (an HTTP server answering as the printer's web service does, CORS included), named to the
 * server in PRINTER_ORIGINS so the page's CSP lets the post through. A purchase prints its receipt with
 * the drawer pulse, a comps one without it; a printer that does not answer leaves the purchase done
 * once and the cashier told; a reload kiosk's collection slip prints there, and again from the day's list,
 * never with the pulse.
 */
interface Printed {
  path: string;
  body: string;
}

describe('network receipt printer', () => {
  let e: E2E;
  let printer: http.Server;
  let origin = '';
  const printed: Printed[] = [];
  let answer: 'ok' | 'hang' = 'ok';
  const hung: http.ServerResponse[] = [];

  beforeAll(async () => {
    printer = http.createServer((req, res) => {
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('access-control-allow-headers', 'content-type, soapaction, if-modified-since');
      res.setHeader('access-control-allow-methods', 'POST, OPTIONS');
      if (req.method === 'OPTIONS') return void res.end();
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        printed.push({ path: req.url ?? '', body });
        if (answer === 'hang') return void hung.push(res);
        res.setHeader('content-type', 'text/xml; charset=utf-8');
        res.end('<?xml version="1.0" encoding="utf-8"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><response success="true" code="" status="251658262" battery="0" xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print"/></s:Body></s:Envelope>');
      });
    });
    await new Promise<void>((resolve) => printer.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(printer.address() as AddressInfo).port}`;
    e = await startE2E({ settings: { printerOrigins: [origin] } });
    const s = await e.server.loginAt(1, DEMO_LOGINS.cashier);
    expect((await e.server.call('/drawer/init', { UID: s.UID, TOKEN: s.TOKEN, amount: 500, key: await e.server.key() })).status).toBe(Status.OK);
  });
  afterAll(async () => {
    for (const res of hung) res.destroy();
    await e?.close();
    await new Promise((resolve) => printer.close(resolve));
  });

  /** The cashier at drawer 1 (its shift's initial amount counted), this browser's printer set to the stand-in, Eva's card open. */
  async function counter(): Promise<Page> {
    const page = await e.newPage();
    await page.addInitScript((address) => localStorage.setItem('mbxPrinter', JSON.stringify({ transport: 'network', width: 80, address, device: null })), origin);
    await e.signIn(page, DEMO_LOGINS.cashier, 1, '/CustomerAccount');
    const box = page.getByTestId('customer-search');
    await box.fill('Eva');
    await box.press('Enter');
    await page.getByTestId('customer-card').waitFor();
    return page;
  }

  async function move(page: Page, kind: 'purchase' | 'comps', amount: string) {
    await page.getByTestId(`action-${kind}`).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('money-amount').fill(amount);
    await dialog.getByTestId('money-amount').press('Enter');
    await dialog.getByTestId('money-done').waitFor();
    return dialog;
  }

  const receiptsSince = async (n: number, want: number) => {
    await expect.poll(() => printed.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(n + want);
    return printed.slice(n);
  };

  it('prints a purchase with the drawer pulse and its QR, a comps without the pulse', { timeout: 120_000 }, async () => {
    const page = await counter();
    const before = printed.length;
    const dialog = await move(page, 'purchase', '12.34');
    const [purchase] = await receiptsSince(before, 1);
    expect(purchase!.path).toMatch(/^\/cgi-bin\/epos\/service\.cgi\?devid=local_printer/);
    expect(purchase!.body).toContain('<pulse drawer="drawer_1"');
    expect(purchase!.body).toContain('12.34');
    expect(purchase!.body).toMatch(/<symbol type="qrcode_model_2"[^>]*>moneybox:movement:\d+<\/symbol>/);
    await expect.poll(() => dialog.getByTestId('movement-print').getAttribute('data-state')).toBe('printed');
    await page.getByTestId('money-close').click();
    await dialog.waitFor({ state: 'detached' });

    const beforeComps = printed.length;
    await move(page, 'comps', '1');
    const [comps] = await receiptsSince(beforeComps, 1);
    expect(comps!.body).not.toContain('<pulse');
    expect(comps!.body).toContain('<cut');
    await e.screenshot(page, 'printer-comps-printed');
  });

  it("No sale opens the drawer through the printer, and the X report's Print sends the report there, counting that opening", { timeout: 120_000 }, async () => {
    const page = await e.newPage();
    await page.addInitScript((address) => localStorage.setItem('mbxPrinter', JSON.stringify({ transport: 'network', width: 80, address, device: null })), origin);
    await e.signIn(page, DEMO_LOGINS.cashier, 1, '/Drawer');
    const before = printed.length;
    await page.getByTestId('no-sale').click();
    const [pulse] = await receiptsSince(before, 1);
    expect(pulse!.body).toContain('<pulse drawer="drawer_1"');
    await page.getByTestId('x-report').click();
    const report = page.getByTestId('drawer-report-dialog');
    await report.getByText('X Report').first().waitFor();
    const beforeReport = printed.length;
    await report.getByTestId('drawer-report-print-button').click();
    const [x] = await receiptsSince(beforeReport, 1);
    expect(x!.body).toContain('X Report');
    expect(x!.body).toMatch(/Drawer opened \(No sale\) +1/);
    expect(x!.body).not.toContain('<pulse');
    expect(await report.getByTestId('drawer-report-printer-offline').count()).toBe(0);
    await e.screenshot(page, 'printer-x-report');
  });

  it("a boss closes yesterday and the Z report's receipt Print sends it to the printer with the ledger seal and its QR code", { timeout: 120_000 }, async () => {
    const page = await e.newPage();
    await page.addInitScript((address) => localStorage.setItem('mbxPrinter', JSON.stringify({ transport: 'network', width: 80, address, device: null })), origin);
    await e.signIn(page, DEMO_LOGINS.boss, null, '/Reports/DayClose');
    const today = await page.getByTestId('day-close-day').inputValue();
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await page.goto(`/Reports/DayClose?day=${yesterday}`);
    await page.getByTestId('day-close-submit').click();
    await expect.poll(() => page.getByTestId('day-close-state').textContent()).toBe('Closed');
    await page.getByTestId('z-receipt').click();
    const dialog = page.getByTestId('z-receipt-dialog');
    await dialog.locator('h1', { hasText: 'Z Report' }).waitFor();
    const before = printed.length;
    await dialog.getByRole('button', { name: 'Print' }).click();
    const [z] = await receiptsSince(before, 1);
    expect(z!.body).toContain('Z Report');
    expect(z!.body).toContain(`day ${yesterday}`);
    expect(z!.body).toMatch(/<symbol type="qrcode_model_2"[^>]*>mbx-day-seal v1/);
    expect(z!.body).not.toContain('<pulse');
    await e.screenshot(page, 'printer-z-report');
  });

  it("a boss collects a reload kiosk's box and its slip's Print sends the slip to the printer, no drawer pulse; the day's list reprints it", { timeout: 120_000 }, async () => {
    const kiosk = await enrolTerminal(e.server, await bossSession(e.server), 'reload_kiosk');
    await kiosk.socket.command({ type: 'cash', seq: 1, direction: 'in', amount_cents: 70_00, meter_cents: 70_00, detail: { '20': 3, '10': 1 } });
    const page = await e.newPage();
    await page.addInitScript((address) => localStorage.setItem('mbxPrinter', JSON.stringify({ transport: 'network', width: 80, address, device: null })), origin);
    await e.signIn(page, DEMO_LOGINS.boss, null, '/Reports/DayClose');
    const row = page.locator(`[data-kiosk="${kiosk.name}"]`);
    await row.getByText('$70.00').waitFor();
    await row.getByTestId(`collect-${kiosk.name}`).click();
    const collect = page.getByTestId('kiosk-collect-dialog');
    await collect.locator('input[data-denomination="20"]').fill('3');
    await collect.getByTestId('collect-submit').click();
    const dialog = page.getByTestId('kiosk-slip-dialog');
    await dialog.getByTestId('kiosk-slip').waitFor();
    const before = printed.length;
    await dialog.getByRole('button', { name: 'Print' }).click();
    const [slip] = await receiptsSince(before, 1);
    expect(slip!.path).toMatch(/^\/cgi-bin\/epos\/service\.cgi\?devid=local_printer/);
    expect(slip!.body).toContain('>Kiosk collection&#10;</text>');
    expect(slip!.body).toMatch(new RegExp(`>Kiosk +${kiosk.name} #\\d+&#10;`));
    expect(slip!.body).toMatch(/>Collected by +boss01&#10;/);
    expect(slip!.body).toMatch(/>Expected +\$70\.00&#10;/);
    expect(slip!.body).toMatch(/> {2}\$20 × 3 +\$60\.00&#10;/);
    expect(slip!.body).toMatch(/>Over\/short +-\$10\.00&#10;/);
    const qr = /<symbol type="qrcode_model_2"[^>]*>(moneybox:collection:(\d+))<\/symbol>/.exec(slip!.body);
    expect(qr).not.toBeNull();
    expect(slip!.body).not.toContain('<pulse');
    expect(await dialog.getByTestId('kiosk-slip-printer-offline').count()).toBe(0);
    await e.screenshot(page, 'printer-kiosk-slip');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The day's collections list reprints the same collection's slip, marked so.
    const reprintButton = page.getByTestId(`collection-slip-${qr![2]}`);
    await reprintButton.click();
    const again = page.getByTestId('kiosk-slip-dialog');
    await again.getByTestId('kiosk-slip').waitFor();
    const beforeReprint = printed.length;
    await again.getByRole('button', { name: 'Print' }).click();
    const [reprint] = await receiptsSince(beforeReprint, 1);
    expect(reprint!.body).toContain('>Reprint&#10;</text>');
    expect(reprint!.body).toContain(`>${qr![1]}</symbol>`);
    expect(reprint!.body).not.toContain('<pulse');
    await kiosk.socket.close();
  });

  it('says the printer is offline when it does not answer, and the purchase is done once', { timeout: 120_000 }, async () => {
    const page = await counter();
    const count = async () => Number((await e.server.handle.db.selectFrom('ledger').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', 'purchase').where('amount_cents', '=', 700).executeTakeFirstOrThrow()).n);
    const purchases = await count();
    answer = 'hang';
    const before = printed.length;
    const dialog = await move(page, 'purchase', '7');
    await receiptsSince(before, 1);
    // The printer's wait bound passes; the cashier is told, the dialog stays done.
    await dialog.getByTestId('printer-offline').waitFor({ timeout: 30_000 });
    expect(await dialog.getByTestId('money-done').isVisible()).toBe(true);
    expect(await count()).toBe(purchases + 1);
    await e.screenshot(page, 'printer-offline');
    answer = 'ok';
  });
});
