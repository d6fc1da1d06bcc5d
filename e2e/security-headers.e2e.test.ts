import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, loginUrl, startE2E, type E2E } from './harness.js';

/** Every CSP violation a page reports (the event the browser fires for each refused script, style, frame or eval). */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

/**
 * A stranger's site framing the console gets no rendered frame (frame-ancestors 'none', X-Frame-Options), and
 * the app itself renders under its strict CSP without a single violation: login, the cashier's home and
 * reports (a chart), the console's sign-in.
 */
describe('security headers in the browser', () => {
  let e: E2E;
  let stranger: Server;
  let strangerUrl = '';
  beforeAll(async () => {
    e = await startE2E();
    // Another origin (another port): a page that frames the console.
    stranger = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(`<!doctype html><html><body><h1>Win big</h1><iframe id="victim" src="${e.url}/operator" width="800" height="600"></iframe></body></html>`);
    });
    await new Promise<void>((r) => stranger.listen(0, '127.0.0.1', r));
    strangerUrl = `http://127.0.0.1:${(stranger.address() as { port: number }).port}/`;
  });
  afterAll(async () => {
    await e?.close();
    await new Promise((r) => stranger?.close(r));
  });

  it("another origin's page framing /operator gets no rendered console", async () => {
    const page = await e.newPage();
    const refused: string[] = [];
    page.on('console', (m) => refused.push(m.text()));
    const served = page.waitForResponse((r) => r.url() === `${e.url}/operator`);
    await page.goto(strangerUrl);
    await page.getByRole('heading', { name: 'Win big' }).waitFor();
    const response = await served;
    const frame = page.frames().find((f) => f !== page.mainFrame())!;
    await frame.waitForLoadState('load');
    // Nothing of the app in the frame: no root, no script of the app ran there.
    expect(await frame.evaluate(() => document.getElementById('root') !== null).catch(() => false)).toBe(false);
    expect(frame.url()).not.toBe(`${e.url}/operator`);
    // Refused by the console's own headers, as the browser says.
    await expect.poll(() => refused.some((t) => /frame-ancestors|Refused to (display|frame)/i.test(t))).toBe(true);
    expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await e.screenshot(page, 'framed-console-refused');
  });

  it('the app renders under its CSP with no violation: login, home, reports, the console sign-in', async () => {
    const page = await e.newPage();
    const violations = await watchViolations(page);
    const res = await page.goto(loginUrl());
    expect(res!.headers()['content-security-policy']).toContain("script-src 'self'");
    await e.login(page, DEMO_LOGINS.boss, 3);
    await page.getByTestId('tile-customer').waitFor();
    await page.goto('/Reports/DailyReports');
    await page.locator('table, [data-testid$="-empty"], .recharts-wrapper').first().waitFor();
    const consolePage = await e.newPage();
    const consoleViolations = await watchViolations(consolePage);
    await consolePage.goto('/operator');
    await consolePage.locator('input').first().waitFor();
    // Mantine's run-time styles applied (not refused): the page has its theme's font, not the browser's default.
    expect(await consolePage.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toMatch(/^"?Times/);
    await e.screenshot(consolePage, 'console-login-under-csp');
    expect([...violations, ...consoleViolations]).toEqual([]);
  });
});
