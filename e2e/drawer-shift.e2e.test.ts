import { Status } from '@moneybox/contract';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cookie, DEMO_LOGINS, FULL, initAndFill, loginUrl, screenshotDir, startE2E, type E2E, type Lang } from './harness.js';
import { LANGS } from './sweep.js';

/** The counted close in English and Chinese; a full run in Spanish too (logout.e2e prints the report in all three every run). */
const SHIFT_LANGS: readonly Lang[] = FULL ? LANGS : ['en', 'zh_Hans'];

const T = {
  en: { reportTitle: 'Drawer Report', expected: 'Expected balance', close: 'Close', countTitle: 'Cash count' },
  mx: { reportTitle: 'Informe de caja', expected: 'Saldo esperado', close: 'Cerrar', countTitle: 'Arqueo de efectivo' },
  zh_Hans: { reportTitle: '钱箱报表', expected: '应有余额', close: '关闭', countTitle: '现金盘点' },
} as const;

/** Shift close with the blind cash count, the printed report in every language, and its reprint. */
describe('shift close with a blind cash count', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(() => e?.close());

  async function session(page: Page) {
    return { UID: Number(await cookie(page, 'uid')), TOKEN: (await cookie(page, 'token'))! };
  }

  /** Opens the shift through the Drawer page: initial amount and a fill; serves a purchase and a redeem through the API. */
  async function workAShift(page: Page, drawer: number) {
    await e.signIn(page, DEMO_LOGINS.cashier, drawer);
    await initAndFill(page, '300', { amount: '45.25', reason: 'coins' });
    const s = await session(page);
    expect((await e.server.call('/customer/purchase', { ...s, id: 2, key: await e.server.key(), amount: 60 })).status).toBe(Status.OK);
    expect((await e.server.call('/customer/redeem', { ...s, id: 1, key: await e.server.key(), amount: 25 })).status).toBe(Status.OK);
    // Expected: 300 + 45.25 + 60 - 25 = 380.25; under blind count the cashier's page lists the movements, no figure.
    await page.getByTestId('movements').locator('[data-kind="redeem"]').waitFor({ timeout: 15_000 });
    await page.getByTestId('movements').locator('[data-kind="purchase"]').waitFor();
  }

  /** Prints the open report to a PDF on an 80 mm receipt, renders it to PNG, and checks nothing is wider than 300px. */
  async function printReport(page: Page, name: string) {
    await page.emulateMedia({ media: 'print' });
    const printed = page.getByTestId('drawer-report-print');
    expect((await printed.boundingBox())?.width).toBe(300);
    const overflow = await printed.evaluate((root) => [root, ...root.querySelectorAll('*')].filter((el) => el.scrollWidth > el.clientWidth + 1).length);
    expect(overflow).toBe(0);
    await e.screenshot(page, `${name}-print`);
    const pdf = path.join(screenshotDir, `${name}.pdf`);
    await page.pdf({ path: pdf, width: '80mm', printBackground: true });
    await page.emulateMedia({ media: 'screen' });
    expect(fs.statSync(pdf).size).toBeGreaterThan(1000);
    try {
      execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', pdf, path.join(screenshotDir, `${name}-pdf`)]);
    } catch {
      // poppler-utils is optional: the PDF itself is the artifact.
    }
  }

  for (const lang of SHIFT_LANGS) {
    it(`counts the cash before the report and prints it at 300px (${lang})`, async () => {
      const t = T[lang];
      const drawer = { en: 1, mx: 2, zh_Hans: 3 }[lang];
      const page = await e.newPage({ lang });
      await workAShift(page, drawer);

      await page.getByTestId('logout').click();
      await page.getByTestId('logout-ok').click();
      const count = page.getByTestId('cash-count-dialog');
      await count.getByText(t.countTitle).waitFor();
      // Blind: what the drawer should hold is nowhere on the dialog.
      expect(await count.textContent()).not.toContain('380.25');
      await e.screenshot(page, `drawer-count-${lang}`);

      if (lang === 'en') {
        // Cancel returns to work without closing the shift.
        await page.getByTestId('count-cancel').click();
        await count.waitFor({ state: 'detached' });
        expect((await e.server.call('/drawer/info', await session(page))).shift_id).not.toBeNull();
        await page.getByTestId('logout').click();
        await page.getByTestId('logout-ok').click();
        await page.getByTestId('count-submit').waitFor();
      }

      // By denomination: 3×100 + 1×50 + 1×20 + 5×1 + 1×0.25 = 375.25, five short.
      await page.getByTestId('count-by-denomination').click();
      for (const [d, n] of [['100', '3'], ['50', '1'], ['20', '1'], ['1', '5'], ['0.25', '1']]) {
        await count.locator(`input[data-denomination="${d}"]`).fill(n!);
      }
      await expect(page.getByTestId('count-sum').textContent()).resolves.toBe('$375.25');
      expect(await count.textContent()).not.toContain('380.25');
      await e.screenshot(page, `drawer-count-denominations-${lang}`);
      await page.getByTestId('count-submit').click();

      const report = page.getByTestId('drawer-report');
      await report.waitFor();
      await expect(report.textContent()).resolves.toContain(t.reportTitle);
      expect(await report.locator('[data-line="balance"] th').textContent()).toBe(t.expected);
      expect(await report.locator('[data-line="balance"] td').textContent()).toBe('$380.25');
      expect(await report.locator('[data-line="counted"] td').textContent()).toBe('$375.25');
      expect(await report.locator('[data-line="overShort"] td').textContent()).toBe('-$5.00');
      expect(await report.locator('[data-line="fills"] td').textContent()).toBe('$45.25');
      expect(await report.locator('[data-line="totalPurchase"] td').textContent()).toBe('$60.00');
      expect(await report.locator('[data-line="totalRedeem"] td').textContent()).toBe('$25.00');
      await e.screenshot(page, `drawer-report-count-${lang}`);

      // The closed shift is final on the server too, with the count kept.
      const boss = await e.server.login(DEMO_LOGINS.boss, 'viewer');
      const closed = await e.server.call('/drawer/recentShifts', { UID: boss.UID, TOKEN: boss.TOKEN });
      const latest = (closed.list as Array<{ moneybox: number; counted: number; over_short: number; count_detail: Record<string, number> }>)[0]!;
      expect(latest).toMatchObject({ moneybox: drawer, counted: 375.25, over_short: -5, count_detail: { '100': 3, '50': 1, '20': 1, '1': 5, '0.25': 1 } });
      await e.server.call('/user/logout', { UID: boss.UID, TOKEN: boss.TOKEN });

      await page.evaluate(() => {
        window.print = () => {
          (window as unknown as { printed: boolean }).printed = true;
        };
      });
      await page.getByRole('dialog').getByRole('button').first().click();
      expect(await page.evaluate(() => (window as unknown as { printed?: boolean }).printed)).toBe(true);
      await printReport(page, `drawer-report-count-${lang}`);

      await page.getByRole('dialog').getByRole('button', { name: t.close }).click();
      await page.waitForURL((u) => u.pathname === '/pos/login');
      expect(await cookie(page, 'token')).toBeUndefined();
    });
  }

  it('logs in again on another drawer and reprints the last report from its record', async () => {
    const page = await e.newPage();
    await e.signIn(page, DEMO_LOGINS.cashier, 2, '/Drawer');
    const recent = page.getByTestId('recent-shifts');
    await recent.locator('tbody tr').first().waitFor();
    // One closed shift per language above, the last one (Chinese) at drawer 3.
    expect(await recent.locator('tbody tr').count()).toBeGreaterThanOrEqual(SHIFT_LANGS.length);
    const first = recent.locator('tbody tr').first();
    await expect(first.textContent()).resolves.toContain('-$5.00');
    await first.getByRole('button', { name: 'Reprint' }).click();
    const report = page.getByTestId('drawer-report');
    await report.waitFor();
    expect(await report.locator('[data-line="drawerNumber"] td').textContent()).toBe('3');
    expect(await report.locator('[data-line="counted"] td').textContent()).toBe('$375.25');
    expect(await report.locator('[data-line="cashierAccount"] td').textContent()).toBe('cashier01');
    await e.screenshot(page, 'drawer-reprint-en');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await report.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/Drawer');
  });

  /** cashier01 at drawer 2 on the Drawer page, its initial amount set and the cash form ready. */
  async function cashierAtDrawer2WithFloat(amount: string) {
    const page = await e.newPage();
    await e.signIn(page, DEMO_LOGINS.cashier, 2, '/Drawer');
    await page.getByTestId('init-form').locator('input[name="amount"]').fill(amount);
    await page.getByTestId('init-submit').click();
    await page.getByTestId('cash-form').waitFor();
    return page;
  }

  it('closes the shift from the Drawer page with the same count and report', async () => {
    const page = await cashierAtDrawer2WithFloat('20');
    await page.getByTestId('close-shift').click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByTestId('count-total').waitFor();
    await page.getByTestId('count-total').fill('21');
    await page.getByTestId('count-submit').click();
    const report = page.getByTestId('drawer-report');
    await report.waitFor();
    expect(await report.locator('[data-line="overShort"] td').textContent()).toBe('+$1.00');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.waitForURL((u) => u.pathname === '/pos/login');
    await expect(page.getByTestId('drawer-2').textContent()).resolves.toContain('Available');
  });

  /**
   * The open handover dialog: the count, the next cashier (the boss) signs, the report shows the over/short;
   * the next cashier then holds drawer 2 with the count as its initial amount (and closes it again).
   */
  async function signHandover(page: Page, count: string, overShort: string) {
    await page.getByTestId('count-total').fill(count);
    await page.getByTestId('handover-username').fill(DEMO_LOGINS.boss.username);
    await page.getByTestId('handover-password').fill(DEMO_LOGINS.boss.password);
    await page.getByTestId('count-submit').click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    const report = page.getByTestId('drawer-report');
    await report.waitFor();
    expect(await report.locator('[data-line="overShort"] td').textContent()).toBe(overShort);
    const next = await e.server.login(DEMO_LOGINS.boss);
    expect(next.moneybox).toBe(2);
    const x = await e.server.call('/drawer/xReport', { UID: next.UID, TOKEN: next.TOKEN });
    expect(x).toMatchObject({ status: Status.OK, initial_amount: Number(count), float_difference: 0 });
    expect((await e.server.call('/drawer/shift', { UID: next.UID, TOKEN: next.TOKEN, counted: Number(count) })).status).toBe(Status.OK);
  }

  it('hands the drawer over in one step: the next cashier signs, and their shift starts from the count', async () => {
    const page = await cashierAtDrawer2WithFloat('20');
    await page.getByTestId('handover-shift').click();
    await signHandover(page, '22.5', '+$2.50');
  });

  it("hands the drawer over from logout's count dialog: the same one step, then the login page", async () => {
    const page = await cashierAtDrawer2WithFloat('20');
    await page.getByTestId('logout').click();
    await page.getByTestId('logout-ok').click();
    await page.getByTestId('count-handover').click();
    await signHandover(page, '19', '-$1.00');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.waitForURL((u) => u.pathname === '/pos/login');
  });

  it('without the store setting, logout is exactly the spec flow: no count step', async () => {
    await e.server.handle.db.updateTable('store').set({ blind_count: 0 }).execute();
    try {
      const page = await e.newPage();
      await e.signIn(page, DEMO_LOGINS.cashier, 1, '/Drawer');
      await page.getByTestId('init-form').locator('input[name="amount"]').fill('10');
      await page.getByTestId('init-submit').click();
      await page.getByTestId('cash-form').waitFor();
      await page.getByTestId('logout').click();
      await page.getByTestId('logout-ok').click();
      const report = page.getByTestId('drawer-report');
      await report.waitFor();
      expect(await page.getByTestId('cash-count-dialog').count()).toBe(0);
      expect(await report.locator('[data-line="counted"]').count()).toBe(0);
      expect(await report.locator('[data-line="balance"] th').textContent()).toBe('Balance');
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await page.waitForURL((u) => u.pathname === '/pos/login');
      expect(page.url()).toContain(loginUrl().split('?')[1]);
    } finally {
      await e.server.handle.db.updateTable('store').set({ blind_count: 1 }).execute();
    }
  });
});
