import { Status } from '@moneybox/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TerminalSocket } from '../../simulator/terminal-socket.js';
import { dialects } from '../../testing/databases.js';
import { startTestServer, type Session, type TestServer } from '../../testing/server.js';
import { bossSession, enrolTerminal } from '../../testing/terminal-kit.js';
import { balances, newCustomer, openCounter } from '../../testing/customer-kit.js';

let rounds = 0;
function aRound(seq: number, over: Record<string, unknown> = {}) {
  rounds++;
  return {
    type: 'round',
    seq,
    round_no: `R${rounds}`,
    serial_no: `S-${rounds}`,
    game_name: 'Ocean King',
    begin_credits: 1000,
    end_credits: 990,
    jp_bet: 1,
    game_bet: 8,
    extra_bet: 1,
    buy_bonus_cost: 0,
    win: 0,
    ...over,
  };
}

/** Game machines: a customer's session and play, through the real protocol. */
describe.each(dialects)('game machines on %s', (dialect) => {
  let s: TestServer;
  let boss: Session;
  let counter: Session;

  beforeAll(async () => {
    s = await startTestServer(dialect);
    boss = await bossSession(s);
    counter = await openCounter(s, 1000);
  });
  afterAll(() => s?.close());
  afterEach(async () => {
    await s.verify();
  });

  /** A customer with `entries` units bought at the counter, and a machine of their own. */
  async function player(entries = 10) {
    const c = await newCustomer(s, counter);
    if (entries > 0) expect((await s.call('/customer/purchase', { ...counter, id: c.id, amount: entries, key: await s.key() })).status).toBe(Status.OK);
    const m = await enrolTerminal(s, boss);
    return { c, m, socket: m.socket };
  }

  const ledgerRows = async (customerId: number) =>
    Number((await s.handle.db.selectFrom('ledger').select((eb) => eb.fn.countAll<number>().as('n')).where('customer_id', '=', customerId).executeTakeFirstOrThrow()).n);

  it('logs in with mobile id and PIN, plays, wins, and shows as playing at the counter (25/27/29/31)', async () => {
    const { c, m, socket } = await player(10);
    const login = await socket.command({ type: 'login', seq: 1, mobile_id: c.mobile_id, pin: c.pin });
    expect(login).toMatchObject({ ok: true, customer_id: c.id, entries_cents: 1000, winnings_cents: 0, credits: 1000 });

    // Bet 10 credits = 10 cents at rate 100, from entries; win 25 → winnings.
    const r = await socket.command(aRound(2, { win: 25, end_credits: 1015 }));
    expect(r).toMatchObject({ ok: true, entries_cents: 990, winnings_cents: 25, credits: 1015 });
    expect(await balances(s, c.id)).toEqual({ entries: 990, winnings: 25 });

    const info = await s.call('/customer/info', { ...counter, type: 'id', rule: c.id });
    expect(info.customer).toMatchObject({ playing: true, machine: m.name });
    const codes: Array<[string, number]> = [['purchase', 25], ['revert', 27], ['redeem', 29], ['comps', 31]];
    for (const [call, code] of codes) expect((await s.call(`/customer/${call}`, { ...counter, id: c.id, amount: 1, key: await s.key() })).status).toBe(code);

    expect(await socket.command({ type: 'logout', seq: 3 })).toMatchObject({ ok: true, customer_id: c.id });
    expect((await s.call('/customer/info', { ...counter, type: 'id', rule: c.id })).customer).toMatchObject({ playing: false });
    await socket.close();
  });

  it('a bet takes entries first, then winnings, and never goes below zero', async () => {
    const { c, socket } = await player(1);
    await socket.command({ type: 'login', seq: 1, mobile_id: c.mobile_id, pin: c.pin });
    await socket.command(aRound(2, { game_bet: 0, jp_bet: 0, extra_bet: 0, win: 300 })); // winnings 3.00
    expect(await balances(s, c.id)).toEqual({ entries: 100, winnings: 300 });
    // 150: 100 from entries, 50 from winnings.
    expect(await socket.command(aRound(3, { game_bet: 150, jp_bet: 0, extra_bet: 0 }))).toMatchObject({ ok: true, entries_cents: 0, winnings_cents: 250 });
    const before = await ledgerRows(c.id);
    const refused = await socket.command(aRound(4, { game_bet: 251, jp_bet: 0, extra_bet: 0, win: 1000 }));
    expect(refused).toMatchObject({ ok: false, reason: 'no_balance' });
    // Refused whole: not the win either, no round in the history, no ledger row.
    expect(await balances(s, c.id)).toEqual({ entries: 0, winnings: 250 });
    expect(await ledgerRows(c.id)).toBe(before);
    expect((await s.call('/customer/history', { ...counter, id: c.id })).total).toBe(2);
    // The refusal used its seq: the next command is 5, and 4 resent answers the same refusal.
    expect(await socket.command(aRound(4, { game_bet: 1 }))).toMatchObject({ ok: false, reason: 'no_balance', duplicate: true });
    expect(await socket.command(aRound(5, { game_bet: 250, jp_bet: 0, extra_bet: 0 }))).toMatchObject({ ok: true, winnings_cents: 0 });
    await socket.close();
  });

  it('a round resent 1, 2 or 20 times after a dropped connection applies once', async () => {
    for (const resends of [1, 2, 20]) {
      const { c, m, socket } = await player(10);
      await socket.command({ type: 'login', seq: 1, mobile_id: c.mobile_id, pin: c.pin });
      const round = aRound(2, { game_bet: 100, jp_bet: 0, extra_bet: 0, win: 40 });
      socket.send(round);
      await socket.drop(); // the ack may or may not have been sent: the terminal cannot know
      let ack;
      for (let i = 0; i < resends; i++) {
        const again = await TerminalSocket.connect(s.url, m.credentials);
        // The dropped round may still be in flight on the old connection: 1 or 2.
        expect([1, 2]).toContain(again.welcome.last_seq);
        ack = await again.socket.command(round);
        if (i < resends - 1) await again.socket.drop();
        else await again.socket.close();
      }
      expect(ack).toMatchObject({ ok: true, entries_cents: 900, winnings_cents: 40 });
      // From the second resend on, the round was applied before: the answer is the stored one.
      if (resends > 1) expect(ack).toMatchObject({ duplicate: true });
      expect(await ledgerRows(c.id)).toBe(3); // the purchase, one bet, one win
      expect(await balances(s, c.id)).toEqual({ entries: 900, winnings: 40 });
      const hist = await s.call('/customer/history', { ...counter, id: c.id });
      expect(hist.total).toBe(1);
    }
  });

  it('refuses a sequence gap and says which seq it expects', async () => {
    const { c, socket } = await player(10);
    expect(await socket.command({ type: 'login', seq: 3, mobile_id: c.mobile_id, pin: c.pin })).toMatchObject({ ok: false, reason: 'seq_gap', expected: 1 });
    expect(await socket.command({ type: 'login', seq: 1, mobile_id: c.mobile_id, pin: c.pin })).toMatchObject({ ok: true });
    // A resent login answers its first outcome, even with another PIN now (nothing is checked again).
    expect(await socket.command({ type: 'login', seq: 1, mobile_id: c.mobile_id, pin: 'wrong' })).toMatchObject({ ok: true, duplicate: true, customer_id: c.id });
    await socket.close();
  });

  it('kick from the counter reaches the machine, pushed; its next round is refused and changes nothing', async () => {
    const { c, socket } = await player(10);
    await socket.command({ type: 'login', seq: 1, mobile_id: c.mobile_id, pin: c.pin });
    // The kick is the event waited for; the cap only guards a hang (the machine polls nothing: it is pushed).
    const kicked = socket.next((msg) => msg.type === 'kicked', 10_000);
    expect(await s.call('/customer/kick', { ...counter, id: c.id })).toMatchObject({ status: Status.OK, playing: false });
    expect(await kicked).toEqual({ type: 'kicked', customer_id: c.id });
    const before = await balances(s, c.id);
    const rows = await ledgerRows(c.id);
    expect(await socket.command(aRound(2))).toMatchObject({ ok: false, reason: 'not_playing' });
    expect(await socket.command({ type: 'gift', seq: 3, title: 'Daily Bonus', award_type: 'Daily Bonus', award_amount: 100 })).toMatchObject({ ok: false, reason: 'not_playing' });
    expect(await balances(s, c.id)).toEqual(before);
    expect(await ledgerRows(c.id)).toBe(rows);
    // The counter can move money again.
    expect((await s.call('/customer/purchase', { ...counter, id: c.id, amount: 1, key: await s.key() })).status).toBe(Status.OK);
    await socket.close();
  });

  it('locks the PIN after a few wrong tries, refuses blocked customers, and seats a customer on one machine only', async () => {
    const { c, socket } = await player(10);
    for (let i = 1; i <= 4; i++) expect(await socket.command({ type: 'login', seq: i, mobile_id: c.mobile_id, pin: '000000' === c.pin ? '111111' : '000000' })).toMatchObject({ ok: false, reason: 'wrong_pin', tries_left: 5 - i });
    expect(await socket.command({ type: 'login', seq: 5, mobile_id: c.mobile_id, pin: 'nope' })).toMatchObject({ ok: false, reason: 'pin_locked', tries_left: 0 });
    expect(await socket.command({ type: 'login', seq: 6, mobile_id: c.mobile_id, pin: c.pin })).toMatchObject({ ok: false, reason: 'pin_locked' });
    // A new PIN at the counter unlocks.
    const reset = await s.call('/customer/reset', { ...counter, id: c.id });
    expect(await socket.command({ type: 'login', seq: 7, mobile_id: c.mobile_id, pin: reset.pin })).toMatchObject({ ok: true });

    const other = await enrolTerminal(s, boss);
    expect(await other.socket.command({ type: 'login', seq: 1, mobile_id: c.mobile_id, pin: reset.pin })).toMatchObject({ ok: false, reason: 'playing_elsewhere' });
    const second = await newCustomer(s, counter);
    expect(await socket.command({ type: 'login', seq: 8, mobile_id: second.mobile_id, pin: second.pin })).toMatchObject({ ok: false, reason: 'machine_busy' });
    await s.call('/customer/block', { ...counter, id: second.id, block: true });
    expect(await other.socket.command({ type: 'login', seq: 2, mobile_id: second.mobile_id, pin: second.pin })).toMatchObject({ ok: false, reason: 'blocked' });
    expect(await other.socket.command({ type: 'login', seq: 3, mobile_id: '000', pin: '1' })).toMatchObject({ ok: false, reason: 'no_customer' });
    await socket.close();
    await other.socket.close();
  });

  it('the game history and gift log equal what the machine sent', async () => {
    const { c, socket } = await player(20);
    await socket.command({ type: 'login', seq: 1, mobile_id: c.mobile_id, pin: c.pin });
    const sent = [aRound(2, { win: 5 }), aRound(3, { buy_bonus_cost: 20, jp_bet: 2, extra_bet: 3, game_bet: 5, win: 0 }), aRound(4, { win: 100 })];
    for (const r of sent) expect((await socket.command(r)).ok).toBe(true);
    const gifts = [
      { type: 'gift', seq: 5, title: 'Welcome back', award_type: 'Daily Bonus', award_amount: 50, award_item: '', item_amount: 0, level: 1 },
      { type: 'gift', seq: 6, title: 'Golden net', award_type: 'Items', award_amount: 0, award_item: 'Net', item_amount: 3, level: 2 },
    ];
    for (const g of gifts) expect((await socket.command(g)).ok).toBe(true);
    const hist = await s.call('/customer/history', { ...counter, id: c.id });
    const fields = ['round_no', 'serial_no', 'game_name', 'begin_credits', 'end_credits', 'jp_bet', 'game_bet', 'extra_bet', 'buy_bonus_cost', 'win'] as const;
    const pick = (r: Record<string, unknown>) => Object.fromEntries(fields.map((f) => [f, r[f]]));
    expect((hist.list as Array<Record<string, unknown>>).map(pick).reverse()).toEqual(sent.map(pick));
    const log = await s.call('/customer/giftHistory', { ...counter, id: c.id });
    expect(log.list).toEqual(
      gifts.map((g) => ({ time: expect.any(String), title: g.title, award_type: g.award_type, award_amount: g.award_amount / 100, award_item: g.award_item, item_amount: g.item_amount, level: g.level })).reverse(),
    );
    // The gift's amount landed in entries: 20.00 - (10 + 30 + 10 credits) + 0.50.
    expect(await balances(s, c.id)).toEqual({ entries: 2000 - 50 + 50, winnings: 105 });
    await socket.close();
  });

  it('converts credits at the exchange rate and refuses fractions of a cent', async () => {
    await s.handle.db.updateTable('store').set({ exchange_rate: 1000 }).where('id', '=', 1001).execute();
    try {
      const { c, socket } = await player(10);
      expect(await socket.command({ type: 'login', seq: 1, mobile_id: c.mobile_id, pin: c.pin })).toMatchObject({ ok: true, credits: 10_000 });
      // 100 credits at 1000 per unit = 10 cents.
      expect(await socket.command(aRound(2, { game_bet: 100, jp_bet: 0, extra_bet: 0 }))).toMatchObject({ ok: true, entries_cents: 990 });
      expect(await socket.command(aRound(3, { game_bet: 5, jp_bet: 0, extra_bet: 0 }))).toMatchObject({ ok: false, reason: 'not_whole_cents', exchange_rate: 1000 });
      await socket.close();
    } finally {
      await s.handle.db.updateTable('store').set({ exchange_rate: 100 }).where('id', '=', 1001).execute();
    }
  });

  it('a reload kiosk cannot play', async () => {
    const kiosk = await enrolTerminal(s, boss, 'reload_kiosk');
    expect(await kiosk.socket.command(aRound(1))).toMatchObject({ ok: false, reason: 'wrong_kind' });
    await kiosk.socket.close();
  });
});
