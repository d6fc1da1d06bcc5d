import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { Status } from '@moneybox/contract';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformAccount } from '../packages/server/src/services/console/platform-accounts.service.js';
import { createStore } from '../packages/server/src/services/operator/operator.service.js';
import { sweepAlerts } from '../packages/server/src/services/alerts/alert-sweep.js';
import type { Cents } from '@moneybox/contract';
import { wcagViolations } from './axe.js';
import { DEMO_LOGINS, startE2E, type E2E, type Lang } from './harness.js';
import { layoutTest, sweep, VIEWPORTS } from './sweep.js';
import { SEED } from '../packages/server/src/services/audit/audit.js';


/** The console's screens besides the stores, a store and its daily report (checked at 390 px); the day close last. */
const OTHER_SCREENS = ['/operator/accounts', '/operator/credit', '/operator/news', '/operator/alerts', '/operator/settings', '/operator/audit', '/operator/stores/new', '/operator/stores/1001/reports/shift', '/operator/stores/1001/reports/day-close'];
/** The console's screens axe checks besides those (issue 37: every screen of the console). */
const AXE_SCREENS = [...OTHER_SCREENS, '/operator/stores/1001/reports/transactions', '/operator/reports'];

/** The code an authenticator app shows for `secret`, `offsetSteps` 30-second steps from now. */
const totp = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

/**
 * Texts cut short on the page: an element that clips its own text (overflow hidden or an ellipsis) and is
 * narrower than the text. A scroll box (a wide table's, overflow auto) is not a cut: its columns scroll into view.
 */
function cutTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => {
        const s = getComputedStyle(el);
        const clips = s.overflowX === 'hidden' || s.overflowX === 'clip' || s.textOverflow === 'ellipsis';
        // A visually hidden label (1px, for screen readers) is not shown at all.
        return clips && el.clientWidth > 2 && el.scrollWidth > el.clientWidth + 1 && (el.textContent ?? '').trim() !== '' && el.getClientRects().length > 0;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]}: ${(el.textContent ?? '').trim().slice(0, 60)}`),
  );
}

/** Issue 22: an admin signs in at /operator with a TOTP code, sees the stores and freezes one. */
describe('platform console', () => {
  let e: E2E;
  let n = 0;
  beforeAll(async () => {
    // The test's webhook receiver listens on loopback over http: the operator's allow-list admits it.
    e = await startE2E({ settings: { webhooks: { allowNetworks: ['127.0.0.1/32'], allowHttp: true } } });
  });
  afterAll(() => e?.close());

  async function newAdmin() {
    const username = `e2eadm${String(++n).padStart(3, '0')}`;
    await createPlatformAccount({ handle: { db: e.server.handle.db } }, SEED, { username, password: 'admin1234', role: 'admin' });
    return { username, password: 'admin1234' };
  }

  /** `check`: run on each screen of the sign-in (the password form, the QR code, the recovery codes). */
  async function passwordStep(page: Page, who: { username: string; password: string }, check?: (step: string) => Promise<void>) {
    await page.goto('/operator');
    if (check) {
      await page.getByTestId('console-username').waitFor();
      await check('sign-in');
    }
    await page.getByTestId('console-username').fill(who.username);
    await page.getByTestId('console-password').fill(who.password);
    await page.getByTestId('console-submit').click();
  }

  /** First sign-in: password, the QR code's secret into the "authenticator", its code, the recovery codes. Returns the secret. */
  async function enrol(page: Page, who: { username: string; password: string }, shot?: string, check?: (step: string) => Promise<void>): Promise<string> {
    await passwordStep(page, who, check);
    await page.getByTestId('console-qr').waitFor();
    const secret = (await page.getByTestId('console-secret').textContent())!.trim();
    if (shot) await e.screenshot(page, `${shot}-enrol`);
    await check?.('enrol');
    await page.getByTestId('console-code').fill(await totp(secret));
    await page.getByTestId('console-submit').click();
    await page.getByTestId('console-recovery').waitFor();
    expect(await page.getByTestId('console-recovery').locator('li').count()).toBe(10);
    if (shot) await e.screenshot(page, `${shot}-recovery`);
    await check?.('recovery');
    await page.getByTestId('console-submit').click();
    await page.waitForURL((u) => u.pathname === '/operator/stores');
    return secret;
  }

  it('enrols by QR code, signs in again with the next TOTP code, sees the stores and freezes one; the store\'s staff then meet the message', { timeout: 300_000 }, async () => {
    const admin = await newAdmin();
    const page = await e.newPage({ viewport: VIEWPORTS[0] });
    const secret = await enrol(page, admin, 'console-en-1366');
    await page.getByTestId('console-logout').click();
    await page.waitForURL((u) => u.pathname === '/operator');

    // The next sign-in asks for the code: a wrong one is refused in place, the authenticator's next one signs in.
    await passwordStep(page, admin);
    await page.getByTestId('console-code').fill('000000');
    await page.getByTestId('console-submit').click();
    await expect.poll(() => page.getByTestId('console-login-error').textContent()).toMatch(/4/);
    await page.getByTestId('console-code').fill(await totp(secret, 1));
    await page.getByTestId('console-submit').click();
    await page.waitForURL((u) => u.pathname === '/operator/stores');

    const demo = page.locator('[data-row="1001"]');
    await demo.waitFor();
    expect(await demo.textContent()).toContain('Demo Arcade');
    await e.screenshot(page, 'console-stores-en-1366');

    await page.getByTestId('store-link-1001').click();
    await page.waitForURL((u) => u.pathname === '/operator/stores/1001');
    await page.getByTestId('console-freeze-input').fill('Account on hold: call your distributor');
    await page.getByTestId('console-freeze').click();
    await page.getByTestId('console-freeze-message').waitFor();
    expect(await page.getByTestId('store-frozen').count()).toBe(1);
    await e.screenshot(page, 'console-store-frozen-en-1366', { fullPage: true });

    const login = await e.server.call('/user/posLogin', { mode: 'viewer', ...DEMO_LOGINS.boss });
    expect(login).toMatchObject({ status: Status.STORE_FROZEN, freeze_msg: 'Account on hold: call your distributor' });
    const trail = await e.server.handle.db.selectFrom('audit').select(['actor_name', 'kind']).where('kind', '=', 'console.store_freeze').execute();
    expect(trail).toEqual([{ actor_name: admin.username, kind: 'console.store_freeze' }]);

    // The list shows it frozen; unfreezing opens the store again.
    await page.getByTestId('console-back').click();
    await page.getByTestId('console-store-filter').click();
    await page.getByRole('option', { name: 'Frozen' }).click();
    await expect.poll(() => page.locator('[data-row]').count()).toBe(1);
    await page.getByTestId('store-link-1001').click();
    await page.getByTestId('console-unfreeze').click();
    await page.getByTestId('console-freeze-input').waitFor();
    expect((await e.server.call('/user/posLogin', { mode: 'viewer', ...DEMO_LOGINS.boss })).status).toBe(Status.OK);
  });

  it('an admin creates a distributor for 1001 on the accounts page and gives it credit; the distributor sees only that store, cannot open another by URL, and gives its store credit the boss then sees', { timeout: 300_000 }, async () => {
    await createStore({ handle: { db: e.server.handle.db } }, SEED, { id: 2002, name: 'Other Arcade', timezone: 'America/Chicago', credit: 0 as Cents, compsBudget: 0 as Cents, maxDrawers: 2, maxMachines: 2, limitDay: 31, limitHourly: 0 as Cents, limitDaily: 0 as Cents, limitWeekly: 0 as Cents, drawers: 1 });
    const page = await e.newPage({ viewport: VIEWPORTS[1] });
    await enrol(page, await newAdmin());
    await page.getByTestId('console-accounts-link').click();
    await page.getByTestId('console-account-username').fill('distrib01');
    await page.getByTestId('console-account-password').fill('dist1234');
    await page.getByTestId('console-account-stores').fill('1001');
    await page.getByTestId('console-account-create').click();
    await page.locator('[data-row="distrib01"]').waitFor();
    await e.screenshot(page, 'console-accounts-en-820');
    // Credit down the chain: the admin gives the distributor credit from the operator.
    await page.goto('/operator/credit');
    await page.locator('[data-testid="console-distributors"] [data-row="distrib01"]').click();
    await page.getByTestId('console-distributor-credit-amount').fill('500');
    await page.getByTestId('console-distributor-credit-note').fill('opening lot');
    await page.getByTestId('console-distributor-credit-give').click();
    // Issue 37 item 3: the move says what it will do before it is done.
    await page.getByTestId('console-confirm').getByText('Give $500.00 of credit from Operator to distrib01.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByTestId('console-distributor-credit-balance').textContent()).toBe('$500.00');
    await page.getByTestId('console-distributor-credit-history').getByText('opening lot').waitFor();
    await e.screenshot(page, 'console-credit-en-820', { fullPage: true });
    await page.context().close();

    const dist = await e.newPage({ viewport: VIEWPORTS[2] });
    await enrol(dist, { username: 'distrib01', password: 'dist1234' });
    await dist.locator('[data-row="1001"]').waitFor();
    expect(await dist.locator('[data-row]').count()).toBe(1);
    expect(await dist.getByTestId('console-new-store').count()).toBe(0);
    await dist.goto('/operator/stores/2002');
    await dist.getByTestId('console-store-error').waitFor();
    expect(await dist.getByTestId('console-store-title').count()).toBe(0);
    await e.screenshot(dist, 'console-distributor-refused-en-390');

    // The distributor passes 200 of it to its store; the store's boss sees the credit.
    const before = (await e.server.handle.db.selectFrom('store').select('credit_cents').where('id', '=', 1001).executeTakeFirstOrThrow()).credit_cents;
    await dist.goto('/operator/stores/1001');
    await dist.getByTestId('console-store-credit-amount').fill('200');
    await dist.getByTestId('console-store-credit-note').fill('weekend');
    await dist.getByTestId('console-store-credit-give').click();
    await dist.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await dist.getByTestId('console-store-credit-history').getByText('weekend').waitFor();
    await e.screenshot(dist, 'console-store-credit-en-390', { fullPage: true });
    // The thresholds are read-only for a distributor (setting them is the admin's).
    await dist.getByTestId('console-store-threshold-low_credit-source').waitFor();
    expect(await dist.getByTestId('console-store-thresholds').locator('input, button').count()).toBe(0);
    await dist.goto('/operator/credit');
    await expect.poll(() => dist.locator('[data-row="distrib01"]').textContent()).toContain('$300.00');
    await e.screenshot(dist, 'console-credit-en-390', { fullPage: true });
    const boss = await e.newPage({ viewport: VIEWPORTS[0] });
    await e.signIn(boss, DEMO_LOGINS.boss, null, '/SystemSetup/StoreInformationIndex');
    const shown = (before + 20_000) / 100;
    await expect.poll(() => boss.getByTestId('credit-left').textContent()).toContain(shown.toLocaleString('en-US', { minimumFractionDigits: 2 }));
    await boss.getByText(/\$200\.00 · weekend/).waitFor();
    await e.screenshot(boss, 'console-credit-boss-en-1366', { fullPage: true });
    await e.server.verify();
  });

  it('an admin sets a webhook and the low-credit threshold; the store\'s credit is below it: the alert appears live in the header and the list, reaches the webhook signed, and is resolved with a note', { timeout: 300_000 }, async () => {
    const got: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        got.push({ headers: req.headers, body });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const page = await e.newPage({ viewport: VIEWPORTS[0] });
      await enrol(page, await newAdmin());
      await page.getByTestId('console-alert-count').click();
      await page.waitForURL((u) => u.pathname === '/operator/alerts');
      await page.getByTestId('console-settings-link').click();
      await page.getByTestId('console-webhook-url').fill(`http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`);
      await page.getByTestId('console-webhook-add').click();
      const secret = (await page.getByTestId('console-webhook-secret').textContent())!.trim();
      await page.getByTestId('console-threshold-low_credit').fill('100000000');
      await page.getByTestId('console-thresholds-save').click();
      await expect.poll(async () => (await e.server.handle.db.selectFrom('alert_threshold').select('value').where('kind', '=', 'low_credit').executeTakeFirst())?.value).toBe(10_000_000_000);
      await e.screenshot(page, 'console-alert-settings-en-1366', { fullPage: true });

      await page.goto('/operator/alerts');
      await page.getByTestId('console-alert-count').waitFor();
      // The sweep (every minute on the server) runs now: the header hears of it through the live socket, no
      // reload (a push, or the refetch of the socket's hello when it connects after the sweep). The server's
      // own minute sweep may have raised it first: either way 1001's alert is open and the header shows it.
      await sweepAlerts(e.server.deps);
      const count = async () => Number(await page.getByTestId('console-alert-count').getAttribute('data-count'));
      // 1001 and any store an earlier test made with less credit than the new default: their alerts reach
      // the header one live message at a time, so it is read against the server's open alerts.
      const openOnServer = async () =>
        Number((await e.server.handle.db.selectFrom('alert').select((eb) => eb.fn.countAll<number>().as('n')).where('cleared_at', 'is', null).where('resolved_at', 'is', null).executeTakeFirstOrThrow()).n);
      const headerAgrees = async () => (await count()) === (await openOnServer());
      const open1001 = async () =>
        (await e.server.handle.db.selectFrom('alert').select('id').where('kind', '=', 'low_credit').where('store_id', '=', 1001).where('cleared_at', 'is', null).where('resolved_at', 'is', null).executeTakeFirst()) !== undefined;
      expect(await open1001()).toBe(true);
      await expect.poll(async () => (await count()) > 0 && (await headerAgrees())).toBe(true);
      const row = page.locator('[data-kind="low_credit"]', { hasText: 'Demo Arcade' });
      await row.waitFor();
      expect(await row.textContent()).toContain('Demo Arcade');
      for (const v of VIEWPORTS) {
        await page.setViewportSize(v);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await e.screenshot(page, `console-alerts-en-${v.width}`);
      }
      await page.setViewportSize(VIEWPORTS[0]);

      // The webhook: delivered by the server's outbox (every 2 s), JSON signed with the secret shown once.
      // Wait for 1001's own alert: another store's (an earlier test made it) may be delivered first.
      const raisedFor1001 = (g: { body: string }) => {
        const b = JSON.parse(g.body) as { event?: string; alert?: { kind?: string; kid?: number } };
        return b.event === 'alert.raised' && b.alert?.kind === 'low_credit' && b.alert.kid === 1001;
      };
      await expect.poll(() => got.some(raisedFor1001), { timeout: 30_000 }).toBe(true);
      for (const hook of got) {
        const ts = String(hook.headers['x-moneybox-timestamp']);
        const id = String(hook.headers['x-moneybox-delivery']);
        expect(hook.headers['x-moneybox-signature']).toBe(`sha256=${createHmac('sha256', secret).update(`${id}.${ts}.${hook.body}`).digest('hex')}`);
      }

      await row.getByTestId('console-alert-resolve').click();
      await page.getByTestId('console-alert-note').fill('Credit ordered from the distributor');
      await e.screenshot(page, 'console-alert-resolve-en-1366');
      await page.getByTestId('console-alert-resolve-confirm').click();
      // Resolved on the server with its note, and the header one fewer, as the server counts.
      await expect
        .poll(async () => (await e.server.handle.db.selectFrom('alert').select('note').where('kind', '=', 'low_credit').where('store_id', '=', 1001).where('resolved_at', 'is not', null).executeTakeFirst())?.note)
        .toBe('Credit ordered from the distributor');
      await expect.poll(headerAgrees).toBe(true);
      await page.goto('/operator/audit');
      await page.locator('[data-kind="console.alert_resolve"]').first().waitFor();
      await e.screenshot(page, 'console-audit-en-1366');

      // The store's page: the platform default applies until the admin gives 1001 its own value, then clears it.
      await page.goto('/operator/stores/1001');
      const source = page.getByTestId('console-store-threshold-low_credit-source');
      await expect.poll(() => source.textContent()).toBe('Platform default');
      expect(await page.getByTestId('console-store-threshold-low_credit-value').textContent()).toBe('$100,000,000.00');
      await page.getByTestId('console-store-threshold-low_credit-input').fill('50');
      await page.getByTestId('console-store-thresholds-save').click();
      await expect.poll(() => source.textContent()).toBe("This store's");
      expect(await page.getByTestId('console-store-threshold-low_credit-value').textContent()).toBe('$50.00');
      expect((await e.server.handle.db.selectFrom('alert_threshold').select('value').where('store_id', '=', 1001).where('kind', '=', 'low_credit').executeTakeFirst())?.value).toBe(5_000);
      await e.screenshot(page, 'console-store-thresholds-en-1366', { fullPage: true });
      await page.getByTestId('console-store-threshold-low_credit-clear').click();
      await expect.poll(() => source.textContent()).toBe('Platform default');
      await page.context().close();

      for (const [lang, width] of [['mx', 390], ['zh_Hans', 820]] as const) {
        const p = await e.newPage({ lang, viewport: VIEWPORTS.find((v) => v.width === width)! });
        await enrol(p, await newAdmin());
        await p.goto('/operator/alerts');
        await p.getByTestId('console-alerts-filter').getByText(lang === 'mx' ? 'Todas' : '全部').click();
        await p.locator('[data-kind="low_credit"]', { hasText: 'Demo Arcade' }).waitFor();
        expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await e.screenshot(p, `console-alerts-${lang}-${width}`);
        await p.goto('/operator/settings');
        await p.getByTestId('console-thresholds-save').waitFor();
        await e.screenshot(p, `console-alert-settings-${lang}-${width}`, { fullPage: true });
        await p.context().close();
      }
    } finally {
      await e.server.handle.db.deleteFrom('alert_threshold').execute();
      await new Promise<void>((r) => receiver.close(() => r()));
    }
  });

  layoutTest("opens a store's daily report read-only, sets the store's theme (its host's layout): the store app then shows it with the colon", { timeout: 300_000 }, async () => {
    const page = await e.newPage({ viewport: VIEWPORTS[0] });
    await enrol(page, await newAdmin());
    await page.getByTestId('store-link-1001').click();
    await page.getByTestId('console-report-daily').click();
    await page.waitForURL((u) => u.pathname === '/operator/stores/1001/reports/daily');
    await page.getByTestId('daily-table').waitFor();
    expect(await page.getByTestId('console-report-title').textContent()).toContain('Demo Arcade');
    // Read-only: CSV and print as on the store's own screen, headed by this store; nothing that changes it.
    await page.getByTestId('report-csv').waitFor();
    await page.getByTestId('report-print-button').waitFor();
    await e.screenshot(page, 'console-store-daily-en-1366', { fullPage: true });
    await page.getByTestId('console-store-back').click();

    // The theme: this very host (the store app's and the console's) to layout 2.
    await page.getByTestId('console-host').fill(e.host);
    await page.getByTestId('console-host-layout').selectOption('2');
    await page.getByTestId('console-host-save').click();
    await page.getByTestId(`console-host-layout-${e.host}`).waitFor();
    expect(await page.getByTestId(`console-host-layout-${e.host}`).textContent()).toContain('₡');
    await e.screenshot(page, 'console-store-theme-en-1366', { fullPage: true });
    const store = await e.newPage({ viewport: VIEWPORTS[0] });
    await e.signIn(store, DEMO_LOGINS.boss, null, '/Reports/DailyReports');
    await store.getByTestId('daily-table').waitFor();
    expect(await store.locator('[data-layout]').first().getAttribute('data-layout')).toBe('2');
    await store.waitForFunction(() => document.querySelector('[data-testid="daily-table"]')?.textContent?.includes('₡'));
    await e.screenshot(store, 'store-theme-layout2-en-1366');
    // Back to layout 0 for the tests after: the host taken off the store.
    await page.getByTestId(`console-host-remove-${e.host}`).click();
    await page.getByTestId('console-hosts').locator(`[data-host="${e.host}"]`).waitFor({ state: 'detached' });
    const audit = await e.server.handle.db.selectFrom('audit').select('kind').where('kind', 'like', 'console.store_host%').orderBy('id').execute();
    expect(audit.map((a) => a.kind)).toEqual(['console.store_host_set', 'console.store_host_remove']);
  });

  it('opens the Reports screen across stores: totals, chart and table at 1366, 820 and 390 px, the table scrolling in its own area', { timeout: 60_000 }, async () => {
    // Today's movements of the demo store on two channels, so the chart and the table have figures.
    const now = new Date().toISOString();
    await e.server.handle.db.insertInto('ledger').values((['pos', 'online'] as const).map((channel, i) => ({ store_id: 1001, at: now, kind: 'purchase', channel, account_id: null, drawer_id: null, shift_id: null, customer_id: null, machine_id: null, amount_cents: 12_500 * (i + 1), key: null, reverts_id: null }))).execute();
    const page = await e.newPage({ viewport: VIEWPORTS[0] });
    await enrol(page, await newAdmin());
    await page.getByTestId('console-reports-link').click();
    await page.waitForURL((u) => u.pathname === '/operator/reports');
    await page.getByTestId('cross-totals').waitFor();
    await page.getByTestId('cross-per-store').waitFor();
    await page.getByTestId('cross-table').waitFor();
    for (const v of VIEWPORTS) {
      await page.setViewportSize(v);
      await page.getByTestId('cross-chart').locator('.recharts-surface').first().waitFor();
      await e.screenshot(page, `console-cross-report-en-${v.width}`, { fullPage: true });
      // The page itself never scrolls sideways: only the table's own area does.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(v.width);
    }
  });

  layoutTest("an admin publishes an event item, checking it in the preview; the store boss's menu shows the event with its '!'", { timeout: 120_000 }, async () => {
    const page = await e.newPage({ viewport: VIEWPORTS[0] });
    await enrol(page, await newAdmin());
    await page.getByTestId('console-news-link').click();
    await page.waitForURL((u) => u.pathname === '/operator/news');
    await page.getByTestId('console-news-kind').getByText('Event news').click();
    const local = (ms: number) => new Date(ms).toISOString().slice(0, 10) + 'T00:00';
    await page.getByTestId('console-news-event').fill('spring_e2e');
    await page.getByTestId('console-news-starts').fill(local(Date.now() - 2 * 86_400_000));
    await page.getByTestId('console-news-ends').fill(local(Date.now() + 7 * 86_400_000));
    await page.getByTestId('console-news-title-en').fill('Spring e2e festival');
    await page.getByTestId('console-news-body-en').fill('# Prizes\n\nPlay **more** this week. <script>window.hacked = 1</script>');
    // The preview is the store's own news card: the body's heading, bold kept, the script dropped.
    const preview = page.getByTestId('news-preview-en');
    await preview.locator('strong', { hasText: 'more' }).waitFor();
    expect(await preview.locator('h3').textContent()).toBe('Prizes');
    expect(await preview.locator('script').count()).toBe(0);
    // The stores are picked from the account's own, searched by kiosk id (or name), not typed.
    await page.getByTestId('console-news-stores').fill('1001');
    await page.getByRole('option', { name: /\(1001\)/ }).click();
    for (const v of VIEWPORTS) {
      await page.setViewportSize(v);
      // The editor lays itself out again for the new width (its choices stack on a phone) a render later.
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expect.poll(() => cutTexts(page)).toEqual([]);
      await e.screenshot(page, `console-news-editor-en-${v.width}`, { fullPage: true });
    }
    await page.getByTestId('console-news-publish').click();
    await page.locator('[data-testid^="console-news-item-"]', { hasText: 'Spring e2e festival' }).waitFor();
    await e.screenshot(page, 'console-news-published-en-390', { fullPage: true });
    // The other languages on the phone: nothing cut, nothing wider than the screen.
    for (const lang of ['mx', 'zh_Hans'] as const) {
      await page.evaluate((l) => localStorage.setItem('Lang', l), lang);
      await page.reload();
      await page.locator('[data-testid^="console-news-item-"]', { hasText: 'Spring e2e festival' }).waitFor();
      expect(await cutTexts(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await e.screenshot(page, `console-news-${lang}-390`, { fullPage: true });
    }
    const audit = await e.server.handle.db.selectFrom('audit').select(['kind', 'actor_role']).where('kind', '=', 'operator.news_publish').where('target_label', '=', 'Spring e2e festival').execute();
    expect(audit).toEqual([{ kind: 'operator.news_publish', actor_role: 'admin' }]);

    const store = await e.newPage({ viewport: VIEWPORTS[0] });
    await e.signIn(store, DEMO_LOGINS.boss, null, '/');
    const entry = store.getByTestId('tile-news').getByRole('link', { name: /Spring e2e festival/ });
    await entry.waitFor();
    expect(await entry.getByTestId('unread-badge').count()).toBe(1);
    await e.screenshot(store, 'console-news-store-badge-en-1366');
  });

  layoutTest('keeps the alert entry in the header at every width: the word beside the count on a till and a tablet, a named bell with the count on a phone', { timeout: 180_000 }, async () => {
    const words: Record<Lang, { title: string; count: RegExp }> = {
      en: { title: 'Alerts', count: /^Alerts: \d+ open$/ },
      mx: { title: 'Alertas', count: /^Alertas: (1 abierta|\d+ abiertas)$/ },
      zh_Hans: { title: '警报', count: /^警报：\d+ 条未处理$/ },
    };
    for (const lang of ['en', 'mx', 'zh_Hans'] as const) {
      const page = await e.newPage({ lang, viewport: VIEWPORTS[2] });
      await enrol(page, await newAdmin());
      const entry = page.getByTestId('console-alert-count');
      for (const v of [VIEWPORTS[2], VIEWPORTS[1], VIEWPORTS[0]]) {
        await page.setViewportSize(v);
        await entry.waitFor();
        const box = (await entry.boundingBox())!;
        // On the screen, whole, and named by its count for a screen reader.
        expect(box.x >= 0 && box.x + box.width <= v.width && box.y >= 0, `${lang} ${v.width}`).toBe(true);
        expect(await entry.getAttribute('aria-label')).toMatch(words[lang].count);
        const phone = v.width < 768;
        expect(await page.getByTestId('console-alert-bell').isVisible(), `${lang} ${v.width} bell`).toBe(phone);
        expect(await entry.getByText(words[lang].title, { exact: true }).isVisible(), `${lang} ${v.width} word`).toBe(!phone);
        await e.screenshot(page, `console-header-alerts-${lang}-${v.width}`);
      }
      await page.setViewportSize(VIEWPORTS[2]);
      await entry.click();
      await page.waitForURL((u) => u.pathname === '/operator/alerts');
      await page.context().close();
    }
  });

  layoutTest('reads right on a till, a tablet and a phone in every language; axe finds nothing on any of its screens', { timeout: 600_000 }, async () => {
    const heading: Record<Lang, string> = { en: 'Stores', mx: 'Tiendas', zh_Hans: '门店' };
    const cut: string[] = [];
    const noCut = async (page: Page, shot: string) => cut.push(...(await cutTexts(page)).map((c) => `${shot}: ${c}`));
    // Accessibility (issue 37): axe's WCAG 2.0/2.1/2.2 A and AA rules, every violation of any impact,
    // on each screen once: the sign-in's and every console screen's, at the first (language, width) of the sweep.
    const axeFound: string[] = [];
    for (const [turn, { lang, viewport: v }] of sweep(4).entries()) {
      const page = await e.newPage({ lang, viewport: v });
      const axeCheck =
        turn === 0
          ? async (where: string) => {
              await page.waitForFunction(() => !document.querySelector('.mantine-LoadingOverlay-root, .mantine-datatable-loader-fetching, .mantine-Skeleton-root'));
              axeFound.push(...(await wcagViolations(page)).map((f) => `${where} ${lang} ${v.width}: axe ${f.id} (${f.impact}): ${f.help}: ${f.nodes.join(' ')}`));
            }
          : undefined;
      await enrol(page, await newAdmin(), v.width === 390 ? `console-${lang}-390` : undefined, axeCheck);
      await page.locator('[data-row="1001"]').waitFor();
      await axeCheck?.('/operator/stores');
      expect(await page.locator('h1').first().textContent()).toBe(heading[lang]);
      // Nothing wider than the screen but the table's own scroll box.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await noCut(page, `stores-${lang}-${v.width}`);
      await e.screenshot(page, `console-stores-${lang}-${v.width}`);
      if (v.width === 390) {
        // The empty state: a search that finds no store.
        await page.getByTestId('console-store-search').fill('no such store zz');
        await page.locator('[data-row="1001"]').waitFor({ state: 'detached' });
        await noCut(page, `stores-empty-${lang}-390`);
        await e.screenshot(page, `console-stores-empty-${lang}-390`);
        await page.getByTestId('console-store-search').fill('');
      }
      await page.getByTestId('store-link-1001').click();
      await page.getByTestId('console-store-details').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await noCut(page, `store-${lang}-${v.width}`);
      await e.screenshot(page, `console-store-${lang}-${v.width}`, { fullPage: true });
      await axeCheck?.('/operator/stores/1001');
      await page.getByTestId('console-report-daily').click();
      await page.getByTestId('daily-table').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await noCut(page, `store-daily-${lang}-${v.width}`);
      await e.screenshot(page, `console-store-daily-${lang}-${v.width}`, { fullPage: true });
      await axeCheck?.('/operator/stores/1001/reports/daily');
      // Every other console screen on the phone, where a text is likeliest cut; and each once for axe.
      const phone = v.width === 390;
      for (const path of new Set([...(phone ? OTHER_SCREENS : []), ...(axeCheck ? AXE_SCREENS : [])])) {
        await page.goto(path);
        await page.locator('main h1').first().waitFor();
        if (path.includes('/reports/')) await page.locator('[data-testid="shift-table"], [data-testid="z-report-body"], [data-testid="transaction-table"]').first().waitFor();
        if (phone && OTHER_SCREENS.includes(path)) {
          await noCut(page, `${path}-${lang}-390`);
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
        }
        await axeCheck?.(path);
        if (phone && path === OTHER_SCREENS.at(-1)) await e.screenshot(page, `console-store-day-close-${lang}-390`, { fullPage: true });
      }
      await page.context().close();
    }
    expect(cut).toEqual([]);
    expect(axeFound).toEqual([]);
  });
});
