import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../packages/server/src/cli/main.js';
import { demoPng } from '../packages/server/src/cli/seed/demo-files.js';
import { DEMO_EVENT } from '../packages/server/src/cli/seed/seed-bulletins.js';
import { publishItem } from '../packages/server/src/testing/bulletin-kit.js';
import { seriousViolations } from './axe.js';
import { DEMO_KIOSK, DEMO_LOGINS, startE2E, type E2E } from './harness.js';

/**
 * Platform news in Chromium (issue 11): the '!' badge of unread event news and its read flag, news
 * in 简体中文 and Español, a poster download (bytes checked), regulations, the 404 path of a removed
 * event, and hostile bodies published by the operator's CLI that render without running anything.
 */
describe('platform news', () => {
  let e: E2E;
  let dir: string;
  beforeAll(async () => {
    e = await startE2E();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'news-e2e-'));
  });
  afterAll(async () => {
    await e?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The operator's CLI, as `npm run admin -- bulletin ...` runs it. */
  async function operator(...argv: string[]): Promise<string> {
    const out: string[] = [];
    const code = await runCli(['bulletin', ...argv], e.server.handle, (l) => out.push(l));
    expect(code, out.join('\n')).toBe(0);
    return out.join('\n');
  }

  const tileBadges = (page: Page) => page.getByTestId('tile-news').getByTestId('unread-badge');
  const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

  it("shows '!' while the event is unread; opening it clears the badge, also after a reload", async () => {
    const page = await e.newPage();
    await e.signIn(page, DEMO_LOGINS.cashier, 1, '/');
    await page.getByTestId('tile-news').waitFor();
    // The tile and the event's entry in it; the side menu's News heading and its entry.
    await expect.poll(() => tileBadges(page).count()).toBe(2);
    await expect.poll(() => sideMenu(page).getByTestId('unread-badge').count()).toBe(2);
    await e.screenshot(page, 'news-home-unread');

    await page.getByTestId('tile-news').getByRole('link', { name: /Winter Festival/ }).click();
    await page.waitForURL((u) => u.pathname === '/News/event-news' && u.searchParams.get('eventName') === DEMO_EVENT);
    await page.getByRole('heading', { name: 'Winter Festival', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Festival jackpot night' }).waitFor();
    await page.getByRole('heading', { name: 'Winter Festival starts today' }).waitFor();
    await expect(page.getByTestId('event-period').textContent()).resolves.toMatch(/^Running from \d{4}-\d\d-\d\d \d\d:\d\d until \d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(await page.getByTestId('breadcrumb').textContent()).toBe('Home›Platform News›Winter Festival');
    // The side menu's badge goes while the page is open.
    await expect.poll(() => sideMenu(page).getByTestId('unread-badge').count()).toBe(0);
    await e.screenshot(page, 'news-event', { fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/');
    await page.getByTestId('tile-news').waitFor();
    expect(await tileBadges(page).count()).toBe(0);
    await page.reload();
    await page.getByTestId('tile-news').getByRole('link', { name: /Winter Festival/ }).waitFor();
    expect(await tileBadges(page).count()).toBe(0);
    expect(await sideMenu(page).getByTestId('unread-badge').count()).toBe(0);
    await e.screenshot(page, 'news-home-read');

    // A new item in the event is unread again.
    await publishItem(e.server, { kind: 'event', stores: [DEMO_KIOSK], event: { name: DEMO_EVENT }, texts: [{ lang: 'en', title: 'Festival prizes announced', body: 'See the counter.' }] });
    await page.reload();
    await expect.poll(() => tileBadges(page).count()).toBe(2);
  });

  it("on a phone: the News tile's dialog lists the event with its '!', and opening it clears the tile's badge", async () => {
    const page = await e.newPage({ viewport: { width: 390, height: 844 } });
    await e.signIn(page, DEMO_LOGINS.boss, null, '/');
    const tile = page.getByTestId('tile-news');
    await tile.getByTestId('unread-badge').waitFor();
    await tile.click();
    const dialog = page.getByRole('dialog');
    const event = dialog.getByRole('link', { name: /Winter Festival/ });
    await event.getByTestId('unread-badge').waitFor();
    expect(await dialog.getByRole('link').allTextContents()).toEqual(['View Allnew', 'Download postersnew', 'Regulations', expect.stringMatching(/^Winter Festivalnew!$/)]);
    await e.screenshot(page, 'news-home-dialog-phone');
    await event.click();
    await page.getByRole('heading', { name: 'Festival jackpot night' }).waitFor();
    await e.screenshot(page, 'news-event-phone', { fullPage: true });
    await page.goto('/');
    await tile.waitFor();
    await page.waitForTimeout(200);
    expect(await tile.getByTestId('unread-badge').count()).toBe(0);
  });

  it('shows the news in 简体中文 and Español', async () => {
    const zh = await e.newPage({ lang: 'zh_Hans' });
    await e.signIn(zh, DEMO_LOGINS.cashier, 1, '/News/view-all-news');
    await zh.getByRole('heading', { name: '全部新闻', level: 1 }).waitFor();
    const titles = zh.getByTestId('news-list').getByRole('heading', { level: 2 });
    await titles.first().waitFor();
    expect(await titles.allTextContents()).toEqual(expect.arrayContaining(['节假日营业时间', '本月新游戏', '欢迎使用平台新闻']));
    // Newest first: the holiday hours are half a day old, the welcome twenty days.
    const zhTitles = await titles.allTextContents();
    expect(zhTitles.indexOf('节假日营业时间')).toBeLessThan(zhTitles.indexOf('欢迎使用平台新闻'));
    await zh.getByRole('heading', { name: '这里有什么', level: 3 }).waitFor();
    await zh.getByRole('link', { name: '客服' }).waitFor();
    expect(await zh.getByTestId('item-new').first().textContent()).toBe('新');
    await e.screenshot(zh, 'news-all-zh_Hans', { fullPage: true });

    const mx = await e.newPage({ lang: 'mx' });
    await e.signIn(mx, DEMO_LOGINS.boss, null, '/News/view-all-news');
    await mx.getByRole('heading', { name: 'Todas las noticias', level: 1 }).waitFor();
    await mx.getByRole('heading', { name: 'Horario de días festivos' }).waitFor();
    await mx.getByRole('heading', { name: 'Lo que encontrará aquí' }).waitFor();
    expect(await mx.getByTestId('breadcrumb').textContent()).toBe('Inicio›Noticias de la plataforma›Todas las noticias');
    await e.screenshot(mx, 'news-all-mx', { fullPage: true });
    expect(await seriousViolations(mx)).toEqual([]);
  });

  it('downloads a poster under its file name with the bytes published, and shows the regulations', async () => {
    const page = await e.newPage();
    await e.signIn(page, DEMO_LOGINS.cashier, 1, '/News/download-poster');
    const poster = page.getByTestId('poster-list').locator('article').first();
    await poster.getByRole('heading', { name: 'Winter Festival poster' }).waitFor();
    await expect(poster.getByTestId('poster-file').textContent()).resolves.toMatch(/^winter-festival\.png · PNG · \d+(\.\d)? (B|KB)$/);
    // The thumbnail loads with the session cookies.
    const thumb = poster.locator('img');
    await expect.poll(() => thumb.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(240);
    await e.screenshot(page, 'news-posters');
    expect(await seriousViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), poster.getByTestId('poster-download').click()]);
    expect(download.suggestedFilename()).toBe('winter-festival.png');
    const saved = await download.path();
    const expected = demoPng(240, 160, [[0, 122, 122], [255, 255, 255], [230, 90, 40]]);
    expect(Buffer.compare(fs.readFileSync(saved), Buffer.from(expected))).toBe(0);

    await page.goto('/News/regulations');
    const rule = page.getByTestId('news-list').locator('article').first();
    await rule.getByRole('heading', { name: 'House rules' }).waitFor();
    await rule.getByText('Players must be 18 or older.').waitFor();
    await expect(rule.getByTestId('regulation-download').getAttribute('download')).resolves.toBe('house-rules.pdf');
    const docUrl = await rule.getByTestId('regulation-view').getAttribute('href');
    const res = await page.request.get(docUrl!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await e.screenshot(page, 'news-regulations');
  });

  it('alerts and goes to All news when an event was removed after the menu listed it', async () => {
    const flashBody = path.join(dir, 'flash.md');
    fs.writeFileSync(flashBody, 'Everything **half price** until 18:00.');
    await operator('publish', 'event', '--stores', String(DEMO_KIOSK), '--event', 'flash-sale', '--starts', new Date(Date.now() - 3_600_000).toISOString(), '--ends', new Date(Date.now() + 86_400_000).toISOString(), '--event-title', 'Flash sale', '--title', 'Flash sale today', '--body', flashBody);
    const page = await e.newPage();
    // The menu as it was before the removal, whenever the page asks for it again (its key follows the page's
    // title, so it may ask again while the removal runs): the scenario is a menu that still lists the event.
    const menus = new Map<string, string>();
    let stale = false;
    await page.route('**/API/user/menu', async (route) => {
      const lang = String((JSON.parse(route.request().postData() ?? '{}') as { lang?: unknown }).lang);
      const kept = menus.get(lang);
      if (stale && kept !== undefined) return route.fulfill({ status: 200, contentType: 'application/json', body: kept });
      const response = await route.fetch();
      const body = await response.text();
      menus.set(lang, body);
      return route.fulfill({ response, body });
    });
    await e.signIn(page, DEMO_LOGINS.cashier, 1, '/');
    const link = sideMenu(page).getByRole('link', { name: /Flash sale/ });
    await link.waitFor();
    stale = true;
    await operator('remove-event', 'flash-sale');
    await link.click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Page no longer available' });
    await dialog.waitFor();
    await e.screenshot(page, 'news-event-gone');
    // From here on the menu is the server's: going to All news asks for it again (a new page title).
    stale = false;
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL((u) => u.pathname === '/News/view-all-news');
    await page.getByRole('heading', { name: 'All news', level: 1 }).waitFor();
    // The menu no longer lists it.
    await expect.poll(() => sideMenu(page).getByRole('link', { name: /Flash sale/ }).count()).toBe(0);
    // A menu request still on its way when the page closes after the test: its handler's read of a disposed
    // response is no failure of anything tested (Playwright's own way out of routes at the end).
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  it('renders a hostile body published by the operator without running anything', async () => {
    fs.writeFileSync(path.join(dir, 'map.png'), demoPng(32, 20, [[200, 40, 40]]));
    fs.writeFileSync(
      path.join(dir, 'hostile.md'),
      [
        '## Safe heading <script>window.__pwned = "script"; alert("script")</script>',
        '',
        '<img src="x" onerror="window.__pwned = \'onerror\'; alert(1)">',
        '',
        '[Click me](javascript:window.__pwned=%22link%22) and <a href="javascript:window.__pwned=\'raw link\'" onclick="window.__pwned=\'onclick\'">raw click</a>',
        '',
        '<svg onload="window.__pwned=\'svg\'"><script>window.__pwned = "svg script"</script><circle r="5"/></svg>',
        '',
        '<iframe srcdoc="<script>parent.__pwned=\'iframe\'</script>"></iframe>',
        '',
        '![map](map.png)',
        '',
        '![svg](data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0id2luZG93Ll9fcHduZWQ9MSIvPg==)',
      ].join('\n'),
    );
    // SVG files themselves never get in.
    fs.writeFileSync(path.join(dir, 'evil.svg'), '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const refused = await runCli(['bulletin', 'publish', 'poster', '--stores', 'all', '--title', 'Evil', '--file', path.join(dir, 'evil.svg')], e.server.handle, () => undefined).then(
      () => null,
      (err: unknown) => err,
    );
    expect(String(refused)).toMatch(/SVG/i);
    await operator('publish', 'news', '--stores', 'all', '--title', 'Hostile body', '--body', path.join(dir, 'hostile.md'));

    const page = await e.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await e.signIn(page, DEMO_LOGINS.cashier, 1, '/News/view-all-news');
    const item = page.locator('article').filter({ has: page.getByRole('heading', { name: 'Hostile body' }) });
    await item.getByRole('heading', { name: 'Safe heading' }).waitFor();
    // The body's own image shows through its file URL.
    const img = item.getByRole('img', { name: 'map' });
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(32);
    // Clicking every link in the body runs nothing (they have no javascript: href left).
    for (const a of await item.locator('[data-testid="news-body"] a').all()) await a.click({ force: true, modifiers: [] }).catch(() => undefined);
    await page.waitForTimeout(300);
    const body = item.getByTestId('news-body');
    const found = await body.evaluate((root) => ({
      scripts: root.querySelectorAll('script, iframe, svg, object, embed').length,
      handlers: [...root.querySelectorAll('*')].flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => a.name)),
      badUrls: [...root.querySelectorAll('[href], [src]')].map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? '').filter((u) => /^\s*(javascript|data):/i.test(u)),
    }));
    expect(found).toEqual({ scripts: 0, handlers: [], badUrls: [] });
    // Neither the markup nor the code it carried shows as words.
    expect(await body.textContent()).not.toMatch(/pwned|alert/);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(page.url()).toContain('/News/view-all-news');
    await e.screenshot(page, 'news-hostile', { fullPage: true });
  });
});
