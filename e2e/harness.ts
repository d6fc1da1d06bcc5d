/**
 * End-to-end harness: the real server (SQLite by default, PostgreSQL when asked: `startE2E({ dialect })`
 * or E2E_DIALECT=postgres, as the postgres project of e2e/vitest.config.ts runs the money paths, the day close, the
 * console and the live screens; demo store, port 0) serving the built web app, and one headless Debian
 * Chromium per test file. See docs/WEB.md for how to write a test with it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { DEMO_KIOSK, DEMO_LOGINS } from '../packages/server/src/cli/seed/seed.js';
import type { Dialect } from '../packages/server/src/db/database.js';
import { startTestServer, type TestServer } from '../packages/server/src/testing/server.js';
import type { Settings } from '../packages/server/src/settings.js';
import { root, webDist } from './build-web.js';

export { DEMO_KIOSK, DEMO_LOGINS };
export const screenshotDir = path.join(root, 'test-results/screenshots');
/** `npm run test:full` (MBX_TEST_FULL=1): every language at every width, and the screenshots. */
export const FULL = process.env.MBX_TEST_FULL === '1';
/** Whether e.screenshot takes its pictures: a full run or MBX_SCREENSHOTS=1 (see E2E.screenshot). */
export const SCREENSHOTS = FULL || process.env.MBX_SCREENSHOTS === '1';

/**
 * Debian's headless build of Chromium (package chromium-headless-shell: the same Blink as /usr/bin/chromium,
 * without the desktop browser around it), which runs the suite on less CPU; E2E_CHROMIUM=/usr/bin/chromium
 * runs it in the full browser instead (docs/DECISIONS.md "End to end").
 */
export const E2E_CHROMIUM = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type Lang = 'en' | 'mx' | 'zh_Hans';

export interface PageOptions {
  /** Default 1280×800; 390×844 for the phone layout. */
  viewport?: { width: number; height: number };
  /** Sets localStorage `Lang` before the app starts. */
  lang?: Lang;
}

export interface Who {
  username: string;
  password: string;
}

export interface E2E {
  server: TestServer;
  /** The server's database: SQLite unless the run or the file asked for PostgreSQL. */
  dialect: Dialect;
  browser: Browser;
  /** http://127.0.0.1:<port> */
  url: string;
  /** The host the browser sends (for the domain map): 127.0.0.1:<port>. */
  host: string;
  /** A page in a fresh browser context (own cookies and storage). */
  newPage(opts?: PageOptions): Promise<Page>;
  /** Logs in through the login form; `drawer` null means viewer mode. Waits for home (or the remembered page). */
  login(page: Page, who?: Who, drawer?: number | null, opts?: { expectPath?: string }): Promise<void>;
  /**
   * Signs in through the API (posLogin, then chooseDrawer unless `drawer` is null: viewer mode) and gives
   * the page's context the cookies the login form sets (web auth/session.ts `signIn`), then opens `path`
   * when given; at `kiosk`'s store (default the demo store). For tests whose subject is not the sign-in:
   * the login form's own tests use `login`.
   */
  signIn(page: Page, who?: Who, drawer?: number | null, path?: string, kiosk?: number): Promise<void>;
  /**
   * Saves test-results/screenshots/<name>.png for a person to look at. npm test asserts and takes no
   * picture (encoding hundreds of them was a good part of its time); `npm run test:full` and
   * `MBX_SCREENSHOTS=1` take them all. `always`: taken in every run (a failing test's last screen).
   */
  screenshot(page: Page, name: string, opts?: { fullPage?: boolean; always?: boolean }): Promise<void>;
  close(): Promise<void>;
}

export function loginUrl(kioskId: number = DEMO_KIOSK): string {
  return `/pos/login?kioskId=${kioskId}`;
}

/** The database of this run's end-to-end servers: E2E_DIALECT (set by the postgres project of e2e/vitest.config.ts), else SQLite. */
export function e2eDialect(env: NodeJS.ProcessEnv = process.env): Dialect {
  const asked = env.E2E_DIALECT ?? 'sqlite';
  if (asked !== 'sqlite' && asked !== 'postgres') throw new Error(`E2E_DIALECT must be sqlite or postgres, not ${asked}`);
  return asked;
}

/**
 * `dialect`: the database (default e2eDialect()); `settings` changed for tests that need it (the console's webhook
 * receiver on loopback); `chromiumArgs`: switches for this file's Chromium after CHROMIUM_ARGS (the camera
 * scan's fake camera: `--use-fake-device-for-media-stream`, …).
 */
export async function startE2E(opts: { dialect?: Dialect; settings?: Partial<Settings>; chromiumArgs?: readonly string[] } = {}): Promise<E2E> {
  // The web app is built once per run, before any file starts (global-setup.ts): a source edited during
  // the run must not rebuild it under the pages of the files already running.
  const dialect = opts.dialect ?? e2eDialect();
  const server = await startTestServer(dialect, { webDist, ...opts.settings });
  const browser = await chromium.launch({ executablePath: E2E_CHROMIUM, args: [...CHROMIUM_ARGS, ...(opts.chromiumArgs ?? [])] });
  const contexts: BrowserContext[] = [];
  fs.mkdirSync(screenshotDir, { recursive: true });
  const url = server.url;

  const e2e: E2E = {
    server,
    dialect,
    browser,
    url,
    host: new URL(url).host,
    async newPage(opts = {}) {
      const context = await browser.newContext({ baseURL: url, viewport: opts.viewport ?? { width: 1280, height: 800 }, reducedMotion: 'reduce' });
      contexts.push(context);
      // A page opened by a test is closed when the test ends (after its afterEach, which may picture it):
      // a page left open keeps polling and rendering for the rest of the file, on the run's two cores.
      // One opened outside a test (beforeAll) is closed with the harness.
      try {
        onTestFinished(() => context.close().catch(() => undefined));
      } catch {
        // not inside a test
      }
      if (opts.lang) {
        await context.addInitScript((lang) => {
          if (!sessionStorage.getItem('e2eLangSet')) {
            localStorage.setItem('Lang', lang);
            sessionStorage.setItem('e2eLangSet', '1');
          }
        }, opts.lang);
      }
      const page = await context.newPage();
      // A hang guard, not a speed limit (speed is measured in bench/): the same cap as expect.poll's. At
      // 10 s a viewer's drawer list opened later than that in a clean-clone run with the load average at
      // 10 on two cores (every tier beside helpers' own tests), and passed in 71 s with two busy loops beside it.
      page.setDefaultTimeout(30_000);
      return page;
    },
    async login(page, who = DEMO_LOGINS.cashier, drawer = 1, opts = {}) {
      if (!page.url().includes('/pos/login')) await page.goto(loginUrl());
      await page.locator('input[name="username"]').waitFor();
      if (drawer === null) {
        await page.getByTestId('login-mode').locator('label').nth(1).click();
      } else {
        await page.getByTestId(`drawer-${drawer}`).click();
      }
      await page.locator('input[name="username"]').fill(who.username);
      await page.locator('input[name="password"]').fill(who.password);
      await page.getByTestId('login-submit').click();
      const expect = opts.expectPath ?? '/';
      await page.waitForURL((u) => u.pathname === expect.split('?')[0]);
    },
    async signIn(page, who = DEMO_LOGINS.cashier, drawer = 1, path, kiosk = DEMO_KIOSK) {
      const login = await server.call('/user/posLogin', { mode: drawer === null ? 'viewer' : 'pos', username: who.username, password: who.password, kiosk_id: kiosk });
      if (login.status !== 0) throw new Error(`sign-in refused: ${JSON.stringify(login)}`);
      const chosen =
        drawer === null
          ? { ...login, moneybox: -1, initAmount: false }
          : await server.call('/user/chooseDrawer', { UID: login.uid, TOKEN: login.token, moneybox: drawer, username: who.username, kiosk_id: kiosk });
      if (chosen.status !== 0) throw new Error(`drawer ${drawer} refused: ${JSON.stringify(chosen)}`);
      // The names and values of the login form's cookies (spec section 4), encoded as the web writes them.
      const cookies: Record<string, unknown> = {
        uid: login.uid, token: login.token, kioskId: chosen.kid, account: chosen.account, moneybox: chosen.moneybox,
        storename: chosen.storename, serverVer: chosen.serverVer, env: chosen.env, initAmount: chosen.initAmount,
      };
      await page.context().addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value: encodeURIComponent(String(value)), url, sameSite: 'Lax' as const })));
      if (path !== undefined) await page.goto(path);
    },
    async screenshot(page, name, opts = {}) {
      if (!SCREENSHOTS && !opts.always) return;
      await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: opts.fullPage ?? false });
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await server.close();
    },
  };
  return e2e;
}

/** Reads a cookie of the page's context. */
export async function cookie(page: Page, name: string): Promise<string | undefined> {
  const all = await page.context().cookies();
  const v = all.find((c) => c.name === name)?.value;
  return v === undefined ? undefined : decodeURIComponent(v);
}

/** On the Drawer page of a logged-in counter: sets the initial amount, then adds a fill with its reason. */
export async function initAndFill(page: Page, initial: string, fill: { amount: string; reason: string }): Promise<void> {
  await page.goto('/Drawer');
  const init = page.getByTestId('init-form');
  await init.locator('input[name="amount"]').fill(initial);
  await init.getByTestId('init-submit').click();
  // The drawer read after the initial amount has settled before the cash form is used: its answer re-renders the page.
  // (The movement list, not the totals: under blind count a cashier's page shows no figure of the drawer.)
  await init.waitFor({ state: 'detached', timeout: 15_000 });
  await page.getByTestId('movements').locator('[data-kind="init"]').waitFor({ timeout: 15_000 });
  const cash = page.getByTestId('cash-form');
  await cash.waitFor();
  await cash.locator('input[name="amount"]').fill(fill.amount);
  await cash.locator('input[name="reason"]').fill(fill.reason);
  await page.getByTestId('cash-submit').click();
  // The fill is recorded (the page lists it) before the caller goes on.
  await page.getByTestId('movements').locator('[data-kind="fill"]').waitFor({ timeout: 15_000 });
}
