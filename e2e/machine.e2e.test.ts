import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoTerminalKey } from '../packages/server/src/auth/terminal-key.js';
import { SimTerminal } from '../packages/server/src/simulator/sim-terminal.js';
import { DEMO_KIOSK, DEMO_LOGINS, startE2E, type E2E } from './harness.js';

/**
 * The Machine screen (boss): a boss enrols a machine with a code, the simulator's terminal connects
 * with it, the screen shows it connected and then playing without a reload; rename and release with
 * the spec's messages; the customer's game history fills in.
 */
describe('machine screen', () => {
  let e: E2E;
  const terminals: SimTerminal[] = [];
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    for (const t of terminals) await t.close().catch(() => undefined);
    await e?.close();
  });

  const card = (page: Page, name: number) => page.getByTestId(`machine-${name}`);
  const status = (page: Page, name: number) => card(page, name).getByTestId('machine-status').textContent();

  /** The button of the open dialog whose text contains `text`: 'ok' is the last button, 'cancel' the one before. */
  async function answer(page: Page, text: string, which: 'ok' | 'cancel') {
    const dialog = page.getByRole('dialog').filter({ hasText: text });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: which === 'ok' ? 'OK' : 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('enrol, connected, playing live, rename, release; the customer history fills', async () => {
    const page = await e.newPage();
    await e.signIn(page, DEMO_LOGINS.boss, null, '/Machine');
    await card(page, 101).waitFor();
    expect(await page.getByTestId('breadcrumb').textContent()).toBe('Home›Machine');
    expect(await status(page, 101)).toBe('Disconnected');
    expect(await page.getByTestId('machine-count').textContent()).toBe('7 of 20 machines');
    await e.screenshot(page, 'machine-demo-en');

    // The boss creates an enrolment code for machine 107.
    await page.getByTestId('enrol-open').click();
    await page.getByTestId('enrol-create').click();
    const codeText = (await page.getByTestId('enrol-code').textContent())!;
    expect(codeText).toMatch(/^[2-9A-Z]{5} - [2-9A-Z]{5}$/);
    await e.screenshot(page, 'machine-enrol-code-en');
    await page.getByTestId('enrol-done').click();

    // The simulator's terminal enrols with it; the screen shows it connected without a reload.
    const machine = await SimTerminal.enrol(e.url, DEMO_KIOSK, codeText.replace(/ /g, ''));
    terminals.push(machine);
    expect(machine.name).toBe(107);
    await card(page, 107).getByText('Connected', { exact: true }).waitFor();

    // A customer buys entries at the reload kiosk and logs in on machine 107: playing, live.
    const s = e.server;
    // (The cashier's API session: a second boss login would end the boss's browser session, 5.)
    const cashier = await s.login();
    const c = await s.call('/customer/create', { UID: cashier.UID, TOKEN: cashier.TOKEN, first_name: 'Rita', last_name: 'Reels', birthday: '1970-01-01' });
    const kioskRow = await s.handle.db.selectFrom('machine').select('id').where('machine_id', '=', 900).executeTakeFirstOrThrow();
    const kiosk = new SimTerminal(e.url, { kioskId: DEMO_KIOSK, terminalId: kioskRow.id, privateKey: demoTerminalKey(DEMO_KIOSK, 900).privateKey });
    await kiosk.connect();
    terminals.push(kiosk);
    expect(await kiosk.command({ type: 'purchase', mobile_id: c.mobile_id, amount_cents: 5000 })).toMatchObject({ ok: true });
    expect(await machine.command({ type: 'login', mobile_id: c.mobile_id, pin: c.pin })).toMatchObject({ ok: true });
    await card(page, 107).getByText('Playing').waitFor();
    await card(page, 107).getByText('Rita Reels').waitFor();
    for (let i = 1; i <= 3; i++) {
      const r = await machine.command({ type: 'round', round_no: `E2E-${i}`, serial_no: `SN-${i}`, game_name: 'Ocean King', begin_credits: 5000, end_credits: 5000, jp_bet: 0, game_bet: 100, extra_bet: 0, buy_bonus_cost: 0, win: i === 2 ? 300 : 0, meters: { played: 100 * i, won: i >= 2 ? 300 : 0, games: i } });
      expect(r.ok).toBe(true);
    }
    await card(page, 107).locator('[data-row="playedToday"] td').getByText('$3.00').waitFor();
    expect(await card(page, 107).locator('[data-row="wonToday"] td').textContent()).toBe('$3.00');
    await card(page, 107).getByTestId('meters-ok').waitFor();
    await card(page, 107).scrollIntoViewIfNeeded();
    await e.screenshot(page, 'machine-playing-en');

    // Rename: a name must be a number; a used name answers 19; a good one is 'Edit successful' and the terminal learns it.
    await card(page, 107).getByTestId('rename').click();
    await page.getByTestId('rename-input').fill('abc');
    await page.getByTestId('rename-save').click();
    await page.getByText('The machine name must be a number').waitFor();
    await page.getByTestId('rename-input').fill('101');
    await page.getByTestId('rename-save').click();
    await expect(page.getByTestId('message-box-text').textContent()).resolves.toBe('Save error, machine name already used or unchanged');
    await e.screenshot(page, 'machine-rename-19-en');
    await page.getByRole('dialog').filter({ hasText: 'machine name already used' }).getByRole('button', { name: 'OK' }).click();
    await page.getByTestId('rename-input').fill('108');
    await page.getByTestId('rename-save').click();
    await page.getByText('Edit successful').waitFor();
    await card(page, 108).waitFor();
    await expect.poll(() => machine.name).toBe(108);

    // A disconnected machine cannot be renamed (18) or released (20).
    await card(page, 105).getByTestId('rename').click();
    await page.getByTestId('rename-input').fill('155');
    await page.getByTestId('rename-save').click();
    await expect(page.getByTestId('message-box-text').textContent()).resolves.toBe('Save error, machine not connected');
    await page.getByRole('dialog').filter({ hasText: 'machine not connected' }).getByRole('button', { name: 'OK' }).click();
    await page.getByRole('dialog').filter({ hasText: 'Rename machine 105' }).getByRole('button', { name: 'Cancel' }).click();
    await card(page, 105).getByTestId('release').click();
    await answer(page, 'Release machine 105?', 'ok');
    await expect(page.getByTestId('message-box-text').textContent()).resolves.toBe('Release error, machine not connected');
    await page.getByRole('dialog').filter({ hasText: 'Release error' }).getByRole('button', { name: 'OK' }).click();

    // The counter sees Rita playing on machine 108, live; she logs out and back in, and it follows.
    const counter = await e.newPage();
    await e.signIn(counter, DEMO_LOGINS.cashier, 1, '/CustomerAccount');
    await counter.getByTestId('customer-search').fill('Rita');
    await counter.getByTestId('customer-search-results').getByText('Rita Reels').click();
    await counter.getByTestId('customer-playing').getByText('Playing on machine 108').waitFor();
    expect(await machine.command({ type: 'logout' })).toMatchObject({ ok: true });
    await counter.getByTestId('customer-playing').getByText('Not playing').waitFor();
    expect(await machine.command({ type: 'login', mobile_id: c.mobile_id, pin: c.pin })).toMatchObject({ ok: true });
    await counter.getByTestId('customer-playing').getByText('Playing on machine 108').waitFor();
    await e.screenshot(counter, 'machine-customer-playing-en');
    await card(page, 108).getByText('Playing').waitFor();

    // Release while Rita plays: 'machine occupied' asks; Cancel is 'Release canceled'; OK is 'Release completed'.
    await card(page, 108).getByTestId('release').click();
    await answer(page, 'Release machine 108?', 'ok');
    await page.getByRole('dialog').filter({ hasText: 'Machine occupied' }).waitFor();
    await e.screenshot(page, 'machine-occupied-en');
    await answer(page, 'Machine occupied', 'cancel');
    await page.getByText('Release canceled').waitFor();
    expect(await status(page, 108)).toBe('Playing');
    await card(page, 108).getByTestId('release').click();
    await answer(page, 'Release machine 108?', 'ok');
    await answer(page, 'Machine occupied', 'ok');
    await page.getByText('Release completed').waitFor();
    await card(page, 108).waitFor({ state: 'detached' });
    await e.screenshot(page, 'machine-released-en');

    // Rita's game history has the machine's rounds.
    await page.goto('/CustomerAccount');
    await page.getByTestId('customer-search').fill('Rita');
    await page.getByTestId('customer-search-results').getByText('Rita Reels').click();
    await page.getByTestId('tab-rounds').click();
    const rounds = page.getByTestId('rounds-table');
    await rounds.getByText('E2E-3').waitFor();
    expect(await rounds.locator('tbody tr').count()).toBe(3);
    await e.screenshot(page, 'machine-customer-history-en', { fullPage: true });
    await s.verify();
  });

  it('reads in Español and 简体中文, and at 390px', async () => {
    for (const [lang, title, disconnected] of [
      ['mx', 'Máquina', 'Desconectada'],
      ['zh_Hans', '机台', '未连接'],
    ] as const) {
      const page = await e.newPage({ lang, viewport: { width: 390, height: 844 } });
      await e.signIn(page, DEMO_LOGINS.boss, null, '/Machine');
      await card(page, 101).waitFor();
      expect(await page.locator('h1').textContent()).toBe(title);
      expect(await status(page, 101)).toBe(disconnected);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await e.screenshot(page, `machine-${lang}-390`, { fullPage: true });
    }
  });
});
