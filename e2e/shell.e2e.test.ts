import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setDomainLayout } from '../packages/server/src/services/operator/operator.service.js';
import { createAnnouncement } from '../packages/server/src/services/operator/notice.service.js';
import { OPERATOR, SEED } from '../packages/server/src/services/audit/audit.js';
import { seriousViolations } from './axe.js';
import { cookie, DEMO_LOGINS, loginUrl, startE2E, type E2E } from './harness.js';

const headerColour = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.querySelector('[data-testid="app-header"]')!).backgroundColor);

describe('app shell', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(() => e?.close());

  it('switches to 简体中文 and Español, and keeps the choice across a reload', async () => {
    const page = await e.newPage();
    await page.goto(loginUrl());
    await page.getByTestId('drawer-1').waitFor();
    await page.getByTestId('language-picker').click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await page.getByRole('heading', { name: '登录' }).waitFor();
    await expect(page.getByTestId('drawer-1').textContent()).resolves.toContain('钱箱 1');
    expect(await page.evaluate(() => localStorage.getItem('Lang'))).toBe('zh_Hans');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-Hans');
    await page.reload();
    await page.getByRole('heading', { name: '登录' }).waitFor();
    // Form checks speak the language too.
    await page.getByTestId('login-submit').click();
    await page.getByText('请选择钱箱').waitFor();
    await page.getByText('用户名必须为 6-20 个字符').waitFor();
    await e.screenshot(page, 'login-zh_Hans');

    await e.login(page, DEMO_LOGINS.cashier, 1);
    await page.getByText('POS 版本').waitFor();
    await expect(page.getByTestId('logout').textContent()).resolves.toBe('登出');
    // Give the marquee its second so the screenshot shows the whole frame.
    await page.getByTestId('marquee').waitFor();
    await e.screenshot(page, 'home-zh_Hans');

    const menuLangs: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/API/user/menu')) menuLangs.push(JSON.parse(r.postData() ?? '{}').lang);
    });
    await page.getByTestId('language-picker').click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await page.getByText('Versión del POS').waitFor();
    await expect(page.getByTestId('logout').textContent()).resolves.toBe('Cerrar sesión');
    await expect.poll(() => menuLangs).toContain('es');
    await e.screenshot(page, 'home-mx');
    await page.reload();
    await page.getByText('Versión del POS').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('Lang'))).toBe('mx');

    await page.goto('/no/such/page');
    await page.getByText('No se pudo encontrar esta página').waitFor();
    await e.screenshot(page, '404-mx');

    const login = await e.newPage({ lang: 'mx' });
    await login.goto(loginUrl());
    await login.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    await login.getByTestId('drawer-1').waitFor();
    await e.screenshot(login, 'login-mx');
    const zh404 = await e.newPage({ lang: 'zh_Hans' });
    await zh404.goto('/no/such/page');
    await zh404.getByText('找不到此页面').waitFor();
    await e.screenshot(zh404, '404-zh_Hans');
  });

  it('shows the 404 page for unknown paths', async () => {
    const page = await e.newPage();
    await page.goto('/Nothing/Here');
    await page.getByRole('heading', { name: 'Error 404' }).waitFor();
    await page.getByText('This page could not be found').waitFor();
    await e.screenshot(page, '404-en');
  });

  it('colours the app by the layout of the host (domain map), 0 when absent', async () => {
    const expected: Array<[number, string, string]> = [
      [0, 'bluegreen', 'rgb(0, 105, 107)'],
      [1, 'orangered', 'rgb(185, 58, 18)'],
      [2, 'green', 'rgb(43, 110, 31)'],
      [4, 'purple', 'rgb(106, 44, 158)'],
      [5, 'green', 'rgb(43, 110, 31)'],
      [6, 'bluegreen', 'rgb(0, 105, 107)'],
    ];
    const page = await e.newPage();
    await e.login(page, DEMO_LOGINS.boss, null);
    await page.getByTestId('version-info').waitFor();
    expect(await headerColour(page)).toBe('rgb(0, 105, 107)');
    for (const [layout, theme, colour] of expected) {
      await setDomainLayout({ handle: { db: e.server.handle.db } }, SEED, { host: e.host, layout: layout });
      await page.reload();
      await page.getByTestId('version-info').waitFor();
      await expect(page.locator('[data-theme]').getAttribute('data-theme')).resolves.toBe(theme);
      expect(await headerColour(page)).toBe(colour);
      if (layout <= 4) await e.screenshot(page, `theme-${theme}`);
    }
    await setDomainLayout({ handle: { db: e.server.handle.db } }, SEED, { host: e.host, layout: 0 });
  });

  it('shows the announcements of this layout in the marquee, a second after load', async () => {
    await createAnnouncement({ handle: e.server.handle }, OPERATOR, { msg: 'Purple stores only', modes: [4] });
    await createAnnouncement({ handle: e.server.handle }, OPERATOR, { msg: 'Blue-green stores: free coffee', modes: [0, 3] });
    const page = await e.newPage();
    await e.login(page, DEMO_LOGINS.boss, null);
    const t0 = Date.now();
    await page.getByTestId('marquee').waitFor();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(500);
    const text = await page.getByTestId('marquee').textContent();
    expect(text).toContain('Welcome to Moneybox POS');
    expect(text).toContain('Blue-green stores: free coffee');
    expect(text).not.toContain('Purple stores only');
    const box = await page.getByTestId('marquee').boundingBox();
    expect(box?.height).toBe(40);
    expect(box?.y).toBe(60);
    await e.screenshot(page, 'marquee-en');
  });

  it('lays out for a 390px phone: no side menu, compact header, usable login', async () => {
    const page = await e.newPage({ viewport: { width: 390, height: 844 } });
    await e.login(page, DEMO_LOGINS.cashier, 1);
    await page.getByTestId('version-info').waitFor();
    expect(await page.getByTestId('side-menu').isVisible()).toBe(false);
    await expect(page.getByTestId('language-picker').textContent()).resolves.toContain('EN');
    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await e.screenshot(page, 'home-mobile-en', { fullPage: true });
    await page.goto('/unknown-mobile');
    await page.getByText('Error 404').waitFor();
    const wide = await e.newPage({ viewport: { width: 1280, height: 800 } });
    await e.login(wide, DEMO_LOGINS.boss, null);
    await wide.getByTestId('version-info').waitFor();
    expect(await wide.getByTestId('side-menu').isVisible()).toBe(true);
    const width = (await wide.getByTestId('side-menu').boundingBox())?.width;
    expect(width).toBe(250);
    const mobileLogin = await e.newPage({ viewport: { width: 390, height: 844 } });
    await mobileLogin.goto(loginUrl());
    await mobileLogin.getByTestId('drawer-1').waitFor();
    await e.screenshot(mobileLogin, 'login-mobile-en', { fullPage: true });
    expect(await seriousViolations(mobileLogin)).toEqual([]);
  });

  it('answers a replaced session (5) with one alert, then the login page', async () => {
    const page = await e.newPage();
    await e.login(page, DEMO_LOGINS.boss, null);
    await page.getByTestId('version-info').waitFor();
    // The same account logs in elsewhere: this browser's token is revoked.
    await e.server.login(DEMO_LOGINS.boss, 'viewer');
    await page.reload();
    await page.getByTestId('message-box-text').waitFor();
    await expect(page.getByTestId('message-box-text').textContent()).resolves.toBe('Logged in on another computer');
    expect(await page.getByTestId('message-box-text').count()).toBe(1);
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL((u) => u.pathname === '/pos/login');
    expect(await cookie(page, 'token')).toBeUndefined();
    expect(await cookie(page, 'uid')).toBeUndefined();
  });
});
