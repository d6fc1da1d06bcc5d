import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoTerminalKey } from '../packages/server/src/auth/terminal-key.js';
import { SimTerminal } from '../packages/server/src/simulator/sim-terminal.js';
import { DEMO_KIOSK, DEMO_LOGINS, startE2E, type E2E } from './harness.js';

/**
 * A hang guard, not a speed bound (the push itself takes about 150 ms; speed is the bench's): half the
 * screens' 30 s poll while live, and every step is a push that refetches and so restarts that poll,
 * so a change seen within it was pushed. The test also checks the socket stayed live throughout (the
 * 2 s / 3 s polls of a socket that is down never ran).
 */
const PUSHED_MS = 15_000;

/** Resolves once the page's live socket has been accepted (its hello frame). Register before navigating. */
function liveHello(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().endsWith('/API/live')) return;
      ws.on('framereceived', (f) => {
        if (String(f.payload).includes('"hello"')) resolve();
      });
    });
  });
}

/**
 * Live updates by server push: the Machine screen and the Customer Account change within a
 * second or so of a machine's connection, a login, a round and a kick at the counter, with their
 * polls at 30 s (the socket is up), so no poll could have shown it.
 */
describe('live screens', () => {
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
  const statusIs = (page: Page, name: number, text: string) => card(page, name).getByTestId('machine-status').getByText(text, { exact: true });
  const demoMachine = async (name: number) => {
    const row = await e.server.handle.db.selectFrom('machine').select('id').where('store_id', '=', DEMO_KIOSK).where('machine_id', '=', name).executeTakeFirstOrThrow();
    const t = new SimTerminal(e.url, { kioskId: DEMO_KIOSK, terminalId: row.id, privateKey: demoTerminalKey(DEMO_KIOSK, name).privateKey });
    terminals.push(t);
    return t;
  };

  it('the Machine screen and the customer\'s card follow the floor live', async () => {
    // A customer with entries bought at the reload kiosk (an API session made before the browsers sign in).
    const s = e.server;
    const api = await s.login();
    const c = await s.call('/customer/create', { UID: api.UID, TOKEN: api.TOKEN, first_name: 'Lena', last_name: 'Live', birthday: '1970-01-01' });
    const kiosk = await demoMachine(900);
    await kiosk.connect();
    expect(await kiosk.command({ type: 'purchase', mobile_id: c.mobile_id, amount_cents: 2000 })).toMatchObject({ ok: true });

    // The boss's Machine screen, live.
    const boss = await e.newPage();
    await e.signIn(boss, DEMO_LOGINS.boss, null);
    const bossLive = liveHello(boss);
    await boss.goto('/Machine');
    await bossLive;
    await boss.locator('[data-testid="live-state"][data-live="true"]').waitFor();
    expect(await boss.getByTestId('live-state').textContent()).toBe('Live');
    expect(await card(boss, 104).getByTestId('machine-status').textContent()).toBe('Disconnected');
    const lists: number[] = [];
    boss.on('request', (r) => {
      if (r.url().endsWith('/API/machine/list')) lists.push(Date.now());
    });

    // The counter has Lena's card open, live.
    const counter = await e.newPage();
    await e.signIn(counter, DEMO_LOGINS.cashier, 1);
    const counterLive = liveHello(counter);
    await counter.goto('/CustomerAccount');
    await counter.getByTestId('customer-search').fill('Lena');
    await counter.getByTestId('customer-search-results').getByText('Lena Live').click();
    await counter.getByTestId('customer-playing').getByText('Not playing').waitFor();
    await counterLive;
    await counter.getByTestId('tab-rounds').click();
    await counter.getByTestId('rounds-table').waitFor();

    // Machine 104 connects: Connected on the boss's screen at once.
    const machine = await demoMachine(104);
    await machine.connect();
    await statusIs(boss, 104, 'Connected').waitFor({ timeout: PUSHED_MS });
    expect(lists.length).toBeGreaterThan(0);

    // Lena logs in on 104: Playing with her name on the floor, "Playing on machine 104" at the counter.
    expect(await machine.command({ type: 'login', mobile_id: c.mobile_id, pin: c.pin })).toMatchObject({ ok: true });
    await statusIs(boss, 104, 'Playing').waitFor({ timeout: PUSHED_MS });
    await card(boss, 104).getByText('Lena Live').waitFor({ timeout: PUSHED_MS });
    await counter.getByTestId('customer-playing').getByText('Playing on machine 104').waitFor({ timeout: PUSHED_MS });

    // A round: the card's balances and the game history follow.
    const r = await machine.command({ type: 'round', round_no: 'LIVE-1', serial_no: 'SN-L1', game_name: 'Ocean King', begin_credits: 2000, end_credits: 1950, jp_bet: 0, game_bet: 100, extra_bet: 0, buy_bonus_cost: 0, win: 50, meters: { played: 100, won: 50, games: 1 } });
    expect(r).toMatchObject({ ok: true });
    await counter.getByTestId('rounds-table').getByText('LIVE-1').waitFor({ timeout: PUSHED_MS });
    await card(boss, 104).locator('[data-row="playedToday"] td').getByText('$1.00').waitFor({ timeout: PUSHED_MS });
    await card(boss, 104).scrollIntoViewIfNeeded();
    await e.screenshot(boss, 'live-machine-playing-en');
    await e.screenshot(counter, 'live-customer-playing-en', { fullPage: true });

    // The counter kicks Lena: the machine is told, the floor shows it connected and free again.
    const kicked = new Promise((resolve) => {
      machine.onKicked = resolve;
    });
    await counter.getByTestId('action-kick').click();
    await counter.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await kicked;
    await statusIs(boss, 104, 'Connected').waitFor({ timeout: PUSHED_MS });
    await counter.getByTestId('customer-playing').getByText('Not playing').waitFor({ timeout: PUSHED_MS });
    await e.screenshot(boss, 'live-machine-kicked-en');

    // However busy, the screen refetched a handful of times, not once per message; the socket never went down.
    expect(lists.length).toBeLessThan(15);
    expect(await boss.getByTestId('live-state').getAttribute('data-live')).toBe('true');
    await s.verify();
  });
});
