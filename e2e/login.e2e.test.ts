import { SaType } from '@moneybox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../packages/server/src/services/operator/operator.service.js';
import { gzSizes, loginPageFiles } from '../bench/lib/web-size.js';
import { wcagViolations } from './axe.js';
import { webDist } from './build-web.js';
import { cookie, DEMO_KIOSK, DEMO_LOGINS, loginUrl, startE2E, type E2E } from './harness.js';
import { SEED } from '../packages/server/src/services/audit/audit.js';

describe('login', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(() => e?.close());

  it('shows the drawers, logs a cashier in on a drawer and keeps the kiosk data in cookies', async () => {
    const page = await e.newPage();
    await page.goto(loginUrl());
    for (const n of [1, 2, 3]) await page.getByTestId(`drawer-${n}`).waitFor();
    await expect(page.getByTestId('login-kiosk').textContent()).resolves.toBe(`Demo Arcade (${DEMO_KIOSK})`);
    await expect(page.getByTestId('drawer-1').textContent()).resolves.toContain('Available');
    await e.screenshot(page, 'login-en');
    await e.login(page, DEMO_LOGINS.cashier, 1);
    await expect(page.getByTestId('kiosk-label').textContent()).resolves.toBe(`Demo Arcade (${DEMO_KIOSK})`);
    await expect(page.getByTestId('account-label').textContent()).resolves.toContain('cashier01');
    expect(await cookie(page, 'uid')).toBeTruthy();
    expect(await cookie(page, 'token')).toBeTruthy();
    expect(await cookie(page, 'moneybox')).toBe('1');
    expect(await cookie(page, 'kioskId')).toBe(String(DEMO_KIOSK));
    expect(await cookie(page, 'account')).toBe('cashier01');
    expect(await cookie(page, 'storename')).toBe('Demo Arcade');
    expect(await cookie(page, 'serverVer')).toBe('1.0.0');
    expect(await cookie(page, 'env')).toBeTruthy();
    expect(await cookie(page, 'initAmount')).toBe('false');
    await page.getByTestId('version-info').waitFor();
    await expect(page.getByTestId('version-info').textContent()).resolves.toContain('18720');
    // Tiles for exactly what the server's menu lists: a cashier gets customers and the drawer, not setup.
    await page.getByTestId('tile-customer').waitFor();
    await page.getByTestId('tile-drawer').waitFor();
    expect(await page.getByTestId('tile-setup').count()).toBe(0);
    await e.screenshot(page, 'home-en');
    // Another browser sees the drawer as occupied by this cashier.
    const other = await e.newPage();
    await other.goto(loginUrl());
    await expect(other.getByTestId('drawer-1').textContent()).resolves.toMatch(/Occupied.*cashier01/);
  });

  it('logs a boss in on a drawer, and in viewer mode without one', async () => {
    const page = await e.newPage();
    await e.login(page, DEMO_LOGINS.boss, 3);
    expect(await cookie(page, 'moneybox')).toBe('3');
    await expect(page.getByTestId('account-label').textContent()).resolves.toContain('Drawer 3');
    await page.getByTestId('tile-setup').waitFor();
    const viewer = await e.newPage();
    await e.login(viewer, DEMO_LOGINS.boss, null);
    expect(await cookie(viewer, 'moneybox')).toBe('-1');
    await expect(viewer.getByTestId('account-label').textContent()).resolves.toContain('Viewer');
  });

  it('refuses the viewer to a cashier (3)', async () => {
    const page = await e.newPage();
    await page.goto(loginUrl());
    await page.getByTestId('login-mode').locator('label').nth(1).click();
    await page.locator('input[name="username"]').fill(DEMO_LOGINS.cashier.username);
    await page.locator('input[name="password"]').fill(DEMO_LOGINS.cashier.password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('message-box-text').textContent()).resolves.toBe('Cashier cannot log in using viewer');
    expect(new URL(page.url()).pathname).toBe('/pos/login');
  });

  it('returns to the page remembered in beforePage', async () => {
    const page = await e.newPage();
    await page.goto('/pos?from=test');
    await page.waitForURL((u) => u.pathname === '/pos/login');
    expect(decodeURIComponent((await cookie(page, 'beforePage')) ?? '')).toBe('/pos?from=test');
    // This browser has never been at a kiosk, so it cannot know which one.
    await page.getByTestId('kiosk-missing').waitFor();
    await page.goto(loginUrl());
    await e.login(page, DEMO_LOGINS.boss, null, { expectPath: '/' });
    // /pos is the app's entry and shows home; the cookie is used once.
    expect(await cookie(page, 'beforePage')).toBeUndefined();

    const second = await e.newPage();
    await second.goto('/nowhere-yet');
    await second.getByText('Error 404').waitFor();
    // Unknown paths are not protected pages: they show 404 without a login.
    expect(await cookie(second, 'beforePage')).toBeUndefined();
  });

  it('checks the form before calling: username, password, drawer, kiosk id', async () => {
    const page = await e.newPage();
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/API/user/posLogin')) calls++;
    });
    await page.goto(loginUrl());
    await page.locator('input[name="username"]').fill('abc');
    await page.locator('input[name="password"]').fill('abcdefgh');
    await page.getByTestId('login-submit').click();
    await page.getByText('Username must be 6-20 characters').waitFor();
    await page.getByText('Password needs letters and numbers').waitFor();
    await page.getByText('Please select a drawer').waitFor();
    await page.locator('input[name="password"]').fill('ab1');
    await page.getByTestId('login-submit').click();
    await page.getByText('Password must be 6-20 characters').waitFor();
    await e.screenshot(page, 'login-validation-en');
    expect(calls).toBe(0);

    const bare = await e.newPage();
    await bare.goto('/pos/login');
    await expect(bare.getByTestId('kiosk-missing').textContent()).resolves.toBe('Please key in the correct URL (KIOSK ID missing)');
  });

  it("opening / with no kiosk id: the spec's message and a kiosk id field; a remembered kiosk goes straight to its login", async () => {
    // A browser that has never been at a kiosk: '/' → login without a kiosk id.
    const page = await e.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/');
    await page.waitForURL((u) => u.pathname === '/pos/login');
    await expect(page.getByTestId('kiosk-missing').textContent()).resolves.toBe('Please key in the correct URL (KIOSK ID missing)');
    const input = page.getByTestId('kiosk-id-input');
    // Not a kiosk id: refused in place, no navigation.
    await input.fill('10x1');
    await page.getByTestId('kiosk-id-submit').click();
    await page.getByText('Enter the kiosk ID: a number, e.g. 1001').waitFor();
    expect(new URL(page.url()).search).toBe('');
    // A number that is no kiosk: the server's answer beside the field.
    await input.fill('999999');
    await page.getByTestId('kiosk-id-submit').click();
    await page.getByText('Kiosk closed').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await e.screenshot(page, 'login-kiosk-entry-phone-en', { fullPage: true });
    // The kiosk: its login, then the way in.
    await input.fill(String(DEMO_KIOSK));
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/pos/login' && u.searchParams.get('kioskId') === String(DEMO_KIOSK));
    await page.getByTestId('drawer-1').waitFor();
    await e.login(page, DEMO_LOGINS.boss, null);
    // Signed out, this browser remembers its kiosk (cookie kioskId): '/' ends on that kiosk's login.
    await page.context().clearCookies({ name: 'uid' });
    await page.context().clearCookies({ name: 'token' });
    await page.goto('/');
    await page.waitForURL((u) => u.pathname === '/pos/login' && u.searchParams.get('kioskId') === String(DEMO_KIOSK));
    await page.getByTestId('drawer-1').waitFor();
    const es = await e.newPage({ lang: 'mx' });
    await es.goto('/');
    await es.getByLabel('ID del quiosco').waitFor();
    await e.screenshot(es, 'login-kiosk-entry-mx');
    const zh = await e.newPage({ lang: 'zh_Hans' });
    await zh.goto('/');
    await zh.getByTestId('kiosk-id-input').waitFor();
    await e.screenshot(zh, 'login-kiosk-entry-zh_Hans');
  });

  it('shows attempts left on a wrong password (42) and the lockout (41)', async () => {
    await createAccount({ handle: { db: e.server.handle.db } }, SEED, { storeId: DEMO_KIOSK, username: 'locktest01', password: 'lock1234', saType: SaType.CASHIER });
    const page = await e.newPage();
    await page.goto(loginUrl());
    await page.getByTestId('drawer-2').click();
    await page.locator('input[name="username"]').fill('locktest01');
    const attempt = async (shot?: string) => {
      await page.locator('input[name="password"]').fill('wrong1234');
      await page.getByTestId('login-submit').click();
      const text = (await page.getByTestId('message-box-text').textContent()) ?? '';
      if (shot) await e.screenshot(page, shot);
      await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
      await page.getByTestId('message-box-text').waitFor({ state: 'detached' });
      return text;
    };
    expect(await attempt('login-wrong-password-en')).toBe('Wrong password, attempts left: 4 times left');
    expect(await attempt()).toBe('Wrong password, attempts left: 3 times left');
    await attempt();
    await attempt();
    expect(await attempt()).toBe('Too many invalid logins, account locked, contact boss or distributor');
    // Locked: even the right password is refused.
    await page.locator('input[name="password"]').fill('lock1234');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('message-box-text').textContent()).resolves.toBe('Too many invalid logins, account locked, contact boss or distributor');
  });

  it('loads no code of other pages on the login route, and at most 130 kB of gzipped JS and CSS (issue 25)', async () => {
    const page = await e.newPage();
    const assets: string[] = [];
    page.on('request', (r) => {
      const p = new URL(r.url()).pathname;
      if (/\.(js|css)$/.test(p)) assets.push(p.slice(1));
    });
    await page.goto(loginUrl());
    await page.getByTestId('drawer-1').waitFor();
    expect(assets.filter((s) => /HomePage|DefaultLayout|NotFoundPage|DrawerReport|LogoutButton|ReportsPage|ReportTable|DailyChart|\/App-/.test(s))).toEqual([]);
    // What it fetched is what the build says the login page loads (bench/lib/web-size.ts, `npm run bench -- web-size`):
    // the entry (the login page is in it), its CSS and two English locale files (docs/WEB.md "Login page size").
    const expected = loginPageFiles(webDist);
    expect(new Set(assets)).toEqual(expected);
    expect(gzSizes(expected, webDist).gz).toBeLessThanOrEqual(130_000);
  });

  it('has no accessibility violations of any impact (axe: WCAG 2.0/2.1/2.2 A and AA) and is usable by keyboard', async () => {
    const page = await e.newPage();
    await page.goto(loginUrl());
    await page.getByTestId('drawer-1').waitFor();
    expect(await wcagViolations(page)).toEqual([]);
    // Keyboard only: Tab to the drawers, choose one, type the credentials, Enter.
    const focused = async () => page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);
    const seen = new Set<string | null | undefined>();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      seen.add(await focused());
    }
    expect(seen.has('username')).toBe(true);
    expect(seen.has('password')).toBe(true);
    expect(seen.has('login-submit')).toBe(true);
    // cashier01 still holds drawer 1 from the first test and picks it up again.
    await page.getByTestId('drawer-1').focus();
    await page.keyboard.press('Space');
    await page.locator('input[name="username"]').focus();
    await page.keyboard.type(DEMO_LOGINS.cashier.username);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_LOGINS.cashier.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('version-info').waitFor();
    expect(await wcagViolations(page)).toEqual([]);
  });
});
