import { Status } from '@moneybox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { wcagViolations } from './axe.js';
import { cookie, DEMO_LOGINS, startE2E, type E2E } from './harness.js';

/**
 * Account Setting, Store Information and the permission matrix in the browser: a boss creates a
 * cashier, disables (the cashier's next click returns to login), enables, changes its password and
 * removes it; edits the store's contact fields and a purchase limit the counter then enforces; reads
 * the Activity tab; a cashier typing a boss page's URL sees 'Permission error'; and once in Español.
 */
describe('staff accounts, store information, activity', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(() => e?.close());

  const NEW = { username: 'newcash01', password: 'cash5678' };
  const row = (page: Page, account: string) => page.getByTestId(`account-${account}`);

  async function confirmOk(page: Page, text: string) {
    const dialog = page.getByRole('dialog').filter({ hasText: text });
    await dialog.waitFor();
    await dialog.locator('button').last().click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** Opens the Activity tab (kept in the address, so no re-render loses it) and waits for its table. */
  async function openActivity(page: Page) {
    await page.getByTestId('tab-activity').click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'activity');
    // The trail, which a busy e2e tier has taken over 10 s to answer.
    await page.getByTestId('activity').waitFor({ timeout: 30_000 });
    return page.getByTestId('activity');
  }

  async function session(page: Page) {
    return { UID: Number(await cookie(page, 'uid')), TOKEN: String(await cookie(page, 'token')) };
  }

  it('a boss manages a cashier: create, the cashier logs in, disable ends its session, enable, new password, remove', async () => {
    const boss = await e.newPage();
    await e.signIn(boss, DEMO_LOGINS.boss, 3, '/SystemSetup/userSettingSpecifyGroup');
    await row(boss, 'boss01').waitFor();
    await expect(boss.getByTestId('breadcrumb').textContent()).resolves.toBe('Home›System Setup›Account Setting');
    expect(await row(boss, 'cashier01').textContent()).toContain('Cashier');

    // Create: the form checks the spec's rules first (43), then the server creates it.
    await boss.getByTestId('create-account').click();
    await boss.getByTestId('account-username').fill('short');
    await boss.getByTestId('account-password').fill(NEW.password);
    await boss.getByTestId('account-save').click();
    await boss.getByText('Username must be 6-20 characters').waitFor();
    await boss.getByTestId('account-username').fill(NEW.username);
    await boss.getByTestId('account-save').click();
    await boss.getByText('Account created').waitFor();
    await row(boss, NEW.username).waitFor();
    expect(await row(boss, NEW.username).getByTestId('account-status').textContent()).toBe('Enabled');
    await e.screenshot(boss, 'account-setting-en', { fullPage: true });

    // The new cashier logs in at drawer 2.
    const counter = await e.newPage();
    await e.login(counter, NEW, 2);

    // Disabled: the cashier's session ends (5) and OK returns to login.
    await row(boss, NEW.username).getByTestId('toggle').click();
    await confirmOk(boss, `Disable ${NEW.username}?`);
    await boss.getByText('Change successful').last().waitFor();
    // The toast answers the write; the list shows it once its reload is back.
    await expect.poll(() => row(boss, NEW.username).getByTestId('account-status').textContent()).toBe('Disabled');
    // The cashier meets status 5's message: at once when the live socket, closed with the session, has the page
    // refetch (the tiles then go), else on the next click.
    const ended = counter.getByTestId('message-box-text');
    // A click that misses is fine only because the message came meanwhile (its refetch took the tiles away).
    if (!(await ended.isVisible())) {
      await counter
        .getByTestId('tile-drawer')
        .click({ timeout: 5_000 })
        .catch(async (err: unknown) => {
          if (!(await ended.isVisible())) throw err;
        });
    }
    await ended.waitFor();
    await counter.getByRole('dialog').locator('button').last().click();
    await counter.waitForURL((u) => u.pathname === '/pos/login');
    await counter.getByTestId('drawer-2').click();
    await counter.locator('input[name="username"]').fill(NEW.username);
    await counter.locator('input[name="password"]').fill(NEW.password);
    await counter.getByTestId('login-submit').click();
    await expect(counter.getByTestId('message-box-text').textContent()).resolves.toBe('Account or password incorrect, may be locked');
    await counter.getByRole('dialog').locator('button').last().click();

    // Enabled again: it logs in.
    await row(boss, NEW.username).getByTestId('toggle').click();
    await boss.getByText('Change successful').last().waitFor();
    await row(boss, NEW.username).getByText('Enabled').waitFor();
    await e.login(counter, NEW, 2);

    // A cashier typing a boss page's URL sees 'Permission error'.
    await counter.goto('/SystemSetup/userSettingSpecifyGroup');
    await counter.getByTestId('permission-error').waitFor();
    expect(await counter.getByTestId('permission-error').textContent()).toContain('Permission error');
    await e.screenshot(counter, 'permission-error-en');

    // New password: the cashier's session ends; the new password works.
    await row(boss, NEW.username).getByTestId('edit').click();
    await boss.getByTestId('account-password').fill('cash9999');
    await boss.getByTestId('account-save').click();
    await boss.getByText('Edit successful').waitFor();
    expect((await e.server.call('/config/localtime', await session(counter))).status).toBe(Status.SESSION_REPLACED);
    await counter.goto('/pos/login?kioskId=1001');
    await e.login(counter, { username: NEW.username, password: 'cash9999' }, 2);

    // Remove: 23 while it holds drawer 2; after its shift closes, removed for good.
    await row(boss, NEW.username).getByTestId('remove').click();
    await confirmOk(boss, `Remove ${NEW.username}?`);
    await expect(boss.getByTestId('message-box-text').textContent()).resolves.toBe('Account currently registered in a money box');
    await boss.getByRole('dialog').locator('button').last().click();
    expect((await e.server.call('/drawer/shift', await session(counter))).status).toBe(Status.OK);
    await row(boss, NEW.username).getByTestId('remove').click();
    await confirmOk(boss, `Remove ${NEW.username}?`);
    await boss.getByText('Account removed').waitFor();
    await row(boss, NEW.username).waitFor({ state: 'detached' });
    const again = await e.server.call('/user/posLogin', { mode: 'pos', username: NEW.username, password: 'cash9999' });
    expect(again.status).toBe(Status.LOGIN_INCORRECT);
  });

  it('a boss edits the contact fields and a purchase limit, the counter enforces it, and the Activity tab shows who did what', async () => {
    const boss = await e.newPage();
    await e.signIn(boss, DEMO_LOGINS.boss, 3, '/SystemSetup/StoreInformationIndex');
    await boss.getByTestId('store-form').waitFor();
    await boss.getByTestId('credit-left').waitFor();
    await boss.getByTestId('store-phone').fill('+1 (312) 555-0199');
    await boss.getByTestId('store-address').fill('400 Lake Shore Dr');
    await boss.getByTestId('store-limit_hourly').fill('600');
    await boss.getByTestId('store-save').click();
    await boss.getByText("Can not be above $500.00 (your provider's cap)").waitFor();
    await boss.getByTestId('store-limit_hourly').fill('30');
    await boss.getByTestId('store-save').click();
    await boss.getByText('Edit successful').waitFor();
    await e.screenshot(boss, 'store-information-en', { fullPage: true });

    // The counter enforces the new hourly limit: 25 goes through, the next 25 passes the 30 an hour.
    const bs = await session(boss);
    expect((await e.server.call('/drawer/init', { ...bs, amount: 200, key: await e.server.key() })).status).toBe(Status.OK);
    const c = await e.server.call('/customer/create', { ...bs, first_name: 'Lim', last_name: 'Ited', birthday: '1970-01-01' });
    await boss.goto('/CustomerAccount');
    await boss.getByTestId('customer-search').fill(String(c.id));
    await boss.getByTestId('customer-search').press('Enter');
    await boss.getByTestId('customer-card').waitFor();
    const buy = async (amount: string) => {
      await boss.getByTestId('action-purchase').click();
      const dialog = boss.getByRole('dialog');
      await dialog.getByTestId('money-amount').fill(amount);
      await dialog.getByTestId('money-amount').press('Enter');
      return dialog;
    };
    const first = await buy('25');
    await first.getByTestId('money-done').waitFor();
    await boss.getByTestId('money-close').click();
    await boss.getByTestId('money-done').waitFor({ state: 'detached' });
    await buy('25');
    await boss.getByTestId('money-problem').getByText('Purchase limit reached, contact your provider').waitFor();
    await boss.waitForTimeout(400);
    await e.screenshot(boss, 'store-limit-enforced-en');
    await boss.keyboard.press('Escape');

    // Activity: the trail of this store, with the money rows.
    await boss.goto('/SystemSetup/userSettingSpecifyGroup');
    const table = await openActivity(boss);
    await table.getByText('Store information edited').first().waitFor();
    await table.getByText('Account removed').first().waitFor();
    await table.getByText('Purchase').first().waitFor();
    expect(await table.textContent()).toContain('+1 (312) 555-0199');
    await e.screenshot(boss, 'activity-en', { fullPage: true });
    await boss.getByTestId('activity-kind').selectOption('account');
    await boss.getByTestId('activity-total').getByText('5 rows', { exact: true }).waitFor();
    expect(await table.textContent()).not.toContain('Purchase');
  });

  it('all of it in Español', async () => {
    const boss = await e.newPage({ lang: 'mx' });
    await e.signIn(boss, DEMO_LOGINS.boss, 3, '/SystemSetup/userSettingSpecifyGroup');
    await row(boss, 'cashier01').waitFor();
    await expect(boss.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Configuración de cuentas');
    expect(await row(boss, 'cashier01').textContent()).toContain('Cajero');
    await boss.getByTestId('create-account').click();
    await boss.getByTestId('account-username').fill('cajero0002');
    await boss.getByTestId('account-password').fill('sololetras');
    await boss.getByTestId('account-save').click();
    await boss.getByText('La contraseña necesita letras y números').waitFor();
    await boss.getByTestId('account-password').fill('cajero123');
    await boss.getByTestId('account-save').click();
    await boss.getByText('Cuenta creada').waitFor();
    await e.screenshot(boss, 'account-setting-mx', { fullPage: true });
    await (await openActivity(boss)).getByText('Cuenta creada').first().waitFor();
    await e.screenshot(boss, 'activity-mx', { fullPage: true });
    await boss.goto('/SystemSetup/StoreInformationIndex');
    await boss.getByTestId('store-form').waitFor();
    await boss.getByText('Crédito restante de la tienda').waitFor();
    await boss.getByTestId('store-city').fill('Chicago');
    await boss.getByTestId('store-save').click();
    await boss.getByText('Edición exitosa').waitFor();
    await e.screenshot(boss, 'store-information-mx', { fullPage: true });
  });

  it('a boss in viewer mode reads Store Information and Account Setting, and changes nothing', async () => {
    const viewer = await e.newPage({ lang: 'zh_Hans' });
    await e.signIn(viewer, DEMO_LOGINS.boss, null, '/SystemSetup/StoreInformationIndex');
    await viewer.getByTestId('store-readonly').waitFor();
    expect(await viewer.getByTestId('store-form').count()).toBe(0);
    await viewer.getByTestId('credit-left').waitFor();
    await e.screenshot(viewer, 'store-information-viewer-zh_Hans');
    expect(await wcagViolations(viewer)).toEqual([]);
    await viewer.goto('/SystemSetup/userSettingSpecifyGroup');
    await row(viewer, 'cashier01').waitFor();
    await viewer.getByTestId('read-only').waitFor();
    expect(await viewer.getByTestId('create-account').count()).toBe(0);
    expect(await row(viewer, 'cashier01').getByTestId('remove').count()).toBe(0);
    await e.screenshot(viewer, 'account-setting-viewer-zh_Hans');
    expect(await wcagViolations(viewer)).toEqual([]);
    await openActivity(viewer);
    expect(await wcagViolations(viewer)).toEqual([]);
  });
});
