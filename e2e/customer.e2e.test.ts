import { SaType, Status } from '@moneybox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_KIOSK } from '../packages/server/src/cli/seed/seed.js';
import { SEED } from '../packages/server/src/services/audit/audit.js';
import { createAccount } from '../packages/server/src/services/operator/operator.service.js';
import { cookie, DEMO_LOGINS, startE2E, type E2E, type Who } from './harness.js';
import { layoutTest } from './sweep.js';

/**
 * The counter flow on /CustomerAccount and the list on /Customer/CustomerInfo, in Chromium against
 * the real server: create, purchase (double-clicked), redeem, special comps, revert, block, reset
 * PIN, kick, limits, history; in English, once in 简体中文, screenshots in the three languages.
 */
describe('customer screens', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
    // The receipts here show the drawer's balance to a cashier: the store does not ask for a blind count
    // (with it, a cashier's receipt has no balance: e2e/blind-count.e2e.test.ts).
    await e.server.handle.db.updateTable('store').set({ blind_count: 0 }).execute();
  });
  afterAll(() => e?.close());

  /** Opens a shift with its initial amount through the API (as the Drawer screen does), then logs in there in the browser. */
  async function loginWithInitialAmount(page: Page, who: Who, drawer: number, amount: number) {
    const s = await e.server.loginAt(drawer, who);
    const r = await e.server.call('/drawer/init', { UID: s.UID, TOKEN: s.TOKEN, amount, key: await e.server.key() });
    expect(r.status).toBe(Status.OK);
    await e.signIn(page, who, drawer);
    expect(await cookie(page, 'initAmount')).toBe('true');
  }

  /** The same session the page holds, for checking what the server recorded. */
  async function api(page: Page, path: string, body: Record<string, unknown> = {}) {
    return e.server.call(path, { UID: Number(await cookie(page, 'uid')), TOKEN: await cookie(page, 'token'), ...body });
  }

  /** Lets the Confirm button finish its loading transition before a screenshot. */
  const settle = (page: Page) => page.waitForTimeout(400);

  const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();

  async function openBySearch(page: Page, rule: string) {
    const box = page.getByTestId('customer-search');
    await box.fill(rule);
    await box.press('Enter');
    await page.getByTestId('customer-card').waitFor();
  }

  /** Opens a movement, types the amount, confirms with Enter; returns the dialog. */
  async function move(page: Page, kind: 'purchase' | 'redeem' | 'comps' | 'revert', amount: string) {
    await page.getByTestId(`action-${kind}`).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('money-amount').fill(amount);
    await dialog.getByTestId('money-amount').press('Enter');
    return dialog;
  }

  async function closeDone(page: Page) {
    await page.getByTestId('money-close').click();
    await page.getByTestId('money-done').waitFor({ state: 'detached' });
  }

  async function confirmDialog(page: Page, ok = 'OK') {
    // This dialog, held by its element: the dialog the confirmed action opens next (the new PIN) may be shown
    // before this one has left, and must not be taken for it.
    const dialog = await page.getByRole('dialog').elementHandle();
    if (!dialog) throw new Error('no confirmation dialog');
    await page.getByRole('dialog').getByRole('button', { name: ok }).click();
    await dialog.waitForElementState('hidden');
  }

  it('serves a customer at the counter in English', async () => {
    const page = await e.newPage();
    await loginWithInitialAmount(page, DEMO_LOGINS.cashier, 1, 1000);
    await page.goto('/CustomerAccount');
    const search = page.getByTestId('customer-search');
    await search.waitFor();
    // Focus moves when the dialog's transition ends: asked until then, not at once.
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByTestId('breadcrumb').textContent()).toContain('Customer Account');

    // Search by id must be a number.
    await page.getByTestId('customer-search-type').selectOption('id');
    await search.fill('abc');
    await page.getByText('Customer ID must be a number').waitFor();
    await page.getByTestId('customer-search-type').selectOption('any');

    // Create: the form checks e-mail and lengths before the call.
    await page.getByTestId('customer-create').click();
    const form = page.getByTestId('customer-form');
    await form.getByTestId('field-first_name').fill('Z'.repeat(51));
    await form.getByTestId('field-last_name').fill('Turner');
    await form.getByTestId('field-mail').fill('zoe@');
    await form.getByTestId('customer-form-save').click();
    await form.getByText('can not have more than 50 characters').waitFor();
    await form.getByText('Invalid e-mail').waitFor();
    await form.getByTestId('field-first_name').fill('Zoe');
    await form.getByTestId('field-mail').fill('zoe@example.com');
    await form.getByTestId('field-phone').fill('217-555-0199');
    await form.getByTestId('field-drivers_license').fill('D1234567');
    await form.getByTestId('field-birthday').fill('1990-04-12');
    await e.screenshot(page, 'customer-form-en');
    await form.getByTestId('customer-form-save').click();

    // The new mobile id and PIN, once, with the QR code.
    const pin = page.getByTestId('pin-shown');
    await pin.waitFor();
    await page.getByTestId('qr-code').waitFor();
    const mobileId = await text(page, 'pin-mobile-id');
    expect(mobileId).toMatch(/^\d{6,}$/);
    expect(await text(page, 'pin-value')).toMatch(/^\d{4,}$/);
    expect(await page.getByTestId('qr-code').getAttribute('src')).toMatch(/^data:image\/png/);
    await e.screenshot(page, 'customer-created-pin-en');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await pin.waitFor({ state: 'detached' });

    const id = Number(await text(page, 'customer-id'));
    expect(await text(page, 'customer-name')).toBe('Zoe Turner');
    expect(await text(page, 'customer-mobile-id')).toBe(mobileId);
    expect(await text(page, 'customer-entries')).toBe('$0.00');
    const hourly = page.locator('[data-limit="hourly"] td').nth(1);
    await expect.poll(() => hourly.textContent()).toBe('$500.00 / $500.00');
    expect(await page.evaluate(() => sessionStorage.getItem('currentCustomerId'))).toBe(String(id));

    // Keyboard: search by mobile id, Enter opens; the focus stays in the box (the next card scanned searches),
    // and Purchase opens by a deliberate act on the card.
    await page.reload();
    await search.waitFor();
    await openBySearch(page, mobileId);
    expect(await text(page, 'customer-id')).toBe(String(id));
    await expect.poll(() => page.getByTestId('customer-search').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByTestId('action-purchase').click();
    const dialog = page.getByRole('dialog');
    const amount = dialog.getByTestId('money-amount');
    await amount.waitFor();
    // Focus moves when the dialog's transition ends: asked until then, not at once.
    await expect.poll(() => amount.evaluate((el) => el === document.activeElement)).toBe(true);
    await amount.press('Enter');
    await dialog.getByText('Please enter an amount').waitFor();
    await amount.fill('0.50');
    await amount.press('Enter');
    await dialog.getByText('The amount must be at least 1.00').waitFor();
    await amount.fill('1.234');
    await amount.press('Enter');
    await dialog.getByText('Enter an amount with at most two decimals').waitFor();

    // Double-clicking the confirmation charges once.
    await amount.fill('50');
    await dialog.getByTestId('money-confirm').dblclick();
    await dialog.getByTestId('money-done').waitFor();
    expect(await dialog.locator('[data-line="entries"] td').textContent()).toBe('$50.00');
    expect(await dialog.locator('[data-line="balance"] td').textContent()).toBe('$1,050.00');
    await e.screenshot(page, 'customer-purchase-done-en');
    await page.waitForTimeout(500);
    const info = await api(page, '/customer/info', { type: 'id', rule: String(id) });
    expect((info.customer as { entries: number }).entries).toBe(50);
    const drawer = await api(page, '/drawer/info');
    expect(drawer.status).toBe(Status.OK);
    expect(JSON.stringify(drawer)).toContain('"purchases":50');
    await page.keyboard.press('Enter'); // OK on the confirmation closes it
    await dialog.waitFor({ state: 'detached' });
    // Focus moves when the dialog's transition ends: asked until then, not at once.
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await text(page, 'customer-entries')).toBe('$50.00');
    await expect.poll(() => hourly.textContent()).toBe('$450.00 / $500.00');
    expect(await page.locator('[data-limit="daily"] td').nth(1).textContent()).toBe('$1,950.00 / $2,000.00');

    // Revert: at most what was bought in this shift; then a part of it.
    await move(page, 'revert', '60');
    await page.getByTestId('money-problem').getByText('at most $50.00 can be reverted').waitFor();
    await dialog.getByTestId('money-amount').fill('20');
    await dialog.getByTestId('money-amount').press('Enter');
    await dialog.getByTestId('money-done').waitFor();
    expect(await dialog.locator('[data-line="entries"] td').textContent()).toBe('$30.00');
    expect(await dialog.locator('[data-line="balance"] td').textContent()).toBe('$1,030.00');
    await closeDone(page);

    // The purchase limit: more than the hour allows.
    await move(page, 'purchase', '600');
    await page.getByTestId('money-problem').getByText('Purchase limit reached, contact your provider').waitFor();
    await settle(page);
    await e.screenshot(page, 'customer-purchase-limit-en');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Block: the card says why no credit moves and the money buttons are off (the server refuses too); unblock again.
    await page.getByTestId('action-block').click();
    await confirmDialog(page);
    await expect.poll(() => text(page, 'customer-blocked')).toBe('Blocked');
    expect((await api(page, '/customer/blockState', { id })).block).toBe(true);
    await page.getByTestId('customer-locked').getByText('Customer error: this customer is blocked').waitFor();
    expect(await page.getByTestId('action-purchase').isDisabled()).toBe(true);
    expect((await api(page, '/customer/purchase', { id, amount: 10, key: await e.server.key() })).status).toBe(Status.CUSTOMER_ERROR);
    await e.screenshot(page, 'customer-blocked-refused-en');
    await page.getByTestId('action-block').click();
    await confirmDialog(page);
    await expect.poll(() => text(page, 'customer-blocked')).toBe('Not blocked');

    // Reset PIN: the new PIN once, with its QR code.
    await page.getByTestId('action-reset').click();
    await confirmDialog(page);
    await page.getByTestId('pin-shown').waitFor();
    await page.getByTestId('qr-code').waitFor();
    expect(await text(page, 'pin-mobile-id')).toBe(mobileId);
    await page.getByRole('dialog').getByText('New PIN').waitFor();
    await e.screenshot(page, 'customer-reset-pin-en');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // Redeem and special comps on a demo customer with winnings, picked from the list by keyboard.
    await search.fill('ali');
    await page.getByTestId('customer-search-results').waitFor();
    await search.press('ArrowDown');
    await search.press('Enter');
    await expect.poll(() => text(page, 'customer-name')).toBe('Alice Johnson');
    expect(await text(page, 'customer-winnings')).toBe('$120.00');
    await move(page, 'redeem', '200');
    await page.getByTestId('money-problem').getByText("the customer's winnings are not enough").waitFor();
    await dialog.getByTestId('money-amount').fill('20');
    await dialog.getByTestId('money-amount').press('Enter');
    await dialog.getByTestId('money-done').waitFor();
    expect(await dialog.locator('[data-line="winnings"] td').textContent()).toBe('$100.00');
    expect(await dialog.locator('[data-line="balance"] td').textContent()).toBe('$1,010.00');
    await closeDone(page);
    await move(page, 'comps', '15');
    await dialog.getByTestId('money-done').waitFor();
    expect(await dialog.locator('[data-line="entries"] td').textContent()).toBe('$65.00');
    expect(await dialog.locator('[data-line="balance"] td').textContent()).toBe('$1,010.00');
    await closeDone(page);
    expect(await text(page, 'customer-winnings')).toBe('$100.00');
    expect(await text(page, 'customer-entries')).toBe('$65.00');

    // Playing on a machine: money refused, kick after a confirm releases the customer.
    const db = e.server.handle.db;
    const machine = await db.selectFrom('machine').select(['id', 'machine_id']).where('store_id', '=', DEMO_KIOSK).where('machine_id', '=', 101).executeTakeFirstOrThrow();
    const aliceId = Number(await text(page, 'customer-id'));
    await db.updateTable('customer').set({ playing_machine_id: machine.id }).where('id', '=', aliceId).execute();
    await db.updateTable('machine').set({ customer_id: aliceId }).where('id', '=', machine.id).execute();
    await db
      .insertInto('gift')
      .values({ store_id: DEMO_KIOSK, customer_id: aliceId, at: new Date().toISOString(), title: 'Welcome back', award_type: 'Daily Bonus', award_amount_cents: 500, award_item: 'Gold coin', item_amount: 2, level: 3 })
      .execute();
    await page.reload();
    await expect.poll(() => text(page, 'customer-playing')).toBe('Playing on machine 101');
    await page.getByTestId('customer-locked').getByText('Cannot purchase, customer playing').waitFor();
    expect(await page.getByTestId('action-purchase').isDisabled()).toBe(true);
    await page.getByTestId('action-kick').click();
    await page.getByRole('dialog').getByText('Kick Alice Johnson from machine 101?').waitFor();
    await confirmDialog(page);
    await expect.poll(() => text(page, 'customer-playing')).toBe('Not playing');

    // Game history (empty until machines report rounds) and the gift log, with the spec's labels.
    await page.getByTestId('tab-rounds').click();
    await page.getByTestId('history-empty').waitFor();
    const heads = (await page.getByTestId('rounds-table').locator('th').allTextContents()).join('|');
    expect(heads).toBe('Round no.|Serial no.|Time|Game name|Beginning credits|Ending credits|JP betcredits|Game betcredits|Extra betcredits|Buy-bonus costcredits|Wincredits');
    await page.getByTestId('tab-gifts').click();
    const gifts = page.getByTestId('gifts-table');
    await gifts.getByText('Welcome back').waitFor();
    expect((await gifts.locator('th').allTextContents()).join('|')).toBe('Time|Title|Award type|Award amount|Award item|Item amount|Level');
    expect(await gifts.locator('tbody td').allTextContents()).toEqual(expect.arrayContaining(['Daily Bonus', '$5.00', 'Gold coin', '2', '3']));
    await page.getByTestId('history-to').fill('2020-01-01T00:00');
    await page.getByTestId('history-search').click();
    await page.getByText("'To date' must be later than 'From date'").waitFor();
    await e.screenshot(page, 'customer-account-en', { fullPage: true });

    // Customer Info: the store's customers; a row opens that customer at the counter.
    await page.goto('/Customer/CustomerInfo');
    const list = page.getByTestId('customer-list');
    await list.getByText('Zoe Turner').waitFor();
    expect(await page.getByTestId('customer-list-total').textContent()).toBe('Records: 6');
    expect(await page.getByTestId('breadcrumb').textContent()).toContain('Customer Info');
    await e.screenshot(page, 'customer-info-en');
    await page.getByTestId(`customer-row-${id}`).click();
    await page.waitForURL((u) => u.pathname === '/CustomerAccount');
    await expect.poll(() => text(page, 'customer-name')).toBe('Zoe Turner');

    // Edit: the change shows on the card.
    await page.getByTestId('action-edit').click();
    await page.getByTestId('field-last_name').fill('Turner-Lee');
    await page.getByTestId('customer-form-save').click();
    await expect.poll(() => text(page, 'customer-name')).toBe('Zoe Turner-Lee');

    await e.server.verify();
  }, 120_000);

  layoutTest('runs the same counter flow in 简体中文', async () => {
    const page = await e.newPage({ lang: 'zh_Hans' });
    await loginWithInitialAmount(page, DEMO_LOGINS.boss, 2, 800);
    await page.goto('/CustomerAccount');
    await page.getByRole('heading', { name: '客户账户' }).waitFor();

    await page.getByTestId('customer-create').click();
    const form = page.getByTestId('customer-form');
    await form.getByTestId('field-first_name').fill('Mei');
    await form.getByTestId('field-last_name').fill('Wang');
    await form.getByTestId('field-mail').fill('mei@');
    await form.getByTestId('customer-form-save').click();
    await form.getByText('电子邮件无效').waitFor();
    await form.getByTestId('field-mail').fill('mei@example.com');
    await form.getByTestId('field-birthday').fill('1988-09-30');
    await form.getByTestId('customer-form-save').click();
    await page.getByTestId('qr-code').waitFor();
    await page.getByRole('dialog').getByText('新客户：手机编号和 PIN').waitFor();
    await e.screenshot(page, 'customer-created-pin-zh_Hans');
    await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();

    const dialog = page.getByRole('dialog');
    await move(page, 'purchase', '40');
    await dialog.getByTestId('money-done').getByText('购买成功').waitFor();
    expect(await dialog.locator('[data-line="entries"] td').textContent()).toBe('$40.00');
    expect(await dialog.locator('[data-line="balance"] td').textContent()).toBe('$840.00');
    await closeDone(page);
    await expect.poll(() => page.locator('[data-limit="hourly"] td').nth(1).textContent()).toBe('$460.00 / $500.00');

    await move(page, 'revert', '10');
    await dialog.getByTestId('money-done').getByText('撤销购买成功').waitFor();
    await closeDone(page);
    await move(page, 'comps', '5');
    await dialog.getByTestId('money-done').getByText('特别赠送成功').waitFor();
    expect(await dialog.locator('[data-line="entries"] td').textContent()).toBe('$35.00');
    await closeDone(page);

    await page.getByTestId('action-block').click();
    await confirmDialog(page, '确定');
    await expect.poll(() => text(page, 'customer-blocked')).toBe('已封锁');
    await page.getByTestId('customer-locked').getByText('客户错误：该客户已被封锁').waitFor();
    expect(await page.getByTestId('action-purchase').isDisabled()).toBe(true);
    await e.screenshot(page, 'customer-blocked-refused-zh_Hans');

    await page.getByTestId('action-reset').click();
    await confirmDialog(page, '确定');
    await page.getByRole('dialog').getByText('新 PIN').waitFor();
    await page.getByTestId('qr-code').waitFor();
    await e.screenshot(page, 'customer-reset-pin-zh_Hans');
    await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();

    await page.getByTestId('customer-search').fill('Bob');
    await page.getByTestId('customer-search-results').getByText('Bob Smith').click();
    await expect.poll(() => text(page, 'customer-name')).toBe('Bob Smith');
    await move(page, 'redeem', '100');
    await dialog.getByTestId('money-done').getByText('兑奖成功').waitFor();
    expect(await dialog.locator('[data-line="winnings"] td').textContent()).toBe('$200.00');
    expect(await dialog.locator('[data-line="balance"] td').textContent()).toBe('$730.00');
    await closeDone(page);
    await e.screenshot(page, 'customer-account-zh_Hans', { fullPage: true });

    await page.goto('/Customer/CustomerInfo');
    await page.getByTestId('customer-list').getByText('Mei Wang').waitFor();
    await e.screenshot(page, 'customer-info-zh_Hans');
  }, 120_000);

  layoutTest('shows a viewer the customer with the money buttons disabled, in Español at 390px', async () => {
    const page = await e.newPage({ lang: 'mx', viewport: { width: 390, height: 844 } });
    await e.signIn(page, DEMO_LOGINS.boss, null, '/CustomerAccount');
    await page.getByTestId('viewer-note').waitFor();
    await openBySearch(page, 'Carmen');
    expect(await text(page, 'customer-name')).toBe('Carmen Lopez');
    for (const k of ['purchase', 'redeem', 'comps', 'revert']) expect(await page.getByTestId(`action-${k}`).isDisabled(), k).toBe(true);
    expect(await page.getByTestId('action-purchase').textContent()).toBe('Compra');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await e.screenshot(page, 'customer-account-mx-390', { fullPage: true });

    await page.getByTestId('tab-rounds').click();
    await page.getByTestId('history-empty').waitFor();
    await e.screenshot(page, 'customer-history-mx-390', { fullPage: true });

    await page.getByTestId('customer-create').click();
    await page.getByTestId('field-first_name').fill('x'.repeat(60));
    await page.getByTestId('customer-form-save').click();
    await page.getByText('no puede tener más de 50 caracteres').waitFor();
    await e.screenshot(page, 'customer-form-mx-390');
    await page.keyboard.press('Escape');

    await page.goto('/Customer/CustomerInfo');
    await page.getByTestId('customer-list').getByText('Carmen Lopez').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await e.screenshot(page, 'customer-info-mx-390');

    const wide = await e.newPage({ lang: 'mx' });
    await e.signIn(wide, DEMO_LOGINS.cashier, 1, '/CustomerAccount');
    await openBySearch(wide, 'Eva');
    await e.screenshot(wide, 'customer-account-mx');
    await move(wide, 'purchase', '25');
    await wide.getByTestId('money-done').waitFor();
    await e.screenshot(wide, 'customer-purchase-done-mx');
  }, 120_000);

  layoutTest('serves a purchase with the keyboard alone: search, Purchase, amount, Confirm, OK (issue 37)', async () => {
    const who = { username: 'keyboard01', password: 'keys1234' };
    await createAccount({ handle: { db: e.server.handle.db } }, SEED, { storeId: DEMO_KIOSK, username: who.username, password: who.password, saType: SaType.CASHIER });
    const page = await e.newPage();
    await loginWithInitialAmount(page, who, 3, 500);
    await page.goto('/CustomerAccount');
    const focusedTestId = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
    /** Tab (at most 40 times) until the element of `testId` has the focus. */
    const tabTo = async (testId: string) => {
      for (let i = 0; i < 40 && (await focusedTestId()) !== testId; i++) await page.keyboard.press('Tab');
      expect(await focusedTestId()).toBe(testId);
    };
    // The search box has the focus when the page opens: David Chen's mobile id, Enter.
    await expect.poll(focusedTestId).toBe('customer-search');
    await page.keyboard.type('10010004');
    await page.keyboard.press('Enter');
    await expect.poll(() => text(page, 'customer-name')).toBe('David Chen');
    expect(await text(page, 'customer-entries')).toBe('$0.00');
    // Tab to Purchase, Enter: the dialog opens with the focus in the amount.
    await tabTo('action-purchase');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect.poll(focusedTestId).toBe('money-amount');
    await page.keyboard.type('25');
    await tabTo('money-confirm');
    await page.keyboard.press('Enter');
    await dialog.getByTestId('money-done').waitFor();
    expect(await dialog.locator('[data-line="entries"] td').textContent()).toBe('$25.00');
    // OK has the focus: Enter closes, and the card shows the new balance.
    await expect.poll(focusedTestId).toBe('money-close');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => text(page, 'customer-entries')).toBe('$25.00');
    const info = await api(page, '/customer/info', { type: 'id', rule: await text(page, 'customer-id') });
    expect((info.customer as { entries: number }).entries).toBe(25);
  }, 120_000);
});
