import { Status } from '@moneybox/contract';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf, postPlan, reportStore, type ReportStore } from '../packages/server/src/testing/report-kit.js';
import { refreshDailyTotals } from '../packages/server/src/services/report/daily-totals.js';
import { setDomainLayout } from '../packages/server/src/services/operator/operator.service.js';
import { wcagViolations } from './axe.js';
import { screenshotDir, startE2E, type E2E } from './harness.js';
import { SEED } from '../packages/server/src/services/audit/audit.js';

const DAY = 86_400_000;
const TZ = 'America/Chicago';

/** Reads a downloaded file's bytes. */
async function bytesOf(d: Download): Promise<Buffer> {
  const file = await d.path();
  return fs.readFileSync(file);
}

/** CSV text without the BOM, as lines of cells (the test data has no quoted commas). */
function csvLines(buf: Buffer): string[][] {
  return buf.subarray(3).toString('utf8').trimEnd().split('\r\n').map((l) => l.split(','));
}

/** The three reports in Chromium: a boss's view of a store with some days of money movements, and a cashier's. */
describe('reports', () => {
  let e: E2E;
  let st: ReportStore;
  const today = () => dayOf(Date.now(), TZ);
  const daysAgo = (n: number) => dayOf(Date.now() - n * DAY, TZ);

  async function apiLogin(who: { username: string; password: string }, drawer: number | null) {
    const r = await e.server.call('/user/posLogin', { mode: drawer === null ? 'viewer' : 'pos', username: who.username, password: who.password, kiosk_id: st.id });
    expect(r.status).toBe(Status.OK);
    const s = { UID: r.uid as number, TOKEN: r.token as string };
    if (drawer !== null) expect((await e.server.call('/user/chooseDrawer', { ...s, moneybox: drawer })).status).toBe(Status.OK);
    return s;
  }

  async function loginAs(page: Page, who: { username: string; password: string }, drawer: number | null) {
    await e.signIn(page, who, drawer, '/', st.id);
  }

  beforeAll(async () => {
    e = await startE2E();
    st = await reportStore(e.server, 7301, TZ);
    // History: three earlier days of shifts on two drawers (one force-closed) and terminal movements.
    const noon = (n: number) => Date.parse(`${daysAgo(n)}T12:00:00Z`);
    const moves = [
      { kind: 'purchase' as const, amount: 5000, customer: 0, minute: 10 },
      { kind: 'revert' as const, amount: 1000, customer: 0, minute: 20 },
      { kind: 'redeem' as const, amount: 700, customer: 1, minute: 30 },
      { kind: 'special_comps' as const, amount: 300, customer: 2, minute: 40 },
      { kind: 'fill' as const, amount: 2000, customer: 0, minute: 50 },
    ];
    const shifts = [];
    for (const n of [3, 2, 1]) {
      shifts.push({ cashier: 0, drawer: 0, startMs: noon(n), moves, end: 'closed' as const, counted: 15_000 });
      shifts.push({ cashier: 1, drawer: 1, startMs: noon(n) + 3600_000, moves, end: n === 2 ? ('forced' as const) : ('closed' as const), counted: null });
    }
    const kiosk = [3, 2, 1].flatMap((n) => [
      { kind: 'purchase' as const, channel: 'reload_kiosk' as const, amount: 2500, customer: 1, atMs: noon(n) + 7200_000 },
      { kind: 'purchase' as const, channel: 'online' as const, amount: 1200 * n, customer: 2, atMs: noon(n) + 9000_000 },
    ]);
    await postPlan(e.server.handle.db, st, shifts, kiosk);
    // Today, through the money calls: cashier 0 on drawer 1 buys, reverts, redeems and closes the shift.
    const s = await apiLogin(st.cashiers[0]!, 1);
    const money = async (path: string, body: object) => expect((await e.server.call(path, { ...s, key: await e.server.key(), ...body })).status).toBe(Status.OK);
    await money('/drawer/init', { amount: 300 });
    await money('/customer/purchase', { id: st.customers[0]!.id, amount: 60 });
    await money('/customer/revert', { id: st.customers[0]!.id, amount: 10 });
    await money('/customer/purchase', { id: st.customers[1]!.id, amount: 40.5 });
    expect((await e.server.call('/drawer/shift', { ...s, counted: 390.5 })).status).toBe(Status.OK);
    await refreshDailyTotals(e.server.handle);
  });
  afterAll(() => e?.close());

  it('boss: transaction report with period, filters, paging by cursor, 39, CSV and A4 print', async () => {
    const page = await e.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.js')) scripts.push(new URL(r.url()).pathname);
    });
    const calls: Array<Record<string, unknown>> = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/API/drawer/transaction')) calls.push(JSON.parse(r.postData() ?? '{}'));
    });
    await loginAs(page, st.boss, null);
    await page.getByRole('link', { name: 'Transaction Report' }).first().click();
    await page.waitForURL('**/Reports/TransactionReports');
    const table = page.getByTestId('transaction-table');
    // Today: init, two purchases, a revert (the drawer report's movements of today's shift).
    await table.getByText('Reverted by #').waitFor();
    expect(await page.getByTestId('period-from').inputValue()).toBe(today());
    await e.screenshot(page, 'reports-transaction-today-en', { fullPage: true });
    // Today's shift on drawer 1 (the store's operator rows of its creation are there too).
    expect(await table.locator('tbody tr', { hasText: 'Drawer 1' }).count()).toBe(4);

    // 'To date' before 'From date': refused by the form, no call.
    const before = calls.length;
    await page.getByTestId('period-from').fill(today());
    await page.getByTestId('period-to').fill(daysAgo(1));
    await page.getByTestId('period-show').click();
    await page.getByText("'To date' must be later than 'From date'").waitFor();
    await e.screenshot(page, 'reports-transaction-to-before-from-en');
    expect(calls.length).toBe(before);

    // A period wider than limit_day (31): the server's 39 (message, limit_day and 'days'), once, in
    // place: no message box beside it, and the form's earlier message gone.
    await page.getByTestId('period-from').fill(daysAgo(40));
    await page.getByTestId('period-to').fill(today());
    await page.getByTestId('period-show').click();
    await expect(page.getByTestId('report-error').textContent()).resolves.toBe('Improper time period: 31 days');
    await page.waitForTimeout(300);
    expect(await page.getByText('Improper time period').count()).toBe(1);
    expect(await page.getByTestId('message-box-text').count()).toBe(0);
    expect(await page.getByText("'To date' must be later than 'From date'").count()).toBe(0);
    await e.screenshot(page, 'reports-transaction-39-en');

    // Four days: every row, 20 a page; the next page goes with the reply's cursor. Fixing the period clears the 39.
    await page.getByTestId('period-from').fill(daysAgo(3));
    expect(await page.getByTestId('report-error').count()).toBe(0);
    await page.getByTestId('period-show').click();
    await table.getByText(/^1–20 of \d+$/).waitFor();
    const total = Number(/of (\d+)/.exec((await table.getByText(/^1–20 of \d+$/).textContent())!)![1]);
    expect(total).toBeGreaterThan(40);
    await page.getByRole('button', { name: '2', exact: true }).click();
    await table.getByText(/^21–40 of \d+$/).waitFor();
    expect(calls.at(-1)).toMatchObject({ page: 2, cursor: expect.stringMatching(/\S/) });

    // Filter: one customer's purchases.
    await page.getByTestId('filter-customer').fill(String(st.customers[0]!.id));
    await page.getByTestId('filter-type').selectOption('purchase');
    await page.getByTestId('period-show').click();
    await table.getByText(/^1–7 of 7$/).waitFor();
    await e.screenshot(page, 'reports-transaction-filtered-en', { fullPage: true });
    expect(await wcagViolations(page)).toEqual([]);
    await page.getByTestId('filter-customer').fill('');
    await page.getByTestId('filter-type').selectOption('');
    await page.getByTestId('period-show').click();
    await table.getByText(`1–20 of ${total}`).waitFor();

    // CSV: every row of the period (not only the page), UTF-8 with BOM, amounts with two decimals.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-csv').click()]);
    const bytes = await bytesOf(download);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csvLines(bytes);
    expect(lines[0]).toEqual(['No.', 'Time', 'Type', 'Station', 'Staff account', 'Customer ID', 'Mobile ID', 'Name', 'Amount', 'Revert']);
    expect(lines.length).toBe(total + 1);
    expect(lines.slice(1).every((l) => /^\d+\.\d\d$/.test(l[8]!))).toBe(true);
    expect(lines.slice(1).every((l) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(l[1]!))).toBe(true);
    expect(lines[1]).toContain('40.50');
    expect(bytes.toString('utf8')).toContain('李');

    // Print: A4 landscape, the table only (no menu, form or buttons).
    await printA4(page, 'reports-transaction-en');

    // The chart's code is the daily report's alone.
    expect(scripts.filter((s) => /DailyChart|charts/i.test(s))).toEqual([]);
  });

  async function printA4(page: Page, name: string) {
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('period-form').isVisible()).toBe(false);
    expect(await page.getByTestId('report-print').isVisible()).toBe(true);
    const pdf = path.join(screenshotDir, `${name}.pdf`);
    await page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
    await page.emulateMedia({ media: 'screen' });
    const text = fs.readFileSync(pdf).toString('latin1');
    // A4 landscape: 842 × 595 points.
    expect(text).toMatch(/MediaBox\s*\[0 0 841\.9\d* 59[45]\.\d+\]/);
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', pdf, path.join(screenshotDir, `${name}-pdf`)]);
  }

  it('boss: shift report with totals, reprint of a closed shift, CSV and print', async () => {
    const page = await e.newPage();
    await loginAs(page, st.boss, null);
    await page.goto('/Reports/ShiftReports');
    const table = page.getByTestId('shift-table');
    await table.getByText(st.cashiers[0]!.username).first().waitFor();
    await page.getByTestId('period-from').fill(daysAgo(3));
    await page.getByTestId('period-show').click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(7);
    await table.getByText('Total (7 shifts)').waitFor();
    await e.screenshot(page, 'reports-shift-en', { fullPage: true });
    expect(await wcagViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-csv').click()]);
    const lines = csvLines(await bytesOf(download));
    expect(lines[0]).toEqual(['Drawer', 'Staff account', 'Start', 'End', 'Initial amount', 'Fills', 'Bleeds', 'Purchases', 'Redeems', 'Comps', 'Special comps', 'Balance', 'Counted', 'Over/short', 'Closed by']);
    expect(lines.length).toBe(1 + 7 + 1);
    expect(lines.at(-1)![0]).toBe('Total (7 shifts)');
    // Today's shift: 300 + 60 - 10 + 40.50 = 390.50, counted 390.50, over/short 0.
    const todays = lines.find((l) => l[2]!.startsWith(today()))!;
    expect(todays.slice(4, 15)).toEqual(['300.00', '0.00', '0.00', '90.50', '0.00', '0.00', '0.00', '390.50', '390.50', '0.00', st.cashiers[0]!.username]);
    // Force-closed: closed by the boss.
    expect(lines.some((l) => l[14] === st.boss.username)).toBe(true);

    await printA4(page, 'reports-shift-en');

    // Reprint: the 300px receipt, alone on paper.
    await page.locator('[data-testid^="reprint-"]').first().click();
    await page.getByRole('dialog').getByTestId('drawer-report').waitFor();
    await page.emulateMedia({ media: 'print' });
    expect((await page.getByTestId('drawer-report-print').boundingBox())?.width).toBe(300);
    expect(await page.getByTestId('report-print').count()).toBe(0);
    await page.emulateMedia({ media: 'screen' });
    await e.screenshot(page, 'reports-shift-reprint-en');
  });

  it('boss: daily report by day and channel with its chart, CSV, print, and in 简体中文', async () => {
    const page = await e.newPage();
    await loginAs(page, st.boss, null);
    await page.goto('/Reports/DailyReports');
    await page.getByTestId('daily-table').getByText('POS', { exact: true }).waitFor();
    await page.getByTestId('period-from').fill(daysAgo(3));
    await page.getByTestId('period-show').click();
    const table = page.getByTestId('daily-table');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(16);
    await page.getByTestId('daily-chart').locator('.recharts-bar-rectangle').first().waitFor();
    await e.screenshot(page, 'reports-daily-en', { fullPage: true });
    expect(await wcagViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-csv').click()]);
    const lines = csvLines(await bytesOf(download));
    expect(lines[0]!.slice(0, 3)).toEqual(['Day', 'Channel', 'Purchases']);
    expect(lines.length).toBe(1 + 16 + 1);
    const online = lines.find((l) => l[0] === daysAgo(2) && l[1] === 'Online')!;
    expect(online[2]).toBe('24.00');
    // Today on POS: 60 - 10 + 40.50 net purchases.
    expect(lines.find((l) => l[0] === today() && l[1] === 'POS')![2]).toBe('90.50');
    await printA4(page, 'reports-daily-en');

    // 简体中文: the screen and the CSV headers follow the language.
    await page.getByTestId('language-picker').click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await page.getByRole('heading', { name: '每日报表' }).waitFor();
    await table.getByText('充值机').first().waitFor();
    await e.screenshot(page, 'reports-daily-zh_Hans', { fullPage: true });
    const [zh] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-csv').click()]);
    const zhLines = csvLines(await bytesOf(zh));
    expect(zhLines[0]!.slice(0, 3)).toEqual(['日期', '渠道', '购买']);
    expect(zhLines.at(-1)![0]).toBe('合计');
    await page.goto('/Reports/TransactionReports');
    await page.getByRole('heading', { name: '交易报表' }).waitFor();
    await page.getByTestId('transaction-table').getByText('撤销购买').first().waitFor();
    await e.screenshot(page, 'reports-transaction-zh_Hans', { fullPage: true });
  });

  it('cashier: own shifts only, no daily report (menu and route)', async () => {
    const page = await e.newPage();
    await loginAs(page, st.cashiers[1]!, 2);
    const menu = page.getByTestId('side-menu');
    await menu.getByText('Shift Report').waitFor();
    expect(await menu.getByText('Daily Report').count()).toBe(0);
    await page.goto('/Reports/ShiftReports');
    await page.getByTestId('period-from').fill(daysAgo(3));
    await page.getByTestId('period-show').click();
    const table = page.getByTestId('shift-table');
    await e.screenshot(page, 'reports-shift-cashier-en', { fullPage: true });
    // Their three earlier shifts and the one their login opened today.
    await expect.poll(() => table.locator('tbody tr').count()).toBe(4);
    await table.getByText('Open', { exact: true }).waitFor();
    expect(await table.getByText(st.cashiers[0]!.username).count()).toBe(0);
    await page.goto('/Reports/TransactionReports');
    await page.getByTestId('period-from').fill(daysAgo(3));
    await page.getByTestId('period-show').click();
    await page.getByTestId('transaction-table').getByText(/ of \d+$/).waitFor();
    const stations = await page.getByTestId('transaction-table').locator('tbody tr td:nth-child(4)').allTextContents();
    expect(new Set(stations)).toEqual(new Set(['Drawer 2']));
    await page.goto('/Reports/DailyReports');
    await page.getByTestId('permission-error').waitFor();
  });

  /** The header cells of a report table that lie wholly inside its scroll area (what a till shows without scrolling). */
  function columnsInView(page: Page, testId: string): Promise<string[]> {
    return page.evaluate((id) => {
      const root = document.querySelector(`[data-testid="${id}"]`)!;
      const viewport = root.querySelector<HTMLElement>('[role="region"]')!.getBoundingClientRect();
      return [...root.querySelectorAll<HTMLElement>('thead th')]
        .filter((th) => {
          const r = th.getBoundingClientRect();
          return r.width > 0 && r.left >= viewport.left - 1 && r.right <= viewport.right + 1;
        })
        .map((th) => th.textContent!.trim());
    }, testId);
  }

  it('at a 1366x768 till: the key columns show without scrolling, and hidden columns are announced', async () => {
    const page = await e.newPage({ viewport: { width: 1366, height: 768 } });
    await loginAs(page, st.boss, null);
    await page.goto('/Reports/ShiftReports');
    const shift = page.getByTestId('shift-table');
    await page.getByTestId('period-from').fill(daysAgo(3));
    await page.getByTestId('period-show').click();
    await shift.getByText(/^Total \(\d+ shifts\)$/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    const shown = await columnsInView(page, 'shift-table');
    for (const key of ['Drawer', 'Staff account', 'Start', 'End', 'Balance', 'Counted', 'Over/short']) expect(shown).toContain(key);
    // The rest is to the right: the edge says so, and its button scrolls there.
    await page.getByTestId('columns-right').waitFor();
    expect(await shift.getAttribute('data-more-right')).not.toBeNull();
    await e.screenshot(page, 'reports-shift-till-en');
    await page.getByTestId('columns-right').click();
    await page.getByTestId('columns-left').waitFor();
    await expect.poll(() => columnsInView(page, 'shift-table')).toContain('Special comps');
    await e.screenshot(page, 'reports-shift-till-scrolled-en');

    await page.goto('/Reports/DailyReports');
    const daily = page.getByTestId('daily-table');
    await page.getByTestId('period-from').fill(daysAgo(3));
    await page.getByTestId('period-show').click();
    await expect.poll(() => daily.locator('tbody tr').count()).toBe(16);
    const dailyShown = await columnsInView(page, 'daily-table');
    // No heading is cut short: long ones wrap.
    const cutHeadings = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-testid="daily-table"] thead th *')].filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
    );
    expect(cutHeadings).toEqual([]);
    for (const key of ['Day', 'Channel', 'Purchases', 'Purchases (count)', 'Redeems', 'Redeems (count)', 'Net', 'Special comps (count)', 'Reverts (count)']) expect(dailyShown).toContain(key);
    // The chart's money axis keeps the layout's sign.
    const chart = page.getByTestId('daily-chart');
    await chart.locator('.recharts-bar-rectangle').first().waitFor();
    await expect.poll(() => chart.locator('.recharts-yAxis-tick-labels text').count()).toBeGreaterThan(1);
    const ticks = await chart.locator('.recharts-yAxis-tick-labels text').allTextContents();
    expect(ticks.every((t) => /^-?\$[\d,]+(\.\d\d)?$/.test(t))).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await e.screenshot(page, 'reports-daily-till-en', { fullPage: true });

    await page.goto('/Reports/TransactionReports');
    await page.getByTestId('period-from').fill(daysAgo(3));
    await page.getByTestId('period-show').click();
    await page.getByTestId('transaction-table').getByText(/^1–20 of \d+$/).waitFor();
    const txShown = await columnsInView(page, 'transaction-table');
    for (const key of ['No.', 'Time', 'Type', 'Station', 'Name', 'Amount']) expect(txShown).toContain(key);
    await e.screenshot(page, 'reports-transaction-till-en');
  });

  it('layout 2: the daily chart axis speaks in colones (the colon sign)', async () => {
    await setDomainLayout({ handle: { db: e.server.handle.db } }, SEED, { host: e.host, layout: 2 });
    try {
      const page = await e.newPage({ viewport: { width: 1366, height: 768 } });
      await loginAs(page, st.boss, null);
      await page.goto('/Reports/DailyReports');
      await page.getByTestId('period-from').fill(daysAgo(3));
      await page.getByTestId('period-show').click();
      const chart = page.getByTestId('daily-chart');
      await chart.locator('.recharts-bar-rectangle').first().waitFor();
      await expect.poll(() => chart.locator('.recharts-yAxis-tick-labels text').count()).toBeGreaterThan(1);
      const ticks = await chart.locator('.recharts-yAxis-tick-labels text').allTextContents();
      expect(ticks.every((t) => /^-?₡[\d,]+(\.\d\d)?$/.test(t))).toBe(true);
      await e.screenshot(page, 'reports-daily-layout2-en');
    } finally {
      await setDomainLayout({ handle: { db: e.server.handle.db } }, SEED, { host: e.host, layout: 0 });
    }
  });

  it('fits a phone in Spanish: the form wraps, the table scrolls sideways', async () => {
    const page = await e.newPage({ lang: 'mx', viewport: { width: 390, height: 844 } });
    await loginAs(page, st.boss, null);
    await page.goto('/Reports/ShiftReports');
    await page.getByRole('heading', { name: 'Informe de turnos' }).waitFor();
    await page.getByTestId('shift-table').getByText('Reimprimir').first().waitFor();
    await e.screenshot(page, 'reports-shift-phone-mx', { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
