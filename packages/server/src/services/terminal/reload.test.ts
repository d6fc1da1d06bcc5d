import { Status } from '@moneybox/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../testing/databases.js';
import { startTestServer, type Session, type TestServer } from '../../testing/server.js';
import { newKeyPair } from '../../auth/terminal-key.js';
import { TerminalSocket } from '../../simulator/terminal-socket.js';
import { bossSession, demoTerminal, enrolTerminal, otherStore } from '../../testing/terminal-kit.js';
import { balances, newCustomer, openCounter, storeMoney } from '../../testing/customer-kit.js';

/** Reload kiosks, reloaders and online top-ups: the counter's rules, their own channel. */
describe.each(dialects)('reload terminals on %s', (dialect) => {
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

  const channelOf = async (movementId: number) =>
    (await s.handle.db.selectFrom('ledger').select(['channel', 'kind', 'machine_id']).where('id', '=', movementId).executeTakeFirstOrThrow());

  it('each kind buys entries on its own channel; store credit goes down', async () => {
    const c = await newCustomer(s, counter);
    const credit = (await storeMoney(s)).credit;
    let seqs = 0;
    for (const kind of ['reload_kiosk', 'reloader', 'online'] as const) {
      const t = await enrolTerminal(s, boss, kind);
      const ack = await t.socket.command({ type: 'purchase', seq: 1, mobile_id: c.mobile_id, amount_cents: 500 });
      expect(ack, kind).toMatchObject({ ok: true, customer_id: c.id });
      expect(await channelOf(ack.movement_id as number)).toMatchObject({ channel: kind, kind: 'purchase', machine_id: t.credentials.terminalId });
      seqs++;
      await t.socket.close();
    }
    expect(await balances(s, c.id)).toEqual({ entries: 1500, winnings: 0 });
    expect((await storeMoney(s)).credit).toBe(credit - 1500);
    expect(seqs).toBe(3);
  });

  it('the counter’s purchase limits count every channel, and the minimum applies', async () => {
    const c = await newCustomer(s, counter);
    const t = await demoTerminal(s, 900);
    let seq = t.welcome.last_seq;
    // The demo store allows 500.00 an hour: 400 at the counter, then 150 at the kiosk is over.
    expect((await s.call('/customer/purchase', { ...counter, id: c.id, amount: 400, key: await s.key() })).status).toBe(Status.OK);
    expect(await t.socket.command({ type: 'purchase', seq: ++seq, mobile_id: c.mobile_id, amount_cents: 150_00 })).toMatchObject({ ok: false, reason: 'limit', limit: 'hourly', left_cents: 100_00 });
    expect(await t.socket.command({ type: 'purchase', seq: ++seq, mobile_id: c.mobile_id, amount_cents: 50 })).toMatchObject({ ok: false, reason: 'min_amount', min_amount_cents: 100 });
    expect(await t.socket.command({ type: 'purchase', seq: ++seq, mobile_id: c.mobile_id, amount_cents: 100_00 })).toMatchObject({ ok: true });
    // The counter now sees the kiosk's purchase in its limits.
    const limits = await s.call('/customer/getDayLimit', { ...counter, id: c.id });
    expect(limits.hourly).toEqual({ left: 0, total: 500 });
    await t.socket.close();
  });

  it('refuses blocked, playing and unknown customers; redeems winnings with the PIN at a reload kiosk only', async () => {
    const c = await newCustomer(s, counter);
    const kiosk = await demoTerminal(s, 900);
    let seq = kiosk.welcome.last_seq;
    await s.call('/customer/block', { ...counter, id: c.id, block: true });
    expect(await kiosk.socket.command({ type: 'purchase', seq: ++seq, mobile_id: c.mobile_id, amount_cents: 1000 })).toMatchObject({ ok: false, reason: 'blocked' });
    await s.call('/customer/block', { ...counter, id: c.id, block: false });
    expect(await kiosk.socket.command({ type: 'purchase', seq: ++seq, mobile_id: '1', amount_cents: 1000 })).toMatchObject({ ok: false, reason: 'no_customer' });
    expect(await kiosk.socket.command({ type: 'purchase', seq: ++seq, mobile_id: c.mobile_id, amount_cents: 1000 })).toMatchObject({ ok: true });

    // Win 3.00 on a machine, then the kiosk refuses while seated, and redeems after logout.
    const game = await enrolTerminal(s, boss);
    await game.socket.command({ type: 'login', seq: 1, mobile_id: c.mobile_id, pin: c.pin });
    await game.socket.command({ type: 'round', seq: 2, round_no: '1', serial_no: '1', game_name: 'g', begin_credits: 1000, end_credits: 1290, jp_bet: 0, game_bet: 10, extra_bet: 0, buy_bonus_cost: 0, win: 300 });
    expect(await kiosk.socket.command({ type: 'redeem', seq: ++seq, mobile_id: c.mobile_id, pin: c.pin, amount_cents: 300 })).toMatchObject({ ok: false, reason: 'customer_playing' });
    await game.socket.command({ type: 'logout', seq: 3 });
    expect(await kiosk.socket.command({ type: 'redeem', seq: ++seq, mobile_id: c.mobile_id, pin: 'x', amount_cents: 300 })).toMatchObject({ ok: false, reason: 'wrong_pin', tries_left: 4 });
    expect(await kiosk.socket.command({ type: 'redeem', seq: ++seq, mobile_id: c.mobile_id, pin: c.pin, amount_cents: 301 })).toMatchObject({ ok: false, reason: 'no_balance' });
    const ok = await kiosk.socket.command({ type: 'redeem', seq: ++seq, mobile_id: c.mobile_id, pin: c.pin, amount_cents: 300 });
    expect(ok).toMatchObject({ ok: true, winnings_cents: 0 });
    expect(await channelOf(ok.movement_id as number)).toMatchObject({ channel: 'reload_kiosk', kind: 'redeem' });

    const reloader = await enrolTerminal(s, boss, 'reloader');
    expect(await reloader.socket.command({ type: 'redeem', seq: 1, mobile_id: c.mobile_id, pin: c.pin, amount_cents: 100 })).toMatchObject({ ok: false, reason: 'wrong_kind' });
    // A game machine does not sell entries.
    expect(await game.socket.command({ type: 'purchase', seq: 4, mobile_id: c.mobile_id, amount_cents: 100 })).toMatchObject({ ok: false, reason: 'wrong_kind' });
    for (const t of [kiosk, game, reloader]) await t.socket.close();
  });

  it('a terminal of another store sees none of this store’s customers', async () => {
    const c = await newCustomer(s, counter);
    const other = await otherStore(s);
    const open = async (kind: string, name: number) => {
      const keys = newKeyPair();
      const row = await s.handle.db.insertInto('machine').values({ store_id: other, machine_id: name, kind, public_key: keys.publicKeyB64, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
      return TerminalSocket.connect(s.url, { kioskId: other, terminalId: row.id, privateKey: keys.privateKey });
    };
    const kiosk = await open('reload_kiosk', 1);
    const game = await open('game', 2);
    expect(await kiosk.socket.command({ type: 'purchase', seq: 1, mobile_id: c.mobile_id, amount_cents: 1000 })).toMatchObject({ ok: false, reason: 'no_customer' });
    expect(await game.socket.command({ type: 'login', seq: 1, mobile_id: c.mobile_id, pin: c.pin })).toMatchObject({ ok: false, reason: 'no_customer' });
    expect(await balances(s, c.id)).toEqual({ entries: 0, winnings: 0 });
    await kiosk.socket.close();
    await game.socket.close();
  });
});
