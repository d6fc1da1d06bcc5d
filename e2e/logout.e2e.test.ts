import { Status } from '@moneybox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setDomainLayout } from '../packages/server/src/services/operator/operator.service.js';
import { cookie, DEMO_LOGINS, loginUrl, startE2E, type E2E, type Lang } from './harness.js';
import { SEED } from '../packages/server/src/services/audit/audit.js';

describe('logout', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
    // Shift close asks for a blind cash count when the store wants one (e2e/drawer-shift.e2e.test.ts);
    // with the setting off, logout is exactly the spec's flow, which this file checks.
    await e.server.handle.db.updateTable('store').set({ blind_count: 0 }).execute();
  });
  afterAll(() => e?.close());

  /** Opens a shift on the drawer with an initial amount, as the Drawer screen will, then logs in there in the browser. */
  async function loginWithInitialAmount(page: Page, drawer: number, amount: number) {
    const s = await e.server.loginAt(drawer, DEMO_LOGINS.cashier);
    const r = await e.server.call('/drawer/init', { UID: s.UID, TOKEN: s.TOKEN, amount, key: await e.server.key() });
    expect(r.status).toBe(Status.OK);
    await e.login(page, DEMO_LOGINS.cashier, drawer);
    expect(await cookie(page, 'initAmount')).toBe('true');
  }

  async function drawerStatus(page: Page, n: number) {
    await page.goto(loginUrl());
    return page.getByTestId(`drawer-${n}`).textContent();
  }

  it('with an initial amount: confirm, close the shift, show the report that only Close dismisses', async () => {
    const page = await e.newPage();
    await loginWithInitialAmount(page, 1, 150.5);
    await page.getByTestId('logout').click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText("Logging out closes this drawer's session and prints a drawer report").waitFor();
    for (const name of ['No, Just Logout', 'OK', 'Cancel']) await confirm.getByRole('button', { name }).waitFor();
    await e.screenshot(page, 'logout-confirm-en');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');

    await page.getByTestId('logout').click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    const report = page.getByTestId('drawer-report');
    await report.waitFor();
    const text = (await report.textContent()) ?? '';
    for (const label of ['Drawer Report', 'Drawer No.', 'Cashier account', 'Shift account', 'Shift start', 'Shift end', 'Initial amount', 'Fills', 'Bleeds', 'Total purchase', 'Total redeem', 'Balance', 'Special comps']) {
      expect(text).toContain(label);
    }
    expect(await report.locator('[data-line="initialAmount"] td').textContent()).toBe('$150.50');
    expect(await report.locator('[data-line="balance"] td').textContent()).toBe('$150.50');
    expect(await report.locator('[data-line="drawerNumber"] td').textContent()).toBe('1');
    expect(await report.locator('[data-line="shiftEnd"] td').textContent()).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(await report.locator('[data-line="counted"]').count()).toBe(0);
    await e.screenshot(page, 'drawer-report-en');

    // Neither Escape nor a click outside dismisses it.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 400);
    await page.waitForTimeout(300);
    expect(await report.isVisible()).toBe(true);

    // Print prints the report alone, 300px wide.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    const printed = page.getByTestId('drawer-report-print');
    const box = await printed.boundingBox();
    expect(box?.width).toBe(300);
    expect(await printed.textContent()).toContain('Special comps');
    expect(await page.getByTestId('logout').isVisible()).toBe(false);
    expect(await report.isVisible()).toBe(false);
    await page.pdf({ path: 'test-results/screenshots/drawer-report-en.pdf', width: '80mm' });
    await e.screenshot(page, 'drawer-report-print-en');
    await page.emulateMedia({ media: 'screen' });

    await page.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL((u) => u.pathname === '/pos/login' && u.searchParams.get('kioskId') === '1001');
    expect(await cookie(page, 'token')).toBeUndefined();
    expect(await cookie(page, 'initAmount')).toBeUndefined();
    await expect(drawerStatus(page, 1)).resolves.toContain('Available');
  });

  it("'No, Just Logout' leaves the shift open; the cashier picks it up again", async () => {
    const page = await e.newPage();
    await loginWithInitialAmount(page, 2, 20);
    await page.getByTestId('logout').click();
    await page.getByRole('dialog').getByRole('button', { name: 'No, Just Logout' }).click();
    await page.waitForURL((u) => u.pathname === '/pos/login');
    expect(await cookie(page, 'uid')).toBeUndefined();
    await expect(page.getByTestId('drawer-2').textContent()).resolves.toMatch(/Occupied.*cashier01/);
    // Its session is over on the server too: the old token is refused.
    await e.login(page, DEMO_LOGINS.cashier, 2);
    expect(await cookie(page, 'initAmount')).toBe('true');
    await page.getByTestId('logout').click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByTestId('drawer-report').waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL((u) => u.pathname === '/pos/login');
  });

  it('without an initial amount: closes the shift and goes to login with no dialog', async () => {
    const page = await e.newPage();
    await e.login(page, DEMO_LOGINS.cashier, 3);
    const token = await cookie(page, 'token');
    const uid = await cookie(page, 'uid');
    await page.getByTestId('logout').click();
    await page.waitForURL((u) => u.pathname === '/pos/login');
    expect(await cookie(page, 'token')).toBeUndefined();
    await expect(page.getByTestId('drawer-3').textContent()).resolves.toContain('Available');
    const after = await e.server.call('/config/localtime', { UID: Number(uid), TOKEN: token });
    expect(after.status).toBe(Status.SESSION_REPLACED);
  });

  it('viewer (moneybox -1): just clears auth', async () => {
    const page = await e.newPage();
    await e.login(page, DEMO_LOGINS.boss, null);
    const shifts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/API/drawer/shift')) shifts.push(r.url());
    });
    await page.getByTestId('logout').click();
    await page.waitForURL((u) => u.pathname === '/pos/login');
    expect(shifts).toEqual([]);
    expect(await cookie(page, 'uid')).toBeUndefined();
    // Protected pages are closed again.
    await page.goto('/');
    await page.waitForURL((u) => u.pathname === '/pos/login');
  });

  it('prints the report in every language, and with the colon sign on layout 2', async () => {
    await setDomainLayout({ handle: { db: e.server.handle.db } }, SEED, { host: e.host, layout: 2 });
    const langs: Lang[] = ['zh_Hans', 'mx'];
    for (const lang of langs) {
      const page = await e.newPage({ lang });
      await loginWithInitialAmount(page, 1, 1234.5);
      await page.getByTestId('logout').click();
      await page.getByTestId('logout-ok').click();
      const report = page.getByTestId('drawer-report');
      await report.waitFor();
      expect(await report.locator('[data-line="initialAmount"] td').textContent()).toBe('₡1,234.50');
      await expect(report.textContent()).resolves.toContain(lang === 'mx' ? 'Informe de caja' : '钱箱报表');
      await e.screenshot(page, `drawer-report-${lang}`);
      await page.getByRole('dialog').locator('button').last().click();
      await page.waitForURL((u) => u.pathname === '/pos/login');
    }
    await setDomainLayout({ handle: { db: e.server.handle.db } }, SEED, { host: e.host, layout: 0 });
  });
});
