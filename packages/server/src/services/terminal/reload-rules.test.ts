import { RefusalReason, type StatusCode, type TerminalAck, type TerminalRefusal, Status } from '@moneybox/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KIOSK } from '../../cli/seed/seed.js';
import { moneyTestHooks } from '../../money/apply-movement.js';
import { addCredit } from '../operator/operator.service.js';
import { TerminalSocket } from '../../simulator/terminal-socket.js';
import { balances, giveWinnings, newCustomer, openCounter, seatAtMachine, storeMoney } from '../../testing/customer-kit.js';
import { describeOnDatabases, useTestServer, type Reply, type Session, type TestServer } from '../../testing/server.js';
import { bossSession, enrolTerminal } from '../../testing/terminal-kit.js';
import { SEED } from '../audit/audit.js';

type Terminal = Awaited<ReturnType<typeof enrolTerminal>>;
type Customer = Awaited<ReturnType<typeof newCustomer>>;

/** What a money movement could change: the ledger, the customer's balances, the store's credit. */
async function books(s: TestServer, customerId: number) {
  const rows = await s.handle.db.selectFrom('ledger').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return { rows: Number(rows.n), customer: await balances(s, customerId), credit: (await storeMoney(s)).credit };
}
const setStore = (s: TestServer, patch: Record<string, unknown>) => s.handle.db.updateTable('store').set(patch).where('id', '=', DEMO_KIOSK).execute();
async function unseat(s: TestServer, customerId: number) {
  await s.handle.db.updateTable('machine').set({ customer_id: null }).where('customer_id', '=', customerId).execute();
  await s.handle.db.updateTable('customer').set({ playing_machine_id: null }).where('id', '=', customerId).execute();
}
/** The store's credit down to `left` cents for `during`, then back. */
async function withCredit(s: TestServer, left: number, during: () => Promise<void>) {
  const { credit } = await storeMoney(s);
  await addCredit({ handle: s.handle }, SEED, { storeId: DEMO_KIOSK, amount: -(credit - left), note: 'reload rules test' });
  try {
    await during();
  } finally {
    await addCredit({ handle: s.handle }, SEED, { storeId: DEMO_KIOSK, amount: credit - left, note: 'reload rules test' });
  }
}

/**
 * The reload terminals decide with the money core's shared rules (money/customer-rules.ts), the
 * counter's: every refusal a purchase or redeem can meet, on both databases, changes no money and
 * answers the same when resent; and the counter and a kiosk refuse the same purchase for the same
 * reason.
 */
describeOnDatabases(
  'reload terminal rules',
  (s) => {
    let boss: Session;
    let counter: Session & { drawer: number };
    let kiosk: Terminal;
    let game: Terminal;
    const seqs = new Map<Terminal, number>();
    const seen = new Set<TerminalRefusal>();

    beforeAll(async () => {
      boss = await bossSession(s);
      counter = await openCounter(s, 1000);
      kiosk = await enrolTerminal(s, boss, 'reload_kiosk');
      game = await enrolTerminal(s, boss);
    });
    afterAll(async () => {
      for (const t of [kiosk, game]) await t?.socket.close();
    });

    const next = (t: Terminal) => {
      const n = (seqs.get(t) ?? 0) + 1;
      seqs.set(t, n);
      return n;
    };
    /** Sends the command, expects the refusal, checks no money moved, and that a resend answers it again. */
    async function refused(t: Terminal, c: Customer, cmd: Record<string, unknown>, reason: TerminalRefusal, extra: Record<string, unknown> = {}) {
      const before = await books(s, c.id);
      const sent = { ...cmd, seq: next(t) } as { type: string; seq: number };
      expect(await t.socket.command(sent)).toMatchObject({ ok: false, reason, ...extra });
      expect(await books(s, c.id)).toEqual(before);
      const again = await t.socket.command(sent);
      expect(again).toMatchObject({ ok: false, reason, ...extra, duplicate: true });
      seen.add(reason);
    }
    const buy = (c: Customer, amount_cents: number) => ({ type: 'purchase', mobile_id: c.mobile_id, amount_cents });
    const cashOut = (c: Customer, amount_cents: number, pin = c.pin) => ({ type: 'redeem', mobile_id: c.mobile_id, pin, amount_cents });

    it('every refusal of a purchase or redeem changes no money, and a resend answers it again', async () => {
      const c = await newCustomer(s, counter);
      await setStore(s, { closed: 1 });
      await refused(kiosk, c, buy(c, 1000), 'store_closed');
      await setStore(s, { closed: 0, frozen: 1, freeze_msg: 'audit' });
      await refused(kiosk, c, cashOut(c, 100), 'store_frozen');
      await setStore(s, { frozen: 0, freeze_msg: '' });

      await refused(kiosk, c, { ...buy(c, 1000), mobile_id: '1' }, 'no_customer');
      await s.call('/customer/block', { ...counter, id: c.id, block: true });
      await refused(kiosk, c, buy(c, 1000), 'blocked');
      await s.call('/customer/block', { ...counter, id: c.id, block: false });
      await seatAtMachine(s, c.id);
      await refused(kiosk, c, cashOut(c, 100), 'customer_playing');
      await unseat(s, c.id);

      await refused(kiosk, c, buy(c, 99), 'min_amount', { min_amount_cents: 100 });
      // The demo store allows 500.00 an hour.
      await refused(kiosk, c, buy(c, 500_01), 'limit', { limit: 'hourly', left_cents: 500_00 });
      await withCredit(s, 1_00, () => refused(kiosk, c, buy(c, 2_00), 'credit'));
      await refused(kiosk, c, cashOut(c, 100), 'no_balance', { winnings_cents: 0 });
      await refused(game, c, buy(c, 1000), 'wrong_kind');

      // A wrong PIN counts a failure (no money moves); at the store's maximum the PIN locks.
      await giveWinnings(s, c.id, 5_00);
      for (let tries = 4; tries >= 1; tries--) await refused(kiosk, c, cashOut(c, 100, 'nope'), 'wrong_pin', { tries_left: tries });
      await refused(kiosk, c, cashOut(c, 100, 'nope'), 'pin_locked', { tries_left: 0 });
      await refused(kiosk, c, cashOut(c, 100), 'pin_locked');

      expect([...seen].sort()).toEqual(
        ['store_closed', 'store_frozen', 'no_customer', 'blocked', 'customer_playing', 'min_amount', 'limit', 'credit', 'no_balance', 'wrong_kind', 'wrong_pin', 'pin_locked'].sort(),
      );
    });

    it('the counter and a reload kiosk refuse the same purchase for the same reason', async () => {
      const c = await newCustomer(s, counter);
      const atCounter = async (id: number, amount: number) => s.call('/customer/purchase', { ...counter, id, amount, key: await s.key() });
      const atKiosk = (mobileId: string, cents: number) => kiosk.socket.command({ type: 'purchase', seq: next(kiosk), mobile_id: mobileId, amount_cents: cents });
      /** One state of the store and customer, one purchase: both refuse it, for the core's one reason, each in its words. */
      async function both(reason: RefusalReason, counterSays: { status: StatusCode } & Reply, kioskSays: Partial<TerminalAck>, amount = 10, who = c) {
        const before = await books(s, c.id);
        expect(await atCounter(who.id, amount), reason).toMatchObject(counterSays);
        expect(await atKiosk(who.mobile_id, amount * 100), reason).toMatchObject({ ok: false, ...kioskSays });
        expect(await books(s, c.id)).toEqual(before);
      }

      await setStore(s, { closed: 1 });
      await both(RefusalReason.STORE_CLOSED, { status: Status.KIOSK_CLOSED }, { reason: 'store_closed' });
      await setStore(s, { closed: 0, frozen: 1, freeze_msg: 'audit' });
      await both(RefusalReason.STORE_FROZEN, { status: Status.STORE_FROZEN }, { reason: 'store_frozen' });
      await setStore(s, { frozen: 0, freeze_msg: '' });
      await both(RefusalReason.CUSTOMER, { status: Status.CUSTOMER_ERROR }, { reason: 'no_customer' }, 10, { ...c, id: 987_654_321, mobile_id: '1' });
      await s.call('/customer/block', { ...counter, id: c.id, block: true });
      await both(RefusalReason.CUSTOMER, { status: Status.CUSTOMER_ERROR }, { reason: 'blocked' });
      await s.call('/customer/block', { ...counter, id: c.id, block: false });
      await seatAtMachine(s, c.id);
      await both(RefusalReason.PLAYING, { status: Status.PURCHASE_PLAYING }, { reason: 'customer_playing' });
      await unseat(s, c.id);
      await both(RefusalReason.MIN_AMOUNT, { status: Status.AMOUNT_ERROR, min_amount: 1 }, { reason: 'min_amount', min_amount_cents: 100 }, 0.5);
      // 400.00 bought at the counter: 150.00 more is over the hourly 500.00 on either channel.
      expect((await atCounter(c.id, 400)).status).toBe(Status.OK);
      await both(RefusalReason.PURCHASE_LIMIT, { status: Status.AMOUNT_ERROR, reason: 'purchase_limit', limit: 'hourly', left: 100 }, { reason: 'limit', limit: 'hourly', left_cents: 100_00 }, 150);
      await withCredit(s, 1_00, () => both(RefusalReason.CREDIT, { status: Status.CREDIT_ERROR }, { reason: 'credit' }, 2));
      // And both accept the same purchase once the state allows it.
      expect((await atCounter(c.id, 50)).status).toBe(Status.OK);
      expect(await atKiosk(c.mobile_id, 50_00)).toMatchObject({ ok: true, entries_cents: 500_00 });
    });

    it('a purchase resent 1, 2 or 20 times after a dropped connection applies once', async () => {
      for (const resends of [1, 2, 20]) {
        const c = await newCustomer(s, counter);
        const t = await enrolTerminal(s, boss, 'reloader');
        const cmd = { type: 'purchase', seq: 1, mobile_id: c.mobile_id, amount_cents: 12_34 };
        t.socket.send(cmd);
        await t.socket.drop(); // the ack may or may not have been sent: the terminal cannot know
        let ack: TerminalAck | undefined;
        for (let i = 0; i < resends; i++) {
          const again = await TerminalSocket.connect(s.url, t.credentials);
          ack = await again.socket.command(cmd);
          if (i < resends - 1) await again.socket.drop();
          else await again.socket.close();
        }
        expect(ack).toMatchObject({ ok: true, customer_id: c.id, entries_cents: 12_34 });
        if (resends > 1) expect(ack).toMatchObject({ duplicate: true });
        const rows = await s.handle.db.selectFrom('ledger').select(['id']).where('customer_id', '=', c.id).execute();
        expect(rows.map((r) => Number(r.id))).toEqual([ack!.movement_id]);
        expect(await balances(s, c.id)).toEqual({ entries: 12_34, winnings: 0 });
      }
    });
  },
  { verifyEach: true },
);

/**
 * PostgreSQL: a purchase or redeem is one read, the rules, one call of the rule-free apply function
 * (sequence.ts applyReadOnce). A row changed between the read and the apply fails its guard, and
 * the command then runs in its transaction, reading and deciding again.
 */
describe('reload terminals on postgres: read, decide, apply', () => {
  const s = useTestServer('postgres', { verifyEach: true });
  let counter: Session & { drawer: number };
  let kiosk: Terminal;
  let seq = 0;
  let reads: number;

  beforeAll(async () => {
    counter = await openCounter(s, 1000);
    kiosk = await enrolTerminal(s, await bossSession(s), 'reload_kiosk');
  });
  afterAll(async () => {
    await kiosk?.socket.close();
  });
  afterEach(() => {
    moneyTestHooks.afterRead = undefined;
  });
  /** Counts the fast path's reads; runs `change` after the first. */
  const onRead = (change?: () => Promise<unknown>) => {
    reads = 0;
    moneyTestHooks.afterRead = async () => {
      if (++reads === 1) await change?.();
    };
  };
  /** The ack as stored for resends, as written: by the apply function (jsonb text) or by the transaction. */
  const storedAck = async (n: number) =>
    (await s.handle.db.selectFrom('terminal_ack').select('ack').where('machine_row_id', '=', kiosk.credentials.terminalId).where('seq', '=', n).executeTakeFirstOrThrow()).ack;

  it('a purchase and a redeem each apply with one call; the stored ack names the ledger row', async () => {
    const c = await newCustomer(s, counter);
    await giveWinnings(s, c.id, 3_00);
    onRead();
    const bought = await kiosk.socket.command({ type: 'purchase', seq: ++seq, mobile_id: c.mobile_id, amount_cents: 10_00 });
    expect(bought).toMatchObject({ ok: true, customer_id: c.id, entries_cents: 10_00, winnings_cents: 3_00 });
    expect(reads).toBe(1);
    const stored = await storedAck(seq);
    expect(stored).toContain('"movement_id": '); // jsonb's text: written by the apply function
    expect(JSON.parse(stored)).toEqual({ ...bought });
    const row = await s.handle.db.selectFrom('ledger').selectAll().where('id', '=', bought.movement_id as number).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'purchase', channel: 'reload_kiosk', customer_id: c.id, machine_id: kiosk.credentials.terminalId, key: `t${kiosk.credentials.terminalId}:${seq}` });
    expect([row.d_entries_cents, row.d_credit_cents].map(Number)).toEqual([10_00, -10_00]);

    onRead();
    const redeemed = await kiosk.socket.command({ type: 'redeem', seq: ++seq, mobile_id: c.mobile_id, pin: c.pin, amount_cents: 3_00 });
    expect(redeemed).toMatchObject({ ok: true, entries_cents: 10_00, winnings_cents: 0 });
    expect(reads).toBe(1);
    expect(JSON.parse(await storedAck(seq))).toEqual({ ...redeemed });
    expect(await kiosk.socket.command({ type: 'redeem', seq, mobile_id: c.mobile_id, pin: c.pin, amount_cents: 3_00 })).toEqual({ ...redeemed, duplicate: true });
  });

  it('a counter purchase between the read and the apply: the kiosk decides again and finds the limit reached', async () => {
    const c = await newCustomer(s, counter);
    onRead(async () => expect((await s.call('/customer/purchase', { ...counter, id: c.id, amount: 450, key: await s.key() })).status).toBe(Status.OK));
    expect(await kiosk.socket.command({ type: 'purchase', seq: ++seq, mobile_id: c.mobile_id, amount_cents: 100_00 })).toMatchObject({ ok: false, reason: 'limit', limit: 'hourly', left_cents: 50_00 });
    expect(await balances(s, c.id)).toEqual({ entries: 450_00, winnings: 0 });
  });

  it('seated at a machine between the read and the apply: the redeem is refused, nothing moves', async () => {
    const c = await newCustomer(s, counter);
    await giveWinnings(s, c.id, 2_00);
    onRead(() => seatAtMachine(s, c.id));
    expect(await kiosk.socket.command({ type: 'redeem', seq: ++seq, mobile_id: c.mobile_id, pin: c.pin, amount_cents: 2_00 })).toMatchObject({ ok: false, reason: 'customer_playing' });
    expect(await balances(s, c.id)).toEqual({ entries: 0, winnings: 2_00 });
    await unseat(s, c.id);
  });

  it('earlier wrong PINs: the right one redeems in the transaction and clears them', async () => {
    const c = await newCustomer(s, counter);
    await giveWinnings(s, c.id, 2_00);
    expect(await kiosk.socket.command({ type: 'redeem', seq: ++seq, mobile_id: c.mobile_id, pin: 'nope', amount_cents: 1_00 })).toMatchObject({ ok: false, reason: 'wrong_pin', tries_left: 4 });
    expect(await kiosk.socket.command({ type: 'redeem', seq: ++seq, mobile_id: c.mobile_id, pin: c.pin, amount_cents: 1_00 })).toMatchObject({ ok: true, winnings_cents: 1_00 });
    const row = await s.handle.db.selectFrom('customer').select('pin_failures').where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(row.pin_failures).toBe(0);
  });
});
