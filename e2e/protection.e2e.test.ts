import { RefusalReason, Status } from '@moneybox/contract';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { giveWinnings } from '../packages/server/src/testing/customer-kit.js';
import { cookie, DEMO_KIOSK, DEMO_LOGINS, startE2E, type E2E, type Lang } from './harness.js';
import { sweep } from './sweep.js';

/**
 * Player protection at the counter (issue 24), in Chromium against the real server: a cashier
 * self-excludes a customer, the acknowledgement slip shows (its print copy 300px wide), the card
 * shows the badge and end date, purchase and special comps are off with the reason while redeem
 * and revert stay on, a redeem still pays out, the server still refuses a purchase; the boss lists
 * the customer. Screenshots of the card, and of the checked-payout ID dialog, at 1366, 820 and 390 px in
 * en, mx and zh_Hans.
 */
describe('player protection at the counter', () => {
  let e: E2E;
  const demo: Record<string, { id: number; mobile: string; name: string }> = {};

  beforeAll(async () => {
    e = await startE2E();
    const rows = await e.server.handle.db.selectFrom('customer').select(['id', 'mobile_id', 'first_name', 'last_name']).where('store_id', '=', DEMO_KIOSK).orderBy('id').execute();
    for (const r of rows) demo[r.first_name] = { id: r.id, mobile: r.mobile_id, name: `${r.first_name} ${r.last_name}` };
    const s = await e.server.loginAt(1, DEMO_LOGINS.cashier);
    expect((await e.server.call('/drawer/init', { UID: s.UID, TOKEN: s.TOKEN, amount: 1000, key: await e.server.key() })).status).toBe(Status.OK);
  });
  afterAll(async () => {
    await e?.close();
  });

  let pages: Page[] = [];
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') for (const [i, p] of pages.entries()) await e.screenshot(p, `protection-failed-${i}`, { always: true }).catch(() => undefined);
    for (const p of pages) await p.context().close().catch(() => undefined);
    pages = [];
  });
  const SLOW = { timeout: 15_000 };
  const LONG = 240_000;
  const MONEY = ['purchase', 'redeem', 'comps', 'revert'] as const;
  const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();
  async function moneyEnabled(page: Page): Promise<string[]> {
    const enabled: string[] = [];
    for (const k of MONEY) if (await page.getByTestId(`action-${k}`).isEnabled()) enabled.push(k);
    return enabled;
  }
  async function counter(opts: { lang?: Lang; viewport?: { width: number; height: number } } = {}) {
    for (const p of pages) await p.context().close().catch(() => undefined);
    pages = [];
    const page = await e.newPage(opts);
    pages.push(page);
    await e.signIn(page, DEMO_LOGINS.cashier, 1, '/CustomerAccount');
    await page.getByTestId('customer-search').waitFor();
    return page;
  }
  async function open(page: Page, who: { mobile: string; name: string }) {
    const box = page.getByTestId('customer-search');
    await box.fill(who.mobile);
    await box.press('Enter');
    await expect.poll(() => text(page, 'customer-name'), SLOW).toBe(who.name);
  }

  it('a cashier excludes a customer: slip, purchase off with the reason, redeem still pays out; the boss lists them', { timeout: LONG }, async () => {
    const david = demo.David!;
    await giveWinnings(e.server, david.id, 25_00);
    const page = await counter();
    await open(page, david);
    expect(await moneyEnabled(page)).toEqual([...MONEY]);

    await page.getByTestId('action-protect').click();
    const dialog = page.getByTestId('protect-dialog');
    await dialog.getByText('Self-exclusion', { exact: true }).waitFor();
    await page.getByTestId('protect-period').click();
    await page.getByRole('option', { name: '1 year' }).click();
    await page.getByTestId('protect-confirm').click();

    // The acknowledgement slip: on screen, and its print copy on a 300px receipt.
    const slip = page.getByTestId('protection-slip');
    await slip.getByText('Self-exclusion acknowledgement').waitFor(SLOW);
    await slip.getByText(david.name).waitFor();
    await page.emulateMedia({ media: 'print' });
    const printed = await page.getByTestId('protection-slip-print').boundingBox();
    expect(printed?.width).toBeGreaterThan(200);
    expect(printed?.width).toBeLessThanOrEqual(300);
    await page.emulateMedia({ media: 'screen' });
    await e.screenshot(page, 'protection-slip-en');
    await page.getByTestId('protection-slip-close').click();

    // The card: the badge with the end date; purchase and special comps off with the reason; redeem and revert on.
    const end = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 4);
    await expect.poll(() => text(page, 'customer-protection'), SLOW).toContain('Self-excluded until');
    expect(await text(page, 'customer-protection')).toContain(end);
    await page.getByTestId('customer-protected').getByText('Only redeem and revert are allowed.', { exact: false }).waitFor();
    expect(await moneyEnabled(page)).toEqual(['redeem', 'revert']);
    const api = async (path: string, body: Record<string, unknown>) => e.server.call(path, { UID: Number(await cookie(page, 'uid')), TOKEN: await cookie(page, 'token'), ...body });
    expect(await api('/customer/purchase', { id: david.id, amount: 10, key: await e.server.key() })).toMatchObject({ status: Status.CUSTOMER_ERROR, reason: RefusalReason.PROTECTED });

    await page.getByTestId('action-redeem').click();
    const money = page.getByTestId('money-dialog');
    await money.getByTestId('money-amount').fill('20');
    await money.getByTestId('money-amount').press('Enter');
    await money.getByTestId('money-done').waitFor(SLOW);
    await page.getByTestId('money-close').click();
    await expect.poll(() => text(page, 'customer-winnings'), SLOW).toBe('$5.00');
    await e.screenshot(page, 'protection-card-en');

    // The boss's list of protected customers.
    const bossPage = await e.newPage();
    pages.push(bossPage);
    await e.signIn(bossPage, DEMO_LOGINS.boss, null, '/Customer/Protected');
    await bossPage.getByTestId(`customer-row-${david.id}`).waitFor(SLOW);
    expect(await bossPage.getByTestId(`customer-row-${david.id}`).locator('[data-col="protection"]').textContent()).toContain('Self-excluded until');
    await e.screenshot(bossPage, 'protection-list-en');
  });

  it('the card says it in each language at 1366, 820 and 390 px', { timeout: LONG }, async () => {
    const eva = demo.Eva!;
    const s = await e.server.loginAt(1, DEMO_LOGINS.cashier);
    expect((await e.server.call('/customer/protect', { UID: s.UID, TOKEN: s.TOKEN, id: eva.id, kind: 'cool_off', days: 7 })).status).toBe(Status.OK);
    const words: Record<Lang, string> = { en: 'Cool-off until', mx: 'En pausa hasta', zh_Hans: '冷静期至' };
    for (const { lang, viewport } of sweep(5)) {
      const page = await counter({ lang, viewport });
      await open(page, eva);
      await expect.poll(() => text(page, 'customer-protection'), SLOW).toContain(words[lang]);
      expect(await moneyEnabled(page)).toEqual(['redeem', 'revert']);
      // Nothing of the card runs off the screen.
      const card = await page.getByTestId('customer-card').boundingBox();
      expect((card?.x ?? 0) + (card?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
      await e.screenshot(page, `protection-card-${lang}-${viewport.width}`);
    }
  });

  it("an under-age customer's card says so before Purchase, with Purchase and Special comps off, in each language at 1366, 820 and 390 px", { timeout: LONG }, async () => {
    const s = await e.server.loginAt(1, DEMO_LOGINS.cashier);
    const born = `${new Date().getUTCFullYear() - 20}-01-01`;
    const young = await e.server.call('/customer/create', { UID: s.UID, TOKEN: s.TOKEN, first_name: 'Yuri', last_name: 'Young', birthday: born, drivers_license: 'YG-2020-01' });
    expect(young.status).toBe(Status.OK);
    const who = { mobile: young.mobile_id as string, name: 'Yuri Young' };
    const boss = await e.server.login(DEMO_LOGINS.boss);
    const minAge = (min_age: number) => e.server.call('/store/update', { UID: boss.UID, TOKEN: boss.TOKEN, min_age });
    expect((await minAge(21)).status).toBe(Status.OK);
    try {
      const words: Record<Lang, { badge: string; why: string }> = {
        en: { badge: 'Under 21', why: "younger than the store's minimum age of 21" },
        mx: { badge: 'Menor de 21', why: 'menor que la edad mínima de la tienda (21 años)' },
        zh_Hans: { badge: '未满 21 岁', why: '未满本店的最低年龄 21 岁' },
      };
      for (const { lang, viewport } of sweep(6)) {
        const page = await counter({ lang, viewport });
        await open(page, who);
        await expect.poll(() => text(page, 'customer-age'), SLOW).toBe(words[lang].badge);
        expect(await text(page, 'customer-underage')).toContain(words[lang].why);
        expect(await moneyEnabled(page)).toEqual(['redeem', 'revert']);
        expect(await page.getByTestId('action-purchase').getAttribute('title')).toContain(words[lang].why);
        const card = await page.getByTestId('customer-card').boundingBox();
        expect((card?.x ?? 0) + (card?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
        await e.screenshot(page, `underage-card-${lang}-${viewport.width}`);
      }
    } finally {
      expect((await minAge(18)).status).toBe(Status.OK);
    }
  });

  it('personal limits: the card shows both figures, a purchase over the personal one says which and what is left', { timeout: LONG }, async () => {
    const alice = demo.Alice!;
    const page = await counter();
    await open(page, alice);
    await page.getByTestId('action-limits').click();
    await page.getByTestId('limits-hourly').fill('30');
    await page.getByTestId('limits-save').click();
    const hourly = page.getByTestId('customer-limits').locator('[data-limit="hourly"] [data-col="personal"]');
    await expect.poll(async () => (await hourly.textContent())?.trim(), SLOW).toBe('$30.00 / $30.00');
    // A raise waits 24 hours: shown as pending.
    await page.getByTestId('action-limits').click();
    await page.getByTestId('limits-hourly').fill('80');
    await page.getByTestId('limits-save').click();
    await page.getByTestId('customer-limits-pending').waitFor(SLOW);
    expect(await text(page, 'customer-limits-pending')).toContain('hourly $80.00');
    await page.getByTestId('action-purchase').click();
    const money = page.getByTestId('money-dialog');
    await money.getByTestId('money-amount').fill('40');
    await money.getByTestId('money-amount').press('Enter');
    await money.getByTestId('money-problem').waitFor(SLOW);
    expect(await text(page, 'money-problem')).toContain("This is over the customer's own hourly limit: $30.00 left.");
    await e.screenshot(page, 'protection-personal-limits-en');
  });

  it('checked payouts: a redeem above the threshold asks for the ID; the boss\'s large-payouts report lists it', { timeout: LONG }, async () => {
    const bob = demo.Bob!;
    await e.server.handle.db.updateTable('store').set({ id_check_cents: 100_00, large_payout_cents: 200_00 }).where('id', '=', DEMO_KIOSK).execute();
    await e.server.handle.db.updateTable('customer').set({ drivers_license: 'B-555-0102' }).where('id', '=', bob.id).execute();
    const sizes = [
      { width: 1366, height: 768 },
      { width: 820, height: 1180 },
      { width: 390, height: 844 },
    ];
    const page = await counter();
    await open(page, bob);
    await page.getByTestId('action-redeem').click();
    const money = page.getByTestId('money-dialog');
    await money.getByTestId('money-amount').fill('100');
    expect(await money.getByTestId('money-id-check').count()).toBe(0);
    await money.getByTestId('money-amount').fill('250');
    await money.getByTestId('money-id-check').waitFor(SLOW);
    // Typed from the document, never prefilled from the record (a prefilled number checks nothing).
    expect(await money.getByTestId('money-id-number').inputValue()).toBe('');
    await money.getByTestId('money-amount').press('Enter');
    await money.getByTestId('money-problem').waitFor(SLOW);
    expect(await text(page, 'money-problem')).toContain("Enter the customer's ID number");
    for (const viewport of sizes) {
      await page.setViewportSize(viewport);
      const box = await money.getByTestId('money-id-check').boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
      await e.screenshot(page, `payout-id-check-en-${viewport.width}`);
    }
    // Not the record's number: refused with the reason; the record's (typed differently): paid.
    await money.getByTestId('money-id-number').fill('X-1');
    await money.getByTestId('money-amount').press('Enter');
    await money.getByTestId('money-problem').waitFor(SLOW);
    expect(await text(page, 'money-problem')).toContain('does not match');
    await money.getByTestId('money-id-number').fill('b 555 0102');
    await money.getByTestId('money-amount').press('Enter');
    await money.getByTestId('money-done').waitFor(SLOW);
    await page.getByTestId('money-close').click();
    await expect.poll(() => text(page, 'customer-winnings'), SLOW).toBe('$50.00');

    const bossPage = await e.newPage();
    pages.push(bossPage);
    await e.signIn(bossPage, DEMO_LOGINS.boss, null, '/Reports/LargePayouts');
    const table = bossPage.getByTestId('large-payouts-table');
    await table.getByText(bob.name).waitFor(SLOW);
    expect(await table.textContent()).toContain('$250.00');
    expect(await table.textContent()).toContain('b 555 0102');
    // One payout: its total line in the singular.
    expect(await table.textContent()).toContain('Total (1 payout)');
    for (const viewport of sizes) {
      await bossPage.setViewportSize(viewport);
      await e.screenshot(bossPage, `payout-report-en-${viewport.width}`);
    }
    // The CSV before the other languages' pages sign the same boss in elsewhere, which ends this page's session.
    const [download] = await Promise.all([bossPage.waitForEvent('download'), bossPage.getByTestId('report-csv').click()]);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv).toContain('Bob Smith');
    expect(csv).toContain('250.00');
    for (const [lang, total] of [['mx', 'Total (1 pago)'], ['zh_Hans', '合计（1 笔兑奖）']] as const) {
      const p = await e.newPage({ lang });
      pages.push(p);
      await e.signIn(p, DEMO_LOGINS.boss, null, '/Reports/LargePayouts');
      await p.getByTestId('large-payouts-table').getByText(total).waitFor(SLOW);
      for (const viewport of sizes) {
        await p.setViewportSize(viewport);
        await e.screenshot(p, `payout-report-${lang}-${viewport.width}`);
      }
    }
  });
  it('the checked-payout ID dialog in mx and zh_Hans at 1366, 820 and 390 px: translated, nothing cut', { timeout: LONG }, async () => {
    const bob = demo.Bob!;
    // The thresholds and Bob's ID number are the test above's; the dialog asks for the ID by amount alone.
    await e.server.handle.db.updateTable('store').set({ id_check_cents: 100_00, large_payout_cents: 200_00 }).where('id', '=', DEMO_KIOSK).execute();
    await e.server.handle.db.updateTable('customer').set({ drivers_license: 'B-555-0102' }).where('id', '=', bob.id).execute();
    const words = {
      mx: { text: ['verifique la identificación', 'Tipo de identificación', 'Número de identificación'], type: 'Licencia de conducir' },
      zh_Hans: { text: ['请核验客户证件', '证件类型', '证件号码'], type: '驾驶证' },
    } as const;
    for (const lang of ['mx', 'zh_Hans'] as const) {
      const page = await counter({ lang, viewport: { width: 1366, height: 768 } });
      await open(page, bob);
      await page.getByTestId('action-redeem').click();
      const money = page.getByTestId('money-dialog');
      await money.getByTestId('money-amount').fill('250');
      const check = money.getByTestId('money-id-check');
      await check.waitFor(SLOW);
      const dialogText = (await money.textContent()) ?? '';
      for (const w of words[lang].text) expect(dialogText).toContain(w);
      expect(await money.getByTestId('money-id-type').inputValue()).toBe(words[lang].type);
      // No English left in the ID check (its words, its ID types).
      expect(await check.textContent()).not.toMatch(/check the customer|ID type|ID number|Driver/);
      for (const viewport of [{ width: 1366, height: 768 }, { width: 820, height: 1180 }, { width: 390, height: 844 }]) {
        await page.setViewportSize(viewport);
        // Nothing of the check or its fields runs off the screen or out of the dialog.
        const dialog = await money.boundingBox();
        for (const id of ['money-id-check', 'money-id-number']) {
          const box = await money.getByTestId(id).boundingBox();
          expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(Math.min(viewport.width, (dialog?.x ?? 0) + (dialog?.width ?? viewport.width)) + 1);
        }
        await e.screenshot(page, `payout-id-check-${lang}-${viewport.width}`);
      }
    }
  });
});
