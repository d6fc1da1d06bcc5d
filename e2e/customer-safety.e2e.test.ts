import { Status } from '@moneybox/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoTerminalKey } from '../packages/server/src/auth/terminal-key.js';
import { SimTerminal } from '../packages/server/src/simulator/sim-terminal.js';
import { cookie, DEMO_KIOSK, DEMO_LOGINS, startE2E, type E2E, type Lang } from './harness.js';
import { sweep } from './sweep.js';

/**
 * Money reaches the right customer (issue 20), in Chromium against the real server: a fast Enter
 * (no pause, a slow network, a search for an earlier prefix answering late) opens only the exact or
 * the only match; a search that is open or found nobody leaves no money button of the customer shown
 * before; blocked and playing customers show why with the money buttons off (and the server still
 * refuses); a purchase over a limit names the limit and what is left; every money dialog names the
 * customer. Screenshots of Customer Account and Customer Info at 1366, 820 and 390 px in en, mx, zh_Hans.
 */
describe('customer safety at the counter', () => {
  let e: E2E;
  const terminals: SimTerminal[] = [];
  // The demo store's customers (seed-customers.ts): all five phones start 2175550.
  const demo: Record<string, { id: number; mobile: string }> = {};

  beforeAll(async () => {
    e = await startE2E();
    const rows = await e.server.handle.db.selectFrom('customer').select(['id', 'mobile_id', 'first_name']).where('store_id', '=', DEMO_KIOSK).orderBy('id').execute();
    for (const r of rows) demo[r.first_name] = { id: r.id, mobile: r.mobile_id };
    // Drawer 1's shift with its initial amount; the browser's cashier picks it up at login.
    const s = await e.server.loginAt(1, DEMO_LOGINS.cashier);
    expect((await e.server.call('/drawer/init', { UID: s.UID, TOKEN: s.TOKEN, amount: 1000, key: await e.server.key() })).status).toBe(Status.OK);
  });
  afterAll(async () => {
    for (const t of terminals) await t.close().catch(() => undefined);
    await e?.close();
  });

  // The pages of the running test: on a failure, each is photographed for the record.
  let pages: Page[] = [];
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') for (const [i, p] of pages.entries()) await e.screenshot(p, `customer-safety-failed-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}-${i}`, { always: true }).catch(() => undefined);
    // Closed, so a page whose session the next login replaces cannot act in the next test.
    for (const p of pages) await p.context().close().catch(() => undefined);
    pages = [];
  });
  /** A change the screen shows within a few seconds, however busy the shared machine (vitest's default is 1 s). */
  const SLOW = { timeout: 15_000 };
  /** Several logins and languages on a shared 2-core machine. */
  const LONG = 240_000;

  const MONEY = ['purchase', 'redeem', 'comps', 'revert'] as const;
  const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();
  const shownId = async (page: Page) => Number(await text(page, 'customer-id'));
  const remembered = (page: Page) => page.evaluate(() => sessionStorage.getItem('currentCustomerId'));
  async function moneyEnabled(page: Page): Promise<string[]> {
    const enabled: string[] = [];
    for (const k of MONEY) {
      const b = page.getByTestId(`action-${k}`);
      if ((await b.count()) && (await b.isEnabled())) enabled.push(k);
    }
    return enabled;
  }

  /** A cashier's page at the counter; the login replaces the session of the test's earlier pages, so they are closed. */
  async function counter(opts: { lang?: Lang; viewport?: { width: number; height: number } } = {}) {
    for (const p of pages) await p.context().close().catch(() => undefined);
    pages = [];
    const page = await e.newPage(opts);
    pages.push(page);
    await e.signIn(page, DEMO_LOGINS.cashier, 1);
    expect(await cookie(page, 'initAmount')).toBe('true');
    await page.goto('/CustomerAccount');
    await page.getByTestId('customer-search').waitFor();
    return page;
  }

  /** Types the whole text and presses Enter at once: no pause for the suggestions. */
  async function typeEnter(page: Page, rule: string) {
    const box = page.getByTestId('customer-search');
    await box.fill(rule);
    await box.press('Enter');
  }

  async function openExact(page: Page, rule: string, name: string) {
    await typeEnter(page, rule);
    await expect.poll(() => text(page, 'customer-name'), SLOW).toBe(name);
    await expect.poll(() => page.getByTestId('customer-paused').count(), SLOW).toBe(0);
  }

  /** The search after Enter shows the matches to choose from; nobody was opened. */
  async function expectChoice(page: Page, count: number) {
    await page.getByTestId('customer-search-choose').waitFor();
    // The list may render a moment after the message that asks to choose.
    await expect.poll(() => page.getByTestId('customer-search-results').getByRole('option').count(), SLOW).toBe(count);
  }

  it('a fast Enter on a shared phone prefix opens nobody; an exact or only match opens that customer', async () => {
    const page = await counter();
    // Nothing open yet: '2175550' + Enter with no pause shows the five, opens none.
    await typeEnter(page, '2175550');
    await expectChoice(page, 5);
    await page.waitForTimeout(500);
    expect(await page.getByTestId('customer-card').count()).toBe(0);
    expect(await remembered(page)).toBeNull();
    await e.screenshot(page, 'customer-safety-choose-en');

    // Typed key by key with no delay, then Enter: the same.
    const box = page.getByTestId('customer-search');
    await box.fill('');
    await box.pressSequentially('2175550', { delay: 0 });
    await box.press('Enter');
    await expectChoice(page, 5);
    expect(await page.getByTestId('customer-card').count()).toBe(0);

    // The exact mobile id, customer id and whole phone open that customer at once.
    await openExact(page, demo.Carmen!.mobile, 'Carmen Lopez');
    await openExact(page, String(demo.David!.id), 'David Chen');
    await openExact(page, '2175550102', 'Bob Smith');
    // The only match of a name opens it.
    await openExact(page, 'ev', 'Eva Martinez');
    expect(await remembered(page)).toBe(String(demo.Eva!.id));

    // With Eva open, the shared prefix again: Eva stays, her actions wait, nobody else opens.
    await typeEnter(page, '2175550');
    expect(await moneyEnabled(page)).toEqual([]);
    await expectChoice(page, 5);
    await page.waitForTimeout(500);
    expect(await shownId(page)).toBe(demo.Eva!.id);
    expect(await remembered(page)).toBe(String(demo.Eva!.id));
    expect(await moneyEnabled(page)).toEqual([]);
    await page.getByTestId('customer-paused').waitFor();
    // The arrow keys and Enter choose from the list: the cashier's own pick.
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect.poll(() => text(page, 'customer-name'), SLOW).toBe('Bob Smith');
    expect(await moneyEnabled(page)).toEqual([...MONEY]);
  });

  it('on a slow network, Enter waits for the search of the text typed and never uses an earlier prefix’s list', async () => {
    const page = await counter();
    await openExact(page, demo.Alice!.mobile, 'Alice Johnson');

    // Every call 700 ms late (Chrome's own network emulation).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 700, downloadThroughput: -1, uploadThroughput: -1 });
    await typeEnter(page, '2175550');
    // Not settled yet: Alice's money buttons are already off.
    expect(await moneyEnabled(page)).toEqual([]);
    await page.getByTestId('customer-search-settling').waitFor();
    await expectChoice(page, 5);
    expect(await shownId(page)).toBe(demo.Alice!.id);
    await openExact(page, '2175550104', 'David Chen');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    // The list for the prefix '217555010' is on screen (five, Alice first); the search for the whole
    // phone '2175550105' is slow. Enter must wait for it and open Eva, not the shown list's first.
    const box = page.getByTestId('customer-search');
    await box.fill('217555010');
    await expect.poll(() => page.getByTestId('customer-search-results').getByRole('option').count(), SLOW).toBe(5);
    await page.route('**/API/customer/search', async (route) => {
      const rule = String(JSON.parse(route.request().postData() ?? '{}').rule ?? '');
      if (rule === '2175550105') await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    });
    await box.pressSequentially('5', { delay: 0 });
    await box.press('Enter');
    await page.waitForTimeout(400);
    // Still settling: David is shown, paused; nobody from the old list was opened.
    expect(await shownId(page)).toBe(demo.David!.id);
    expect(await moneyEnabled(page)).toEqual([]);
    await expect.poll(() => text(page, 'customer-name'), SLOW).toBe('Eva Martinez');
    expect(await moneyEnabled(page)).toEqual([...MONEY]);
    await page.unroute('**/API/customer/search');

    // The other way round: the earlier prefix answers late, the exact text answers first. Enter opens
    // the exact match, and the late list of the prefix changes nothing after it.
    await page.route('**/API/customer/search', async (route) => {
      const rule = String(JSON.parse(route.request().postData() ?? '{}').rule ?? '');
      if (rule === '217555010') await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    });
    await box.fill('217555010');
    await page.waitForTimeout(300); // the prefix's search is on its way, slowly
    await box.pressSequentially('3', { delay: 0 });
    await box.press('Enter');
    await expect.poll(() => text(page, 'customer-name'), SLOW).toBe('Carmen Lopez');
    await page.waitForTimeout(1_800);
    expect(await text(page, 'customer-name')).toBe('Carmen Lopez');
    expect(await page.getByTestId('customer-search-results').count()).toBe(0);
    await page.unroute('**/API/customer/search');
  }, LONG);

  it('a search that finds nobody leaves no money button for the customer shown before', async () => {
    const page = await counter();
    await openExact(page, demo.Bob!.mobile, 'Bob Smith');
    expect(await moneyEnabled(page)).toEqual([...MONEY]);
    await typeEnter(page, '999999999');
    await page.getByTestId('customer-search-empty').getByText('No customer found').waitFor();
    expect(await moneyEnabled(page)).toEqual([]);
    await page.getByTestId('customer-paused').getByText('Bob Smith').waitFor();
    await e.screenshot(page, 'customer-safety-none-en');
    // Typing alone (not yet settled) already takes them away; clearing the box gives Bob back.
    await page.getByTestId('customer-search').press('Escape');
    await expect.poll(() => moneyEnabled(page), SLOW).toEqual([...MONEY]);
    await page.getByTestId('customer-search').fill('x');
    expect(await moneyEnabled(page)).toEqual([]);
    await page.getByTestId('customer-search-clear').click();
    await expect.poll(() => moneyEnabled(page), SLOW).toEqual([...MONEY]);
  });

  it('names the customer in every money dialog and says which limit a purchase is over and what is left', async () => {
    const page = await counter();
    await openExact(page, demo.Alice!.mobile, 'Alice Johnson');
    const dialog = page.getByRole('dialog');
    for (const k of MONEY) {
      await page.getByTestId(`action-${k}`).click();
      await dialog.getByTestId('money-amount').waitFor();
      expect(await text(page, 'money-customer-name')).toBe('Alice Johnson');
      expect(await text(page, 'money-customer-id')).toBe(String(demo.Alice!.id));
      expect(await text(page, 'money-customer-mobile-id')).toBe(demo.Alice!.mobile);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }

    // $500 an hour: $100 bought, then $450 is over the hour's $400 left.
    await page.getByTestId('action-purchase').click();
    await dialog.getByTestId('money-amount').fill('100');
    await dialog.getByTestId('money-amount').press('Enter');
    await dialog.getByTestId('money-done').waitFor();
    expect(await text(page, 'money-customer-name')).toBe('Alice Johnson');
    await page.getByTestId('money-close').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('action-purchase').click();
    await dialog.getByTestId('money-amount').fill('450');
    await dialog.getByTestId('money-amount').press('Enter');
    await expect.poll(() => text(page, 'money-problem'), SLOW).toBe('Purchase limit reached, contact your provider. Hourly limit: $400.00 left.');
    await page.waitForTimeout(400);
    await e.screenshot(page, 'customer-safety-limit-en');
    await page.keyboard.press('Escape');
    await e.server.verify();
  });

  it('blocked and playing customers show the reason with the money buttons disabled; the server still refuses', async () => {
    const page = await counter();
    const api = async (path: string, body: Record<string, unknown>) =>
      e.server.call(path, { UID: Number(await cookie(page, 'uid')), TOKEN: await cookie(page, 'token'), ...body });

    // Bob blocked (by another till): the card says so, Unblock stays available.
    expect((await api('/customer/block', { id: demo.Bob!.id, block: true })).status).toBe(Status.OK);
    await openExact(page, demo.Bob!.mobile, 'Bob Smith');
    await page.getByTestId('customer-locked').getByText('Customer error: this customer is blocked').waitFor();
    expect(await moneyEnabled(page)).toEqual([]);
    expect(await page.getByTestId('action-block').isEnabled()).toBe(true);
    expect((await api('/customer/purchase', { id: demo.Bob!.id, amount: 10, key: await e.server.key() })).status).toBe(Status.CUSTOMER_ERROR);
    await e.screenshot(page, 'customer-safety-blocked-en');

    // Carmen plays on machine 104: the spec's four 'customer playing' messages, Kick available.
    const row = await e.server.handle.db.selectFrom('machine').select('id').where('store_id', '=', DEMO_KIOSK).where('machine_id', '=', 104).executeTakeFirstOrThrow();
    const machine = new SimTerminal(e.url, { kioskId: DEMO_KIOSK, terminalId: row.id, privateKey: demoTerminalKey(DEMO_KIOSK, 104).privateKey });
    terminals.push(machine);
    await machine.connect();
    expect(await machine.command({ type: 'login', mobile_id: demo.Carmen!.mobile, pin: '1003' })).toMatchObject({ ok: true });
    expect(await machine.command({ type: 'round', round_no: 'SAFE-1', serial_no: 'SN-S1', game_name: 'Ocean King', begin_credits: 2500, end_credits: 2990, jp_bet: 0, game_bet: 10, extra_bet: 0, buy_bonus_cost: 0, win: 500, meters: { played: 10, won: 500, games: 1 } })).toMatchObject({ ok: true });
    await openExact(page, demo.Carmen!.mobile, 'Carmen Lopez');
    const locked = page.getByTestId('customer-locked');
    await locked.getByText('Cannot purchase, customer playing').waitFor();
    for (const m of ['Cannot redeem, customer playing', 'Cannot do special comps, customer playing', 'Cannot revert purchase, customer playing']) await locked.getByText(m).waitFor();
    expect(await moneyEnabled(page)).toEqual([]);
    expect(await page.getByTestId('action-kick').isEnabled()).toBe(true);
    expect((await api('/customer/redeem', { id: demo.Carmen!.id, amount: 1, key: await e.server.key() })).status).toBe(Status.REDEEM_PLAYING);
    expect((await api('/customer/purchase', { id: demo.Carmen!.id, amount: 1, key: await e.server.key() })).status).toBe(Status.PURCHASE_PLAYING);

    // Her game history says its unit: game credits, beside the card's dollars.
    await page.getByTestId('tab-rounds').click();
    await page.getByTestId('rounds-table').getByText('SAFE-1').waitFor();
    expect(await text(page, 'rounds-unit')).toBe('Rounds are in game credits, as the machine counts them (not in $).');
    expect(await page.getByTestId('rounds-table').locator('th').filter({ hasText: 'Win' }).textContent()).toBe('Wincredits');
    expect(await page.getByTestId('rounds-table').locator('tbody td').allTextContents()).toContain('2,990');
    await e.screenshot(page, 'customer-safety-playing-en', { fullPage: true });

    for (const lang of ['mx', 'zh_Hans'] as const) {
      const other = await counter({ lang });
      await openExact(other, demo.Carmen!.mobile, 'Carmen Lopez');
      const reasons = await other.getByTestId('customer-locked').textContent();
      expect(reasons).toContain(lang === 'mx' ? 'No se puede comprar, el cliente está jugando' : '无法购买，客户正在游戏中');
      expect(await moneyEnabled(other)).toEqual([]);
      await e.screenshot(other, `customer-safety-playing-${lang}`);
      await openExact(other, demo.Bob!.mobile, 'Bob Smith');
      expect(await other.getByTestId('customer-locked').textContent()).toContain(lang === 'mx' ? 'este cliente está bloqueado' : '该客户已被封锁');
      await e.screenshot(other, `customer-safety-blocked-${lang}`);
    }

    // Kicked and unblocked: the buttons come back.
    const back = await counter();
    await openExact(back, demo.Carmen!.mobile, 'Carmen Lopez');
    await back.getByTestId('action-kick').click();
    await back.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => moneyEnabled(back), SLOW).toEqual([...MONEY]);
    expect(await back.getByTestId('customer-locked').count()).toBe(0);
    await openExact(back, demo.Bob!.mobile, 'Bob Smith');
    await back.getByTestId('action-block').click();
    await back.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => moneyEnabled(back), SLOW).toEqual([...MONEY]);
    await e.server.verify();
  }, LONG);

  it('Customer Info shows words for status and account type, and at 1366x768 its key columns without sideways scrolling', async () => {
    // A customer with every field long, as real ones are: it must fit the till too.
    const boss = await e.server.login(DEMO_LOGINS.boss, 'viewer');
    const long = await e.server.call('/customer/create', {
      UID: boss.UID,
      TOKEN: boss.TOKEN,
      first_name: 'Maria Fernanda',
      last_name: 'Gonzalez-Ramirez',
      drivers_license: 'D123-4567-8901-23',
      birthday: '1985-07-14',
      gender: 'F',
      phone: '+1 (217) 555-0199',
      mail: 'maria.fernanda.gonzalez.ramirez@example.com',
      bank: 'First National Bank of Springfield',
      bank_account: '0001234567890123456',
    });
    expect(long.status).toBe(Status.OK);
    for (const { lang, viewport } of sweep(8)) {
      const page = await counter({ lang, viewport });
      await openExact(page, demo.Eva!.mobile, 'Eva Martinez');
      await page.goto('/CustomerAccount');
      await page.getByTestId('customer-card').waitFor();
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `account ${lang} ${viewport.width}`).toBeLessThanOrEqual(viewport.width);
      await e.screenshot(page, `customer-safety-account-${lang}-${viewport.width}`, { fullPage: true });

      await page.goto('/Customer/CustomerInfo');
      const list = page.getByTestId('customer-list');
      await list.getByText('Eva Martinez').waitFor();
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `info ${lang} ${viewport.width}`).toBeLessThanOrEqual(viewport.width);
      // Each status pill shows its whole word: not empty, not clipped to '…'.
      const pills = await list.locator('[data-col="block"]').evaluateAll((els) =>
        els.map((el) => {
          const label = el.querySelector('.mantine-Badge-label') ?? el;
          return { text: (el.textContent ?? '').trim(), clipped: label.scrollWidth > label.clientWidth + 1 };
        }),
      );
      expect(pills.length).toBeGreaterThan(0);
      for (const p of pills) expect(p, 'a status pill says its whole word').toEqual({ text: { en: 'Not blocked', mx: 'No bloqueado', zh_Hans: '未封锁' }[lang], clipped: false });
      const types = await list.locator('[data-col="account_type"]').allTextContents();
      expect(new Set(types)).toEqual(new Set([{ en: 'Standard', mx: 'Estándar', zh_Hans: '标准' }[lang]]));
      const scroller = page.getByTestId('customer-list-scroll');
      await expect.poll(() => scroller.evaluate((el) => String(el.scrollWidth > el.clientWidth + 1) === el.dataset.more), SLOW).toBe(true);
      const more = await scroller.getAttribute('data-more');
      // Whatever does not fit scrolls in the table's own box, which then says more columns are to the right.
      const hidden = await scroller.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      expect(more).toBe(String(hidden));
      expect((await page.getByTestId('customer-list-more').textContent())?.trim() !== '').toBe(hidden);
      if (viewport.width === 1366) {
        // At the till, the key columns (Bank account included) are in view without any scrolling, long values too.
        const box = await scroller.evaluate((el) => el.getBoundingClientRect().right);
        for (const col of ['customer', 'contact', 'entries', 'winnings', 'block', 'identity', 'bank']) {
          const right = await list.locator(`thead th[data-head="${col}"]`).evaluate((th) => th.getBoundingClientRect().right);
          expect(right, `${col} in view at 1366 (${lang})`).toBeLessThanOrEqual(Math.min(box, 1366));
        }
      }
      if (viewport.width === 390) expect(hidden).toBe(true);
      await e.screenshot(page, `customer-safety-info-${lang}-${viewport.width}`);
    }
  }, LONG);

  // Last: its self-excluded person's row (a long protection pill in mx) would widen the list the layout test measures.
  it('a self-excluded person registered again, with the ID number typed in full-width: the form says why, whole even on a phone, and nobody is created', async () => {
    const why: Record<Lang, string> = {
      en: 'This ID number belongs to a self-excluded customer (permanently).',
      mx: 'Este número de identificación pertenece a un cliente autoexcluido',
      zh_Hans: '此证件号码属于一位已自我排除的客户',
    };
    let first: Record<string, unknown> | undefined;
    for (const { lang, viewport } of sweep(3)) {
      const page = await counter({ lang, viewport });
      const api = async (path: string, body: Record<string, unknown>) =>
        e.server.call(path, { UID: Number(await cookie(page, 'uid')), TOKEN: await cookie(page, 'token'), ...body });
      if (!first) {
        first = await api('/customer/create', { first_name: 'Ezra', last_name: 'Excluded', birthday: '1979-03-03', drivers_license: 'EX-555-777' });
        expect((await api('/customer/protect', { id: first.id, kind: 'exclusion', period: 'permanent' })).status).toBe(Status.OK);
      }
      const count = async () => Number((await e.server.handle.db.selectFrom('customer').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const before = await count();

      await page.getByTestId('customer-create').click();
      const form = page.getByTestId('customer-form');
      await form.getByTestId('field-first_name').fill('Ezra');
      await form.getByTestId('field-last_name').fill('Again');
      await form.getByTestId('field-birthday').fill('1979-03-03');
      await form.getByTestId('field-drivers_license').fill('ｅｘ５５５７７７');
      await form.getByTestId('customer-form-save').click();
      const problem = form.getByTestId('customer-form-problem');
      await problem.getByText(why[lang], { exact: false }).waitFor(SLOW);
      // Shown whole where the cashier looks, without scrolling for it: inside the screen and the dialog's visible
      // part (its body scrolls on a phone), wrapped inside its own box, no line clipped.
      const shown = await problem.evaluate((el) => {
        const box = el.getBoundingClientRect();
        let view = { top: 0, bottom: window.innerHeight, left: 0, right: window.innerWidth };
        for (let a = el.parentElement; a; a = a.parentElement) {
          if (!/(auto|scroll|hidden)/.test(getComputedStyle(a).overflowY)) continue;
          const r = a.getBoundingClientRect();
          view = { top: Math.max(view.top, r.top), bottom: Math.min(view.bottom, r.bottom), left: Math.max(view.left, r.left), right: Math.min(view.right, r.right) };
        }
        const clipped = [el, ...el.querySelectorAll('*')].some((n) => n.scrollWidth > n.clientWidth + 1 && getComputedStyle(n).overflowX !== 'visible');
        const range = document.createRange();
        range.selectNodeContents(el);
        const lines = [...range.getClientRects()];
        const inside = (r: { top: number; bottom: number; left: number; right: number }) => r.top >= view.top - 1 && r.bottom <= view.bottom + 1 && r.left >= view.left - 1 && r.right <= view.right + 1;
        // The box does not end on the dialog's edge: the Save button under it is in view too.
        const save = el.closest('form')!.querySelector('[data-testid="customer-form-save"]')!.getBoundingClientRect();
        return { clipped, box: inside(box), lines: lines.every((r) => inside(r) && r.left >= box.left - 1 && r.right <= box.right + 1), save: inside(save) };
      });
      expect(shown, `${lang} ${viewport.width}`).toEqual({ clipped: false, box: true, lines: true, save: true });
      await e.screenshot(page, `customer-form-excluded-person-${lang}-${viewport.width}`);
      expect(await count()).toBe(before);
      await page.keyboard.press('Escape');
    }
  }, LONG);
});
