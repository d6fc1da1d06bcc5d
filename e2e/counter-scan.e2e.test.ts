import { Status } from '@moneybox/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { DEMO_KIOSK, DEMO_LOGINS, startE2E, type E2E } from './harness.js';

/**
 * A card scanner at the counter is a keyboard: it types the card's digits and Enter within a few
 * milliseconds. Scanning the next card always searches and shows that customer; it never opens a money
 * dialog, least of all for the customer shown before, wherever the focus was; a customer card's QR text is
 * read for its mobile id (never its PIN); a slow search reply that lands after the cashier typed again opens
 * nothing and shows no stale customer.
 */
describe('scanning cards at the counter', () => {
  let e: E2E;
  const mobiles: Array<{ id: number; mobile: string }> = [];
  let pages: Page[] = [];

  beforeAll(async () => {
    e = await startE2E();
    const rows = await e.server.handle.db.selectFrom('customer').select(['id', 'mobile_id']).where('store_id', '=', DEMO_KIOSK).orderBy('id').limit(4).execute();
    for (const r of rows) mobiles.push({ id: r.id, mobile: r.mobile_id });
    const s = await e.server.loginAt(1, DEMO_LOGINS.cashier);
    expect((await e.server.call('/drawer/init', { UID: s.UID, TOKEN: s.TOKEN, amount: 1000, key: await e.server.key() })).status).toBe(Status.OK);
  });
  afterAll(() => e?.close());
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') for (const [i, p] of pages.entries()) await e.screenshot(p, `counter-scan-failed-${i}`, { always: true }).catch(() => undefined);
    for (const p of pages) await p.context().close().catch(() => undefined);
    pages = [];
  });
  const SLOW = { timeout: 15_000 };

  async function counter(): Promise<Page> {
    const page = await e.newPage({ viewport: { width: 1366, height: 768 } });
    pages.push(page);
    await e.signIn(page, DEMO_LOGINS.cashier, 1, '/CustomerAccount');
    await page.getByTestId('customer-search').waitFor();
    return page;
  }

  /** A keyboard-wedge scanner: the digits a few ms apart, then Enter, to whatever has the focus. */
  async function scan(page: Page, digits: string) {
    await page.keyboard.type(digits, { delay: 3 });
    await page.keyboard.press('Enter');
  }

  const shownId = (page: Page) => page.getByTestId('customer-id').textContent();
  const dialogs = (page: Page) => page.getByRole('dialog').count();

  it('a second card scanned after a customer opened searches and shows the second customer, wherever the focus was', { timeout: 120_000 }, async () => {
    const page = await counter();
    const [a, b, c, d] = mobiles as [(typeof mobiles)[0], (typeof mobiles)[0], (typeof mobiles)[0], (typeof mobiles)[0]];
    await scan(page, a.mobile);
    await expect.poll(() => shownId(page), SLOW).toBe(String(a.id));
    // Straight on: the next card, with nothing in between.
    await scan(page, b.mobile);
    await expect.poll(() => shownId(page), SLOW).toBe(String(b.id));
    expect(await dialogs(page)).toBe(0);
    // The focus on the customer's Purchase button (a Tab, a click that did not go through): the scan still searches.
    await page.getByTestId('action-purchase').focus();
    await scan(page, c.mobile);
    await expect.poll(() => shownId(page), SLOW).toBe(String(c.id));
    expect(await dialogs(page)).toBe(0);
    // A click on the page outside any field: the same.
    await page.getByTestId('customer-card').click({ position: { x: 5, y: 5 } });
    await scan(page, d.mobile);
    await expect.poll(() => shownId(page), SLOW).toBe(String(d.id));
    expect(await dialogs(page)).toBe(0);
    // A money dialog opens by a deliberate act on the customer shown, and names them.
    await page.getByTestId('action-purchase').click();
    await page.getByRole('dialog').getByTestId('money-amount').waitFor();
    expect(await page.getByRole('dialog').innerText()).toContain(d.mobile);
  });

  it('a customer card’s own QR text (mobile id and PIN) scanned into the box opens that customer, searched by the mobile id alone', { timeout: 120_000 }, async () => {
    const page = await counter();
    const [a] = mobiles as [(typeof mobiles)[0]];
    const rules: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/API/customer/search')) rules.push((JSON.parse(r.postData() ?? '{}') as { rule?: string }).rule ?? '');
    });
    // The card the PIN reset shows (web features/customer/format.ts loginQrValue), as a scanner types it.
    await scan(page, `moneybox:mobile_id=${a.mobile};pin=864209`);
    await expect.poll(() => shownId(page), SLOW).toBe(String(a.id));
    expect(await page.getByTestId('customer-search').inputValue()).not.toContain('864209');
    expect(rules.filter((r) => r.includes('864209') || r.includes('moneybox'))).toEqual([]);
    expect(rules).toContain(a.mobile);
  });

  it('a slow search reply landing after the cashier typed again opens nothing and shows no stale customer', { timeout: 120_000 }, async () => {
    const page = await counter();
    const [a, b, c] = mobiles as [(typeof mobiles)[0], (typeof mobiles)[0], (typeof mobiles)[0]];
    await scan(page, a.mobile);
    await expect.poll(() => shownId(page), SLOW).toBe(String(a.id));
    // The search for card B is held back (a slow network); the others answer at once.
    const held: Route[] = [];
    await page.route('**/API/customer/search', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as { rule?: string };
      if (body.rule === b.mobile) held.push(route);
      else await route.continue();
    });
    await scan(page, b.mobile);
    await expect.poll(() => held.length, SLOW).toBeGreaterThan(0);
    // The cashier clicks elsewhere, back into the box, and scans card C, whose search answers.
    await page.getByTestId('customer-card').click({ position: { x: 5, y: 5 } });
    await page.getByTestId('customer-search').click();
    await page.getByTestId('customer-search').fill('');
    await scan(page, c.mobile);
    await expect.poll(() => shownId(page), SLOW).toBe(String(c.id));
    // Now B's reply lands.
    const landed = page.waitForResponse((r) => r.url().endsWith('/API/customer/search') && (r.request().postData() ?? '').includes(b.mobile), SLOW);
    for (const r of held) await r.continue();
    await landed;
    // Given the page time to act on it: it must not.
    await page.evaluate(() => new Promise((r) => setTimeout(r, 500)));
    expect(await shownId(page)).toBe(String(c.id));
    expect(await dialogs(page)).toBe(0);
    expect(await page.getByTestId('customer-search-results').count()).toBe(0);
  });
});
