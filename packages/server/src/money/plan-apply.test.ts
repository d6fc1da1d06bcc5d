import { Status } from '@moneybox/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isoNow } from '../clock.js';
import { DEMO_KIOSK } from '../cli/seed/seed.js';
import { useTestServer, type Reply, type Session } from '../testing/server.js';
import { balances, drawerBalance, newCustomer, openCounter, storeMoney } from '../testing/customer-kit.js';
import { bossSession, enrolTerminal } from '../testing/terminal-kit.js';
import { setBlindCount } from '../testing/drawer-kit.js';
import { moneyTestHooks } from './apply-movement.js';

/**
 * PostgreSQL's money path reads without locks, lets the rules decide, then applies their plan with
 * guards (money/apply-movement.ts). These tests change a row BETWEEN the read and the apply (the
 * test hook), which concurrency does only now and then, and check that the apply refuses the stale
 * plan and that the call reads again and decides again: never a lost or doubled update, a limit
 * that still holds, a key used once. (SQLite runs each call alone in the group commit: nothing can
 * come between its read and its apply, so these paths do not exist there.)
 */
describe('read, decide, apply on postgres: a row changed after the read', () => {
  const s = useTestServer('postgres', { verifyEach: true });
  let counter: Session & { drawer: number };
  let other: Session & { drawer: number };
  let attempts: number[];

  const ledgerRows = async (customerId: number) =>
    Number((await s.handle.db.selectFrom('ledger').select((e) => e.fn.countAll().as('n')).where('customer_id', '=', customerId).executeTakeFirstOrThrow()).n);
  const purchase = async (who: Session, id: number, amount: number, key?: string): Promise<Reply> =>
    s.call('/customer/purchase', { ...who, id, amount, key: key ?? (await s.key()) });
  const setOpenShift = (who: Session, patch: { ended_at?: string; balance_cents?: number }) =>
    s.handle.db.updateTable('shift').set(patch).where('account_id', '=', Number(who.UID)).where('ended_at', 'is', null).execute();
  /** Runs `change` once, between the first attempt's read and its apply; records every attempt. */
  const onFirstAttempt = (change: () => Promise<unknown>, staleAttempts = 1) => {
    moneyTestHooks.afterRead = async (n) => {
      attempts.push(n);
      if (n <= staleAttempts) await change();
    };
  };

  beforeAll(async () => {
    await setBlindCount(s, false); // the replies' drawer balance is checked (blind-count.test.ts)
    counter = await openCounter(s, 1000);
    other = await openCounter(s, 1000);
  });
  afterEach(async () => {
    moneyTestHooks.afterRead = undefined;
    await s.handle.db.updateTable('store').set({ limit_hourly_cents: 0 }).where('id', '=', DEMO_KIOSK).execute();
  });
  const beforeEachAttempts = () => (attempts = []);

  it('a purchase for the same customer commits in between: the retry counts it against the hourly limit', async () => {
    beforeEachAttempts();
    const c = await newCustomer(s, counter);
    await s.handle.db.updateTable('store').set({ limit_hourly_cents: 10_00 }).where('id', '=', DEMO_KIOSK).execute();
    const key = await s.key();
    let between: Reply | undefined;
    onFirstAttempt(async () => {
      moneyTestHooks.afterRead = undefined; // the purchase in between runs without the hook
      between = await purchase(other, c.id, 6);
      moneyTestHooks.afterRead = async (n) => void attempts.push(n);
    });
    const r = await purchase(counter, c.id, 6, key);
    expect(between?.status).toBe(Status.OK);
    expect(r).toMatchObject({ status: Status.AMOUNT_ERROR, reason: 'purchase_limit', limit: 'hourly', left: 4 });
    expect(attempts).toEqual([1, 2]);
    expect(await balances(s, c.id)).toEqual({ entries: 6_00, winnings: 0 });
    expect(await ledgerRows(c.id)).toBe(1);
    // The refused call's key is still unused: the corrected retry goes through.
    expect((await purchase(counter, c.id, 4, key)).status).toBe(Status.OK);
  });

  it('any committed change of the customer row makes the plan stale; the retry applies once, with exact balances', async () => {
    beforeEachAttempts();
    const c = await newCustomer(s, counter);
    const drawer0 = await drawerBalance(s, counter);
    const store0 = await storeMoney(s);
    onFirstAttempt(() => s.handle.db.updateTable('customer').set({ updated_at: isoNow() }).where('id', '=', c.id).execute());
    const r = await purchase(counter, c.id, 25);
    expect(r).toMatchObject({ status: Status.OK, entries: 25, balance: (drawer0 + 25_00) / 100 });
    expect(attempts).toEqual([1, 2]);
    expect(await ledgerRows(c.id)).toBe(1);
    expect(await storeMoney(s)).toEqual({ ...store0, credit: store0.credit - 25_00 });
  });

  it('the key used in between: the retry refuses 12 and nothing is applied', async () => {
    beforeEachAttempts();
    const c = await newCustomer(s, counter);
    const key = await s.key();
    onFirstAttempt(() => s.handle.db.updateTable('one_time_key').set({ used_at: isoNow() }).where('key', '=', key).execute());
    expect((await purchase(counter, c.id, 5, key)).status).toBe(Status.KEY_ERROR);
    expect(attempts).toEqual([1, 2]);
    expect(await ledgerRows(c.id)).toBe(0);
  });

  it('the shift closed in between: the retry refuses 10', async () => {
    beforeEachAttempts();
    const mine = await openCounter(s, 100);
    const c = await newCustomer(s, counter);
    onFirstAttempt(() => setOpenShift(mine, { ended_at: isoNow() }));
    expect((await purchase(mine, c.id, 5)).status).toBe(Status.SHIFT_ERROR);
    expect(attempts).toEqual([1, 2]);
    expect(await ledgerRows(c.id)).toBe(0);
  });

  it('the drawer emptied in between: the retry refuses 38 (never below zero)', async () => {
    beforeEachAttempts();
    const mine = await openCounter(s, 50);
    const c = await newCustomer(s, counter);
    expect((await purchase(mine, c.id, 30)).status).toBe(Status.OK);
    attempts = [];
    // A bleed of almost everything commits between the revert's read and its apply.
    onFirstAttempt(() => setOpenShift(mine, { balance_cents: 10_00 }));
    const r = await s.call('/customer/revert', { ...mine, id: c.id, amount: 20, key: await s.key() });
    expect(r.status).toBe(Status.DRAWER_BALANCE_ERROR);
    expect(attempts).toEqual([1, 2]);
    await setOpenShift(mine, { balance_cents: 80_00 }); // back to what its ledger says
  });

  it('a call that keeps losing races locks its rows for the read, then goes through', async () => {
    beforeEachAttempts();
    const c = await newCustomer(s, counter);
    onFirstAttempt(() => s.handle.db.updateTable('customer').set({ updated_at: isoNow() }).where('id', '=', c.id).execute(), 3);
    const r = await purchase(counter, c.id, 7);
    expect(r).toMatchObject({ status: Status.OK, entries: 7 });
    expect(attempts).toEqual([1, 2, 3, 4]);
    expect(await ledgerRows(c.id)).toBe(1);
  });

  it('many concurrent purchases for one customer from four drawers never pass the hourly limit, nor lose one', async () => {
    const counters = [counter, other, await openCounter(s, 1000), await openCounter(s, 1000)];
    const c = await newCustomer(s, counter);
    await s.handle.db.updateTable('store').set({ limit_hourly_cents: 25_00 }).where('id', '=', DEMO_KIOSK).execute();
    const keys = await Promise.all(Array.from({ length: 60 }, () => s.key()));
    const replies = await Promise.all(keys.map((k, i) => purchase(counters[i % 4]!, c.id, 1, k)));
    expect(replies.filter((r) => r.status === 0)).toHaveLength(25);
    expect(replies.filter((r) => r.status !== 0).every((r) => r.status === 35 && r.reason === 'purchase_limit')).toBe(true);
    expect(await balances(s, c.id)).toEqual({ entries: 25_00, winnings: 0 });
    expect(await ledgerRows(c.id)).toBe(25);
  });
});

describe('a terminal round on postgres: the customer row changed after the read', () => {
  const s = useTestServer('postgres', { verifyEach: true });
  let counter: Session & { drawer: number };
  let boss: Session;
  let seq = 0;
  const round = (over: Record<string, unknown> = {}) => ({
    type: 'round',
    seq: ++seq,
    round_no: `R${seq}`,
    serial_no: `S-${seq}`,
    game_name: 'Ocean King',
    begin_credits: 1000,
    end_credits: 990,
    jp_bet: 0,
    game_bet: 10,
    extra_bet: 0,
    buy_bonus_cost: 0,
    win: 4,
    ...over,
  });
  /** A customer with 10.00 of entries, seated at a machine of their own. */
  async function seatedPlayer() {
    const c = await newCustomer(s, counter);
    expect((await s.call('/customer/purchase', { ...counter, id: c.id, amount: 10, key: await s.key() })).status).toBe(Status.OK);
    const m = await enrolTerminal(s, boss);
    seq = 0;
    expect(await m.socket.command({ type: 'login', seq: ++seq, mobile_id: c.mobile_id, pin: c.pin })).toMatchObject({ ok: true });
    return { c, socket: m.socket };
  }
  const rounds = async (customerId: number) =>
    Number((await s.handle.db.selectFrom('round').select((e) => e.fn.countAll().as('n')).where('customer_id', '=', customerId).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    boss = await bossSession(s);
    counter = await openCounter(s, 1000);
  });
  afterEach(() => {
    moneyTestHooks.afterRead = undefined;
  });

  it('a counter purchase for the seated customer commits in between: the round applies once, on the new balances', async () => {
    const { c, socket } = await seatedPlayer();
    // Playing customers are refused at the counter, so the "purchase" is a ledger-true change made directly.
    moneyTestHooks.afterRead = async () => {
      moneyTestHooks.afterRead = undefined;
      await s.handle.db.updateTable('customer').set({ updated_at: isoNow() }).where('id', '=', c.id).execute();
    };
    const first = round();
    const ack = await socket.command(first);
    expect(ack).toMatchObject({ ok: true, entries_cents: 990, winnings_cents: 4 });
    expect(await balances(s, c.id)).toEqual({ entries: 990, winnings: 4 });
    expect(await rounds(c.id)).toBe(1);
    // The resend answers the stored ack and changes nothing.
    expect(await socket.command(first)).toMatchObject({ ok: true, duplicate: true, entries_cents: 990 });
    expect(await rounds(c.id)).toBe(1);
  });

  it('a kick in between: the round is refused (not_playing) and changes nothing', async () => {
    const { c, socket } = await seatedPlayer();
    moneyTestHooks.afterRead = async () => {
      moneyTestHooks.afterRead = undefined;
      expect((await s.call('/customer/kick', { ...counter, id: c.id })).status).toBe(Status.OK);
    };
    expect(await socket.command(round())).toMatchObject({ ok: false, reason: 'not_playing' });
    expect(await balances(s, c.id)).toEqual({ entries: 10_00, winnings: 0 });
    expect(await rounds(c.id)).toBe(0);
  });
});
