import { Status, type Cents } from '@moneybox/contract';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepAlerts } from '../packages/server/src/services/alerts/alert-sweep.js';
import { SEED } from '../packages/server/src/services/audit/audit.js';
import { createStore } from '../packages/server/src/services/operator/operator.service.js';
import { consoleAccount, type ConsoleSession } from '../packages/server/src/testing/console-kit.js';
import { bossSession, enrolTerminal } from '../packages/server/src/testing/terminal-kit.js';
import { DEMO_LOGINS, startE2E, type E2E } from './harness.js';
import { VIEWPORTS } from './sweep.js';

/** The 30 stores: 8101-8115 distributor A's, 8116-8130 distributor B's; every third one short of credit. */
const KIDS = Array.from({ length: 30 }, (_, i) => 8101 + i);
const LOW = (kid: number) => (kid - 8101) % 3 === 0;
/** A store named as a spreadsheet formula: the audit CSV must not hand it to a spreadsheet as one. */
const FORMULA_NAME = '=HYPERLINK("x") Arcade';

/**
 * Issue 37's day of an operator with 30 stores and two distributors, on the database of the run: the
 * low-credit stores found (as many as the open low-credit alerts), credit to three at once after the
 * confirmation, a distributor disabled whose open console page ends at once, the filtered audit trail
 * as CSV; then a boss collects a kiosk box and closes the day with no shift of their own, and the
 * printed Z report carries the note.
 */
describe('an operator day with 30 stores', () => {
  let e: E2E;
  let admin: ConsoleSession;
  let distA: ConsoleSession;
  let distB: ConsoleSession;
  beforeAll(async () => {
    e = await startE2E();
    admin = await consoleAccount(e.server, 'admin');
    distA = await consoleAccount(e.server, 'distributor');
    distB = await consoleAccount(e.server, 'distributor');
    for (const kid of KIDS) {
      await createStore({ handle: e.server.handle }, SEED, {
        id: kid, name: kid === 8101 ? FORMULA_NAME : `Arcade ${kid}`, timezone: 'America/Chicago', credit: (LOW(kid) ? 50_00 : 500_00) as Cents, compsBudget: 0 as Cents,
        maxDrawers: 1, maxMachines: 1, limitDay: 31, limitHourly: 0 as Cents, limitDaily: 0 as Cents, limitWeekly: 0 as Cents, drawers: 1, distributorId: kid <= 8115 ? distA.UID : distB.UID,
      });
    }
    expect((await e.server.call('/operator/creditMove', { UID: admin.UID, TOKEN: admin.TOKEN, distributor_id: distA.UID, amount: 1000, key: 'operator-day-fund-a' })).status).toBe(Status.OK);
    await sweepAlerts(e.server.deps);
  });
  afterAll(() => e?.close());

  /** A console page signed in as `who` (the session the sign-in would keep for the tab), opened at `path`. */
  async function consolePage(who: ConsoleSession, role: 'admin' | 'distributor', path: string, width = 1366): Promise<Page> {
    const page = await e.newPage({ viewport: VIEWPORTS.find((v) => v.width === width)! });
    await page.context().addInitScript((s) => sessionStorage.setItem('consoleSession', JSON.stringify(s)), { uid: who.UID, token: who.TOKEN, username: who.username, role });
    await page.goto(path);
    return page;
  }
  const openLowCreditAlerts = async () =>
    Number(
      (await e.server.handle.db.selectFrom('alert').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'low_credit').where('cleared_at', 'is', null).where('resolved_at', 'is', null).executeTakeFirstOrThrow()).n,
    );

  it('finds the low-credit stores, as many as the open low-credit alerts, and gives three of them credit at once after the confirmation', async () => {
    const page = await consolePage(admin, 'admin', '/operator/stores');
    await page.locator('[data-row="8130"]').waitFor();
    await e.screenshot(page, 'operator-day-stores-1366');
    await page.getByTestId('console-store-filter').click();
    await page.getByRole('option', { name: 'Low credit' }).click();
    const alerts = await openLowCreditAlerts();
    expect(alerts).toBeGreaterThanOrEqual(KIDS.filter(LOW).length);
    await expect.poll(() => page.locator('[data-row]').count()).toBe(alerts);
    expect(await page.locator('[data-row="8101"]').getByTestId('store-low-credit').count()).toBe(1);
    expect(await page.locator('[data-row="8102"]').count()).toBe(0);
    await e.screenshot(page, 'operator-day-low-credit-1366');

    await page.goto('/operator/credit');
    for (const kid of [8101, 8104, 8107]) await page.getByTestId(`console-multi-credit-pick-${kid}`).check();
    await page.getByTestId('console-multi-credit-same').fill('25');
    await page.getByTestId('console-multi-credit-note').fill('Monday top-up');
    await page.getByTestId('console-multi-credit-give').click();
    const confirm = page.getByTestId('console-confirm');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(distA.username);
    await e.screenshot(page, 'operator-day-multi-credit-confirm-1366');
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    for (const kid of [8101, 8104, 8107]) {
      await expect.poll(() => page.getByTestId(`console-multi-credit-result-${kid}`).getAttribute('data-ok')).toBe('true');
      expect(await page.getByTestId(`console-multi-credit-result-${kid}`).textContent()).toContain('$75.00');
      expect(Number((await e.server.handle.db.selectFrom('store').select('credit_cents').where('id', '=', kid).executeTakeFirstOrThrow()).credit_cents)).toBe(75_00);
    }
    await page.getByTestId('console-multi-credit-summary').waitFor();
    await e.screenshot(page, 'operator-day-multi-credit-done-1366', { fullPage: true });
  });

  it("disables a distributor: its open console page ends at once and signs out", async () => {
    const dist = await consolePage(distB, 'distributor', '/operator/stores', 390);
    await dist.locator('[data-row="8130"]').waitFor();
    expect(await dist.locator('[data-row]').count()).toBe(15);
    await e.screenshot(dist, 'operator-day-distributor-390');
    const page = await consolePage(admin, 'admin', '/operator/accounts', 820);
    await page.getByTestId(`console-account-disable-${distB.username}`).click();
    await page.getByTestId('console-confirm').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByTestId(`console-account-disabled-${distB.username}`).waitFor();
    await e.screenshot(page, 'operator-day-accounts-820');
    // The distributor's tab, with no reload: back at the sign-in (through the message box, when it shows one).
    const ok = dist.getByRole('dialog').getByRole('button', { name: 'OK' });
    await expect
      .poll(async () => {
        if (new URL(dist.url()).pathname === '/operator') return true;
        if (await ok.isVisible()) {
          await e.screenshot(dist, 'operator-day-distributor-ended-390');
          await ok.click().catch(() => undefined);
        }
        return false;
      })
      .toBe(true);
    await dist.getByTestId('console-username').waitFor();
    expect(await dist.evaluate(() => sessionStorage.getItem('consoleSession'))).toBeNull();
  });

  it("exports the audit trail filtered to the admin's credit given from today (distributor A's fund and the three stores'), the formula-like store name guarded", async () => {
    const page = await consolePage(admin, 'admin', '/operator/audit', 820);
    await page.getByTestId('audit-kind').selectOption('console.credit_give');
    await page.getByTestId('audit-who').fill(admin.username);
    // The period: from today (the browser's calendar) on.
    const today = await page.evaluate(() => { const d = new Date(); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; });
    await page.getByTestId('audit-from').fill(today);
    await page.getByTestId('audit-apply').click();
    await expect.poll(() => page.getByTestId('console-audit').locator('tbody tr').count()).toBe(4);
    await e.screenshot(page, 'operator-day-audit-820', { fullPage: true });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-export').click()]);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\ufeff/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('time,store,account,role,kind,target,before,after');
    expect(lines.slice(1).map((l) => l.split(',')[4])).toEqual(Array(4).fill('console.credit_give'));
    // The store named "=HYPERLINK…" is written as text: no cell starts with a formula's sign.
    expect(csv).toContain(`'${FORMULA_NAME.replaceAll('"', '""')}`);
    expect(lines.some((l) => /(^|,)"?[=+\-@]/.test(l))).toBe(false);
  });

  it('a boss collects a kiosk box and closes the day with no shift open; the printed Z report carries the note', async () => {
    const kiosk = await enrolTerminal(e.server, await bossSession(e.server), 'reload_kiosk');
    await kiosk.socket.command({ type: 'cash', seq: 1, direction: 'in', amount_cents: 70_00, meter_cents: 70_00, detail: { '20': 3, '10': 1 } });
    const boss = await e.newPage({ viewport: VIEWPORTS[1] });
    await e.signIn(boss, DEMO_LOGINS.boss, null, '/Reports/DayClose');
    const row = boss.locator(`[data-kiosk="${kiosk.name}"]`);
    await row.getByText('$70.00').waitFor();
    await row.getByTestId(`collect-${kiosk.name}`).click();
    const dialog = boss.getByRole('dialog');
    await dialog.locator('input[data-denomination="20"]').fill('3');
    await dialog.getByTestId('collect-submit').click();
    await boss.getByTestId('kiosk-slip-print').locator('[data-line="overShort"]').waitFor({ state: 'attached' });
    await boss.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await row.getByText('$0.00').waitFor();
    await kiosk.socket.close();

    // The ten short, explained; no shift of the boss's blocks the close.
    const target = boss.getByTestId('note-target');
    await expect.poll(async () => (await target.locator('option').allTextContents()).some((o) => o.includes('-$10.00'))).toBe(true);
    await target.selectOption({ index: 1 });
    await boss.getByTestId('note-text').fill('A $10 note jammed in the box');
    await boss.getByTestId('note-submit').click();
    await boss.getByTestId('day-close-notes').getByText('A $10 note jammed in the box').waitFor();
    expect(await boss.getByTestId('day-close-blocked').count()).toBe(0);
    await e.screenshot(boss, 'operator-day-day-close-820', { fullPage: true });
    await boss.getByTestId('day-close-submit').click();
    await expect.poll(() => boss.getByTestId('day-close-state').textContent()).toBe('Closed');
    await boss.getByTestId('z-receipt').click();
    await boss.getByTestId('z-receipt-dialog').locator('h1', { hasText: 'Z Report' }).waitFor();
    const print = boss.getByTestId('z-receipt-print');
    await print.getByTestId('z-notes').waitFor({ state: 'attached' });
    expect(await print.getByTestId('z-notes').textContent()).toContain('A $10 note jammed in the box');
    // The receipt on screen (the dialog's; the print copy is hidden until printing) shows the whole note, nothing past its edge.
    const edges = await boss.getByTestId('z-receipt-dialog').getByTestId('z-notes').locator('td').first().evaluate((td) => ({ receipt: td.closest('[role="dialog"]')!.getBoundingClientRect().right, note: td.getBoundingClientRect().right }));
    expect(edges.note).toBeLessThanOrEqual(edges.receipt);
    expect(await print.locator('[data-line="state"]').textContent()).toContain('Closed');
    await e.screenshot(boss, 'operator-day-z-report-820');
    const report = boss.getByTestId('day-close-report');
    expect(await report.locator('[data-shift]', { hasText: 'boss01' }).count()).toBe(0);
  });
});
