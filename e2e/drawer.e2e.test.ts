import { Status } from '@moneybox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { wcagViolations } from './axe.js';
import { cookie, DEMO_LOGINS, startE2E, type E2E } from './harness.js';
import { layoutTest } from './sweep.js';

/** The Drawer page: live state, initial amount, fills and bleeds, movements, viewer mode. */
describe('drawer page', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
    // The cashier's balance is checked here: no blind count (with it: e2e/blind-count.e2e.test.ts).
    await e.server.handle.db.updateTable('store').set({ blind_count: 0 }).execute();
  });
  afterAll(() => e?.close());

  /** The page's own session, for serving customers through the API as the counter would. */
  async function session(page: Page) {
    return { UID: Number(await cookie(page, 'uid')), TOKEN: (await cookie(page, 'token'))! };
  }

  async function messageBoxText(page: Page) {
    const box = page.getByTestId('message-box-text');
    await box.waitFor();
    const text = await box.textContent();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await box.waitFor({ state: 'detached' });
    return text;
  }

  async function cashMove(page: Page, kind: 'fills' | 'bleeds', amount: string, reason: string) {
    const form = page.getByTestId('cash-form');
    await form.getByText(kind === 'fills' ? 'Add cash' : 'Take cash out', { exact: true }).click();
    await form.locator('input[name="amount"]').fill(amount);
    await form.locator('input[name="reason"]').fill(reason);
  }

  const balance = (page: Page) => page.getByTestId('drawer-balance').textContent();
  const total = (page: Page, field: string) => page.locator(`[data-total="${field}"] p`).nth(1).textContent();

  it('cashier sets the initial amount, fills, bleeds, and sees purchases and redeems arrive', async () => {
    const page = await e.newPage();
    await e.signIn(page, DEMO_LOGINS.cashier, 1, '/Drawer');
    await page.getByTestId('drawer-state').waitFor();
    expect(await page.getByTestId('drawer-number').textContent()).toBe('Drawer 1');
    await expect(page.getByTestId('breadcrumb').textContent()).resolves.toBe('Home›Drawer');
    expect(await page.getByTestId('init-missing').isVisible()).toBe(true);
    expect(await cookie(page, 'initAmount')).toBe('false');
    await e.screenshot(page, 'drawer-init-en');

    // Above the store's credit (100,000.00): 16, shown translated; nothing changes.
    const init = page.getByTestId('init-form');
    await init.locator('input[name="amount"]').fill('100000.01');
    await init.getByTestId('init-submit').click();
    expect(await messageBoxText(page)).toBe('Initial amount greater than credit');
    expect(await balance(page)).toBe('$0.00');

    await init.locator('input[name="amount"]').fill('abc');
    await init.getByTestId('init-submit').click();
    await expect(init.getByRole('alert').textContent()).resolves.toBe('Enter a number with at most two decimals');

    await init.locator('input[name="amount"]').fill('500');
    await init.getByTestId('init-submit').click();
    await page.getByText('Initial amount successful').waitFor();
    await page.getByTestId('cash-form').waitFor();
    expect(await balance(page)).toBe('$500.00');
    expect(await cookie(page, 'initAmount')).toBe('true');

    // A reason is required.
    await cashMove(page, 'fills', '100', '');
    await page.getByTestId('cash-submit').click();
    await expect(page.getByTestId('cash-form').getByRole('alert').textContent()).resolves.toBe('A reason is required');

    // A double click fills once: the button waits for the call and the key is the same.
    const fills: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/API/drawer/fills')) fills.push(r.postData() ?? '');
    });
    await cashMove(page, 'fills', '100', 'change from the safe');
    await page.getByTestId('cash-submit').dblclick();
    await page.getByText('Fills successful').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="drawer-balance"]')?.textContent === '$600.00');
    expect(fills.length).toBeLessThanOrEqual(2);
    expect(new Set(fills.map((b) => (JSON.parse(b) as { key: string }).key)).size).toBe(1);
    expect(await total(page, 'fills')).toBe('$100.00');

    // Never below zero: refused in the form (the server would answer 38).
    await cashMove(page, 'bleeds', '600.01', 'cash drop');
    await page.getByTestId('cash-submit').click();
    await expect(page.getByTestId('cash-form').getByRole('alert').textContent()).resolves.toBe('Drawer balance not enough');
    await cashMove(page, 'bleeds', '50', 'cash drop to the safe');
    await page.getByTestId('cash-submit').click();
    await page.getByText('Bleeds successful').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="drawer-balance"]')?.textContent === '$550.00');

    // The counter serves customers (their screens are another feature): the page follows by polling.
    const s = await session(page);
    expect((await e.server.call('/customer/purchase', { ...s, id: 1, key: await e.server.key(), amount: 40 })).status).toBe(Status.OK);
    expect((await e.server.call('/customer/redeem', { ...s, id: 1, key: await e.server.key(), amount: 20.5 })).status).toBe(Status.OK);
    await page.waitForFunction(() => document.querySelector('[data-testid="drawer-balance"]')?.textContent === '$569.50', undefined, { timeout: 15_000 });
    expect(await total(page, 'purchases')).toBe('$40.00');
    expect(await total(page, 'redeems')).toBe('$20.50');

    // This shift's movements, newest first (the list polls on its own timer, so it may follow the balance a moment later).
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="movements"] tbody tr').length === 5, undefined, { timeout: 15_000 });
    const kinds = await page.getByTestId('movements').locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind')));
    expect(kinds).toEqual(['redeem', 'purchase', 'bleed', 'fill', 'init']);
    await expect(page.getByTestId('movements').locator('tbody tr').nth(2).textContent()).resolves.toContain('cash drop to the safe');
    await e.screenshot(page, 'drawer-en', { fullPage: true });
    expect(await wcagViolations(page)).toEqual([]);

    // The ledger agrees with every cached balance.
    await e.server.verify();
  });

  layoutTest('shows the page in Spanish and Chinese, down to 390px', async () => {
    for (const lang of ['mx', 'zh_Hans'] as const) {
      const page = await e.newPage({ lang, viewport: { width: 390, height: 844 } });
      await e.signIn(page, DEMO_LOGINS.boss, 2, '/Drawer');
      await page.getByTestId('init-form').waitFor();
      await page.getByTestId('init-form').locator('input[name="amount"]').fill('80');
      await page.getByTestId('init-submit').click();
      await page.getByText(lang === 'mx' ? 'Monto inicial registrado con éxito' : '初始金额设置成功').waitFor();
      await page.getByTestId('cash-form').waitFor();
      await expect(page.getByTestId('drawer-number').textContent()).resolves.toBe(lang === 'mx' ? 'Caja 2' : '2 号钱箱');
      // Nothing is wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await e.screenshot(page, `drawer-${lang}`, { fullPage: true });
      // Hand the drawer back (no count needed for this check).
      await e.server.call('/drawer/shift', { ...(await session(page)), counted: 80 });
    }
  });

  layoutTest('a boss in viewer mode sees the drawers but cannot move cash', async () => {
    const page = await e.newPage();
    await e.signIn(page, DEMO_LOGINS.boss, null, '/Drawer');
    await page.getByTestId('viewer-notice').waitFor();
    await page.getByTestId('drawer-state').waitFor();
    expect(await page.getByTestId('cash-form').count()).toBe(0);
    expect(await page.getByTestId('init-form').count()).toBe(0);
    expect(await page.getByTestId('close-shift').count()).toBe(0);
    await e.screenshot(page, 'drawer-viewer-en');
    // The server refuses anyway (21).
    const s = await session(page);
    const info = await e.server.call('/drawer/setupList', s);
    const open = (info.list as Array<{ shift_id: number | null }>).find((d) => d.shift_id !== null);
    const r = await e.server.call('/drawer/fills', { ...s, shift_id: open?.shift_id ?? 1, amount: 5, key: await e.server.key(), reason: 'viewer' });
    expect(r.status).toBe(Status.PERMISSION_ERROR);
  });

  layoutTest('a fill typed at once after the initial amount is recorded as typed', async () => {
    // The boss at the counter on drawer 3, last (the cashier's shift on drawer 1 stays open from the first test,
    // and the boss's on drawer 3 would keep the tests above from choosing drawer 2).
    const page = await e.newPage();
    await e.signIn(page, DEMO_LOGINS.boss, 3, '/Drawer');
    const init = page.getByTestId('init-form');
    await init.locator('input[name="amount"]').fill('300');
    await init.getByTestId('init-submit').click();
    // No wait for the page's reads after the initial amount: the cash form is typed into as soon as it shows.
    const cash = page.getByTestId('cash-form');
    await cash.locator('input[name="amount"]').fill('45.25');
    await cash.locator('input[name="reason"]').fill('coins');
    await cash.getByTestId('cash-submit').click();
    await page.locator('[data-total="fills"]').getByText('$45.25').waitFor({ timeout: 30_000 });
    await expect.poll(() => balance(page)).toBe('$345.25');
  });
});
