import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cookie, DEMO_LOGINS, loginUrl, startE2E, type E2E } from './harness.js';

import { sweep } from './sweep.js';
/** Drawer Setup (boss): the store's drawers, freeze and unfreeze, create up to the maximum, force close. */
describe('drawer setup', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(() => e?.close());

  const card = (page: Page, n: number) => page.getByTestId(`setup-drawer-${n}`);

  /** OK in the confirm box whose text contains `text`. */
  async function confirmOk(page: Page, text: string) {
    const dialog = page.getByRole('dialog').filter({ hasText: text });
    await dialog.waitFor();
    await dialog.locator('button').last().click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('freezes a drawer: the login page refuses it (45, translated), and unfreezes it', async () => {
    // A cashier has drawer 2 chosen on the login page before the boss freezes it.
    const counter = await e.newPage({ lang: 'mx' });
    await counter.goto(loginUrl());
    await counter.getByTestId('drawer-2').click();
    await counter.locator('input[name="username"]').fill(DEMO_LOGINS.cashier.username);
    await counter.locator('input[name="password"]').fill(DEMO_LOGINS.cashier.password);

    const page = await e.newPage();
    await e.signIn(page, DEMO_LOGINS.boss, 1, '/SystemSetup/DrawerSetup');
    await card(page, 2).waitFor();
    await expect(page.getByTestId('breadcrumb').textContent()).resolves.toBe('Home›System Setup›Drawer Setup');
    expect(await card(page, 1).getByTestId('drawer-status').textContent()).toBe('Occupied');
    expect(await card(page, 1).locator('[data-row="accountUsing"] td').textContent()).toBe('boss01');
    expect(await card(page, 2).getByTestId('drawer-status').textContent()).toBe('Available');
    await expect(card(page, 1).textContent()).resolves.toMatch(/Create time\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    await card(page, 2).getByTestId('toggle-freeze').click();
    await confirmOk(page, 'Freeze drawer 2?');
    await page.getByText('Drawer 2 frozen').waitFor();
    await card(page, 2).getByText('Frozen').waitFor();
    expect(await card(page, 2).getAttribute('data-status')).toBe('frozen');
    await e.screenshot(page, 'drawer-setup-frozen-en');

    await counter.getByTestId('login-submit').click();
    await expect(counter.getByTestId('message-box-text').textContent()).resolves.toBe('Caja congelada');
    await counter.getByRole('dialog').locator('button').last().click();
    expect(new URL(counter.url()).pathname).toBe('/pos/login');
    await counter.reload();
    expect(await counter.getByTestId('drawer-2').isDisabled()).toBe(true);
    await e.screenshot(counter, 'login-frozen-drawer-mx');

    await card(page, 2).getByTestId('toggle-freeze').click();
    await confirmOk(page, 'Unfreeze drawer 2?');
    await page.getByText('Drawer 2 unfrozen').waitFor();
    await card(page, 2).getByText('Available').waitFor();
    await counter.reload();
    await counter.getByTestId('drawer-2').click();
    await counter.locator('input[name="username"]').fill(DEMO_LOGINS.cashier.username);
    await counter.locator('input[name="password"]').fill(DEMO_LOGINS.cashier.password);
    await counter.getByTestId('login-submit').click();
    await counter.waitForURL((u) => u.pathname === '/');
  });

  it('asks before creating a drawer, with the count against the maximum, on a till, a tablet and a phone in every language', { timeout: 300_000 }, async () => {
    const asked = { en: 'Create drawer 4 of 5?', mx: '¿Crear la caja 4 de 5?', zh_Hans: '新建第 4 个钱箱（上限 5 个）？' } as const;
    for (const { lang, viewport: v } of sweep(7)) {
      const page = await e.newPage({ lang, viewport: v });
      await e.signIn(page, DEMO_LOGINS.boss, 1, '/SystemSetup/DrawerSetup');
      await card(page, 3).waitFor();
      await page.getByTestId('create-drawer').click();
      const dialog = page.getByRole('dialog').filter({ hasText: asked[lang] });
      await dialog.waitFor();
      await page.waitForTimeout(300);
      await e.screenshot(page, `drawer-create-confirm-${lang}-${v.width}`);
      // Cancel creates nothing.
      await dialog.locator('button').first().click();
      await dialog.waitFor({ state: 'detached' });
      await page.context().close();
    }
    expect((await e.server.call('/drawer/list', { kioskID: 1001 })).list).toHaveLength(3);
  });

  it('creates drawers up to the maximum (5), then shows the 15 message', async () => {
    const page = await e.newPage();
    // The boss picks up the shift they hold on drawer 1 (an account holds one drawer).
    await e.signIn(page, DEMO_LOGINS.boss, 1, '/SystemSetup/DrawerSetup');
    await page.getByTestId('drawer-count').getByText('3 of 5 drawers', { exact: true }).waitFor();
    for (const n of [4, 5]) {
      await page.getByTestId('create-drawer').click();
      await confirmOk(page, `Create drawer ${n} of 5?`);
      await page.getByText(`Drawer ${n} created`).waitFor();
      await card(page, n).waitFor();
    }
    await page.getByTestId('drawer-count').getByText('5 of 5 drawers', { exact: true }).waitFor();
    await page.getByTestId('create-drawer').click();
    await expect(page.getByTestId('message-box-text').textContent()).resolves.toBe("Store's money box limit reached");
    await page.getByRole('dialog').locator('button').last().click();
    expect(await page.locator('[data-testid^="setup-drawer-"]').count()).toBe(5);
    await e.screenshot(page, 'drawer-setup-en', { fullPage: true });
  });

  it('force-closes a shift left open with the count; the report records who closed it and what was counted', async () => {
    const page = await e.newPage();
    await e.signIn(page, DEMO_LOGINS.boss, 1, '/SystemSetup/DrawerSetup');
    // cashier01 holds drawer 2 from the first test.
    await card(page, 2).locator('[data-row="accountUsing"]').getByText('cashier01').waitFor();
    await card(page, 2).getByTestId('force-close').click();
    await confirmOk(page, 'Close the shift of cashier01 on drawer 2?');
    // The boss counts the drawer (issue 23), by denomination here.
    const count = page.getByTestId('cash-count-dialog');
    await count.getByText('Count the cash in drawer 2 (shift of cashier01)', { exact: false }).waitFor();
    await page.getByTestId('count-by-denomination').click();
    await count.locator('input[data-denomination="20"]').fill('2');
    await count.locator('input[data-denomination="0.25"]').fill('1');
    await expect(page.getByTestId('count-sum').textContent()).resolves.toBe('$40.25');
    await page.getByTestId('count-submit').click();
    const report = page.getByTestId('drawer-report');
    await report.waitFor();
    expect(await report.locator('[data-line="counted"] td').textContent()).toBe('$40.25');
    expect(await report.locator('[data-line="count-20"] td').textContent()).toBe('$40.00');
    expect(await report.locator('[data-line="drawerNumber"] td').textContent()).toBe('2');
    expect(await report.locator('[data-line="shiftAccount"] td').textContent()).toBe('cashier01');
    expect(await report.locator('[data-line="cashierAccount"] td').textContent()).toBe('boss01');
    await e.screenshot(page, 'drawer-force-close-en');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await card(page, 2).getByText('Available').waitFor();
    const recent = await e.server.call('/drawer/recentShifts', { UID: Number(await cookie(page, 'uid')), TOKEN: (await cookie(page, 'token'))! });
    expect((recent.list as Array<{ moneybox: number; closedBy: string }>)[0]).toMatchObject({ moneybox: 2, closedBy: 'boss01' });
  });

  it('reads in Spanish and Chinese, down to 390px', async () => {
    for (const lang of ['mx', 'zh_Hans'] as const) {
      const page = await e.newPage({ lang, viewport: { width: 390, height: 844 } });
      await e.signIn(page, DEMO_LOGINS.boss, null, '/SystemSetup/DrawerSetup');
      await card(page, 5).waitFor();
      await page.getByTestId('drawer-count').getByText(lang === 'mx' ? '5 de 5 cajas' : '5 / 5 个钱箱', { exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await e.screenshot(page, `drawer-setup-${lang}`, { fullPage: true });
    }
  });
});

