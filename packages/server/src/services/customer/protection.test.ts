import { RefusalReason, SaType, Status, type TerminalRefusal } from '@moneybox/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { moneyTestHooks } from '../../money/apply-movement.js';
import { PERMANENT_UNTIL, protectionEnd } from '../../money/protection.js';
import { balances, giveWinnings, newCustomer, openCounter } from '../../testing/customer-kit.js';
import { describeOnDatabases, useTestServer, type Session, type TestServer } from '../../testing/server.js';
import { bossSession, enrolTerminal, everyChannel } from '../../testing/terminal-kit.js';

type Terminal = Awaited<ReturnType<typeof enrolTerminal>>;
type Customer = Awaited<ReturnType<typeof newCustomer>>;

const DAY = 86_400_000;

describe('protection periods (money/protection.ts)', () => {
  it('ends an exclusion after calendar months (the month end when shorter), a cool-off after whole days, a permanent one never', () => {
    expect(protectionEnd({ kind: 'exclusion', period: '6m' }, '2026-08-31T10:00:00.000Z')).toBe('2027-02-28T10:00:00.000Z');
    expect(protectionEnd({ kind: 'exclusion', period: '1y' }, '2026-11-25T20:00:00.000Z')).toBe('2027-11-25T20:00:00.000Z');
    expect(protectionEnd({ kind: 'exclusion', period: '5y' }, '2028-02-29T00:00:00.000Z')).toBe('2033-02-28T00:00:00.000Z');
    expect(protectionEnd({ kind: 'exclusion', period: 'permanent' }, '2026-11-25T20:00:00.000Z')).toBe(PERMANENT_UNTIL);
    expect(protectionEnd({ kind: 'cool_off', days: 1 }, '2026-11-25T20:00:00.000Z')).toBe('2026-11-26T20:00:00.000Z');
    expect(protectionEnd({ kind: 'cool_off', days: 42 }, '2026-11-25T20:00:00.000Z')).toBe('2027-01-06T20:00:00.000Z');
  });
});

/**
 * Player protection on every channel (issue 24): while a self-exclusion or cool-off runs, the
 * counter's purchase and special comps, a reload kiosk's, reloader's and online purchase and a
 * machine login are refused; redeem and revert stay allowed; nothing lifts or shortens it.
 */
describeOnDatabases(
  'player protection',
  (s) => {
    let boss: Session & { drawer: number };
    let counter: Session & { drawer: number };
    let channels: Awaited<ReturnType<typeof everyChannel>>;
    let kiosk: Terminal;
    let reloader: Terminal;
    let online: Terminal;
    let game: Terminal;
    const next = (t: Terminal) => channels.next(t);

    beforeAll(async () => {
      boss = await openCounter(s, 1000, { saType: SaType.BOSS });
      counter = await openCounter(s, 1000);
      channels = await everyChannel(s);
      ({ kiosk, reloader, online, game } = channels);
    });
    afterAll(async () => {
      await channels?.close();
    });

    const money = async (path: '/customer/purchase' | '/customer/redeem' | '/customer/comps' | '/customer/revert', id: number, amount: number) =>
      s.call(path, { ...counter, id, amount, key: await s.key() });
    const ledgerRows = async (id: number) =>
      Number((await s.handle.db.selectFrom('ledger').select((eb) => eb.fn.countAll<number>().as('n')).where('customer_id', '=', id).executeTakeFirstOrThrow()).n);
    const protect = (who: Session, id: number, p: Record<string, unknown>) => s.call('/customer/protect', { ...who, id, ...p });
    const terminalRefuses = async (t: Terminal, cmd: Record<string, unknown>, reason: TerminalRefusal, extra: Record<string, unknown> = {}) =>
      expect(await t.socket.command({ ...cmd, seq: next(t) } as { type: string; seq: number })).toMatchObject({ ok: false, reason, ...extra });

    it('an exclusion refuses purchase and special comps on every channel and a machine login, and allows redeem and revert', async () => {
      const c = await newCustomer(s, counter);
      expect((await money('/customer/purchase', c.id, 20)).status).toBe(Status.OK);
      await giveWinnings(s, c.id, 30_00);

      const set = await protect(counter, c.id, { kind: 'exclusion', period: '1y' });
      expect(set).toMatchObject({ status: Status.OK, id: c.id, protection: { kind: 'exclusion' }, customer: { id: c.id, protection: { kind: 'exclusion' } } });
      const until = (set.protection as { until: string }).until;
      expect(Date.parse(until) - Date.now()).toBeGreaterThan(364 * DAY);
      const refusal = { status: Status.CUSTOMER_ERROR, reason: RefusalReason.PROTECTED, protection: 'exclusion', until };

      const rows = await ledgerRows(c.id);
      expect(await money('/customer/purchase', c.id, 5)).toMatchObject(refusal);
      expect(await money('/customer/comps', c.id, 5)).toMatchObject(refusal);
      for (const t of [kiosk, reloader, online]) await terminalRefuses(t, { type: 'purchase', mobile_id: c.mobile_id, amount_cents: 5_00 }, 'excluded', { protection: 'exclusion', until });
      await terminalRefuses(game, { type: 'login', mobile_id: c.mobile_id, pin: c.pin }, 'excluded', { protection: 'exclusion', until });
      expect(await ledgerRows(c.id)).toBe(rows);
      expect(await balances(s, c.id)).toEqual({ entries: 20_00, winnings: 30_00 });

      // What is left is paid out: redeem at the counter and at the kiosk, a revert of this shift's purchase.
      expect(await money('/customer/redeem', c.id, 10)).toMatchObject({ status: Status.OK, winnings: 20 });
      expect(await kiosk.socket.command({ type: 'redeem', seq: next(kiosk), mobile_id: c.mobile_id, pin: c.pin, amount_cents: 20_00 })).toMatchObject({ ok: true, winnings_cents: 0 });
      expect(await money('/customer/revert', c.id, 20)).toMatchObject({ status: Status.OK, entries: 0 });

      // The card shows it; the search too.
      const info = await s.call('/customer/info', { ...counter, type: 'id', rule: String(c.id) });
      expect(info).toMatchObject({ status: Status.OK, customer: { protection: { kind: 'exclusion', until } } });
    });

    it('a customer playing is logged out when excluded; a cool-off ends and money moves again', async () => {
      const c = await newCustomer(s, counter);
      expect((await money('/customer/purchase', c.id, 10)).status).toBe(Status.OK);
      const m = await enrolTerminal(s, await bossSession(s));
      expect(await m.socket.command({ type: 'login', seq: 1, mobile_id: c.mobile_id, pin: c.pin })).toMatchObject({ ok: true });
      const kicked = m.socket.next((msg) => msg.type === 'kicked', 5000);
      const set = await protect(counter, c.id, { kind: 'cool_off', days: 1 });
      expect(set).toMatchObject({ status: Status.OK, protection: { kind: 'cool_off' }, customer: { playing: false } });
      expect(Date.parse((set.protection as { until: string }).until) - Date.parse((set.protection as { since: string }).since)).toBe(DAY);
      expect(await kicked).toEqual({ type: 'kicked', customer_id: c.id });
      expect(await m.socket.command({ type: 'round', seq: 2, round_no: 'r1', serial_no: 's1', game_name: 'g', begin_credits: 10, end_credits: 9, jp_bet: 0, game_bet: 1, extra_bet: 0, buy_bonus_cost: 0, win: 0 })).toMatchObject({
        ok: false,
        reason: 'not_playing',
      });
      expect(await m.socket.command({ type: 'login', seq: 3, mobile_id: c.mobile_id, pin: c.pin })).toMatchObject({ ok: false, reason: 'excluded', protection: 'cool_off' });

      // The day has passed (the row's end moved back, as the clock would): purchases and play again.
      await s.handle.db.updateTable('customer').set({ protect_until: new Date(Date.now() - 1000).toISOString() }).where('id', '=', c.id).execute();
      expect((await money('/customer/purchase', c.id, 5)).status).toBe(Status.OK);
      expect(await m.socket.command({ type: 'login', seq: 4, mobile_id: c.mobile_id, pin: c.pin })).toMatchObject({ ok: true });
      const info = await s.call('/customer/info', { ...counter, type: 'id', rule: String(c.id) });
      expect(info).toMatchObject({ customer: { protection: null } });
      await m.socket.close();
    });

    it('no call and no role lifts or shortens a running protection; a longer one replaces it', async () => {
      const c = await newCustomer(s, counter);
      const first = await protect(counter, c.id, { kind: 'exclusion', period: '6m' });
      expect(first.status).toBe(Status.OK);
      const until = (first.protection as { until: string }).until;
      const stillRunning = { status: Status.CUSTOMER_ERROR, reason: RefusalReason.PROTECTED, protection: 'exclusion', until };
      for (const who of [counter, boss]) {
        expect(await protect(who, c.id, { kind: 'cool_off', days: 42 })).toMatchObject(stillRunning);
        expect(await protect(who, c.id, { kind: 'cool_off', days: 1 })).toMatchObject(stillRunning);
      }
      // Unblocking, editing, a PIN reset and a kick leave it as it is.
      expect((await s.call('/customer/block', { ...boss, id: c.id, block: true })).status).toBe(Status.OK);
      expect((await s.call('/customer/block', { ...boss, id: c.id, block: false })).status).toBe(Status.OK);
      expect((await s.call('/customer/update', { ...boss, id: c.id, first_name: 'Renamed' })).status).toBe(Status.OK);
      expect((await s.call('/customer/reset', { ...boss, id: c.id })).status).toBe(Status.OK);
      expect((await s.call('/customer/kick', { ...boss, id: c.id })).status).toBe(Status.OK);
      expect(await money('/customer/purchase', c.id, 5)).toMatchObject(stillRunning);

      // Longer: a year replaces six months; then permanent; nothing replaces permanent.
      expect(await protect(boss, c.id, { kind: 'exclusion', period: '1y' })).toMatchObject({ status: Status.OK, protection: { kind: 'exclusion' } });
      expect(await protect(counter, c.id, { kind: 'exclusion', period: 'permanent' })).toMatchObject({ status: Status.OK, protection: { kind: 'exclusion', until: null } });
      for (const period of ['6m', '1y', '5y', 'permanent']) {
        expect(await protect(boss, c.id, { kind: 'exclusion', period })).toMatchObject({ ...stillRunning, until: null });
      }
      expect(await money('/customer/purchase', c.id, 5)).toMatchObject({ ...stillRunning, until: null });

      // Every change is in the audit trail, with what ran before.
      const audit = await s.handle.db.selectFrom('audit').select(['kind', 'before_json', 'after_json']).where('target_id', '=', c.id).where('kind', '=', 'customer.protect').execute();
      expect(audit.map((a) => JSON.parse(a.after_json ?? '{}').period)).toEqual(['6m', '1y', 'permanent']);
      expect(JSON.parse(audit[0]!.before_json ?? '{}')).toEqual({ protection: null });
      expect(JSON.parse(audit[1]!.before_json ?? '{}')).toMatchObject({ protection: { kind: 'exclusion', until } });
    });

    it('refuses a period outside the catalogue (13); lists the protected customers for the boss only', async () => {
      const c = await newCustomer(s, counter);
      for (const bad of [{ kind: 'cool_off', days: 0 }, { kind: 'cool_off', days: 43 }, { kind: 'exclusion', period: '2y' }, { kind: 'exclusion', days: 3 }, { kind: 'cool_off', period: '6m' }]) {
        expect((await protect(counter, c.id, bad)).status, JSON.stringify(bad)).toBe(Status.INPUT_ERROR);
      }
      expect((await protect(counter, 987_654_321, { kind: 'cool_off', days: 2 })).status).toBe(Status.CUSTOMER_ERROR);
      expect((await protect(counter, c.id, { kind: 'cool_off', days: 2 })).status).toBe(Status.OK);
      const list = await s.call('/customer/protected', { ...boss, limit: 200 });
      expect(list.status).toBe(Status.OK);
      const listed = list.list as Array<{ id: number; protection: { kind: string } }>;
      expect(listed[0]).toMatchObject({ id: c.id, protection: { kind: 'cool_off' } });
      expect(listed.every((x) => x.protection !== null)).toBe(true);
      expect(list.total).toBe(listed.length);
      expect((await s.call('/customer/protected', { ...counter })).status).toBe(Status.PERMISSION_ERROR);
    });
  },
  { verifyEach: true },
);

/**
 * Personal purchase limits (issue 24): below the store's, on every channel; lower at once, a raise
 * only after 24 hours (the pending raise shown); concurrent purchases never pass them.
 */
describeOnDatabases(
  'personal purchase limits',
  (s) => {
    let counter: Session & { drawer: number };
    let other: Session & { drawer: number };
    let kiosk: Terminal;
    let seq = 0;
    beforeAll(async () => {
      counter = await openCounter(s, 1000);
      other = await openCounter(s, 1000);
      kiosk = await enrolTerminal(s, await bossSession(s), 'reload_kiosk');
    });
    afterAll(async () => {
      await kiosk?.socket.close();
    });
    const buy = async (who: Session, id: number, amount: number, key?: string) => s.call('/customer/purchase', { ...who, id, amount, key: key ?? (await s.key()) });
    const limits = (id: number, hourly: number, daily = 0, weekly = 0) => s.call('/customer/limits', { ...counter, id, hourly, daily, weekly });
    /** As the clock 24 hours on would find it: the pending raise's time moved to now. */
    const dayLater = (id: number) => s.handle.db.updateTable('customer').set({ plimit_next_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();

    it('a lower limit holds at once on every channel; a raise only after 24 hours, shown as pending', async () => {
      const c = await newCustomer(s, counter);
      // Without limits of their own, the store's least left (its $500 an hour).
      expect(await s.call('/customer/getDayLimit', { ...counter, id: c.id })).toMatchObject({ purchase_left: 500 });
      const set = await limits(c.id, 50);
      expect(set).toMatchObject({ status: Status.OK, personal: { hourly: { left: 50, total: 50 }, daily: { left: null, total: 0 }, pending: null } });
      // The purchase dialog's left is the purchase check's: the customer's own $50 under the store's $500 an hour.
      expect(await s.call('/customer/getDayLimit', { ...counter, id: c.id })).toMatchObject({ hourly: { left: 500 }, purchase_left: 50 });
      expect(await buy(counter, c.id, 60)).toMatchObject({ status: Status.AMOUNT_ERROR, reason: 'purchase_limit', limit: 'hourly', left: 50, personal: true });
      expect((await buy(counter, c.id, 30)).status).toBe(Status.OK);
      expect(await s.call('/customer/getDayLimit', { ...counter, id: c.id })).toMatchObject({ hourly: { left: 470 }, purchase_left: 20 });
      expect(await kiosk.socket.command({ type: 'purchase', seq: ++seq, mobile_id: c.mobile_id, amount_cents: 30_00 })).toMatchObject({ ok: false, reason: 'limit', limit: 'hourly', left_cents: 20_00, personal: true });
      // The store's own limit still speaks first (the demo store allows 500.00 an hour).
      expect(await buy(counter, c.id, 600)).toMatchObject({ status: Status.AMOUNT_ERROR, limit: 'hourly', left: 470, personal: false });

      // A raise waits 24 hours; the card shows it pending.
      const raised = await limits(c.id, 100);
      expect(raised).toMatchObject({ status: Status.OK, personal: { hourly: { left: 20, total: 50 }, pending: { hourly: 100 } } });
      const pendingAt = Date.parse((raised.personal as { pending: { at: string } }).pending.at);
      expect(Math.abs(pendingAt - (Date.now() + DAY))).toBeLessThan(60_000);
      expect(await buy(counter, c.id, 30)).toMatchObject({ status: Status.AMOUNT_ERROR, left: 20, personal: true });
      expect(await s.call('/customer/getDayLimit', { ...counter, id: c.id })).toMatchObject({ personal: { hourly: { total: 50 }, pending: { hourly: 100 } } });
      await dayLater(c.id);
      expect((await buy(counter, c.id, 30)).status).toBe(Status.OK);
      expect(await s.call('/customer/getDayLimit', { ...counter, id: c.id })).toMatchObject({ personal: { hourly: { left: 40, total: 100 }, pending: null } });

      // Lowering again is at once, also while a raise is pending; a removal (0) waits like a raise.
      expect((await limits(c.id, 200)).personal).toMatchObject({ hourly: { total: 100 }, pending: { hourly: 200 } });
      expect((await limits(c.id, 70)).personal).toMatchObject({ hourly: { left: 10, total: 70 }, pending: null });
      expect((await limits(c.id, 0)).personal).toMatchObject({ hourly: { total: 70 }, pending: { hourly: 0 } });
      expect(await buy(counter, c.id, 20)).toMatchObject({ status: Status.AMOUNT_ERROR, left: 10, personal: true });
      await dayLater(c.id);
      expect((await buy(counter, c.id, 20)).status).toBe(Status.OK);

      const audit = await s.handle.db.selectFrom('audit').select('kind').where('target_id', '=', c.id).where('kind', '=', 'customer.limits').execute();
      expect(audit).toHaveLength(5);
    });

    it('on a fake clock, a raise holds nothing before 24 hours and takes effect after them', async () => {
      const c = await newCustomer(s, counter);
      expect((await limits(c.id, 20)).status).toBe(Status.OK);
      expect((await limits(c.id, 100)).personal).toMatchObject({ hourly: { total: 20 }, pending: { hourly: 100 } });
      const asked = Date.now();
      // The server runs in this process: its clock (new Date()) is the test's.
      vi.useFakeTimers({ toFake: ['Date'], now: asked + DAY - 60_000 });
      try {
        // A counter opened on the fake clock (a session a day old would have expired).
        const later = await openCounter(s, 1000);
        expect(await buy(later, c.id, 50)).toMatchObject({ status: Status.AMOUNT_ERROR, limit: 'hourly', left: 20, personal: true });
        vi.setSystemTime(asked + DAY + 1000);
        expect(await buy(later, c.id, 50)).toMatchObject({ status: Status.OK, entries: 50 });
        expect(await s.call('/customer/getDayLimit', { ...later, id: c.id })).toMatchObject({ personal: { hourly: { left: 50, total: 100 }, pending: null } });
      } finally {
        vi.useRealTimers();
      }
    });

    it('concurrent purchases from two drawers never pass a personal limit', async () => {
      const c = await newCustomer(s, counter);
      expect((await limits(c.id, 0, 200)).status).toBe(Status.OK);
      const keys = await Promise.all(Array.from({ length: 30 }, () => s.key()));
      const replies = await Promise.all(keys.map((k, i) => buy(i % 2 ? other : counter, c.id, 30, k)));
      expect(replies.filter((r) => r.status === 0)).toHaveLength(6); // 6 × 30 = 180 ≤ 200 < 210
      expect(replies.filter((r) => r.status !== 0).every((r) => r.status === Status.AMOUNT_ERROR && r.limit === 'daily' && r.personal === true)).toBe(true);
      expect(await balances(s, c.id)).toEqual({ entries: 180_00, winnings: 0 });
    });
  },
  { verifyEach: true },
);

describeOnDatabases('minimum age per store', (s) => {
  it('refuses a customer younger than the store minimum (13, saying it) at create and update; 21 where set', async () => {
    const counter = await openCounter(s, 1000);
    const today = new Date();
    const yearsAgo = (n: number, dayShift = 0) => new Date(Date.UTC(today.getUTCFullYear() - n, today.getUTCMonth(), today.getUTCDate() + dayShift)).toISOString().slice(0, 10);
    const young = await s.call('/customer/create', { ...counter, first_name: 'Too', last_name: 'Young', birthday: yearsAgo(18, 1) });
    expect(young).toMatchObject({ status: Status.INPUT_ERROR, error: 'the customer must be at least 18 years old', min_age: 18 });
    const c = await newCustomer(s, counter, { birthday: yearsAgo(18) });
    expect(await s.call('/customer/update', { ...counter, id: c.id, birthday: yearsAgo(17) })).toMatchObject({ status: Status.INPUT_ERROR, min_age: 18 });
    await s.handle.db.updateTable('store').set({ min_age: 21 }).execute();
    try {
      expect(await s.call('/customer/update', { ...counter, id: c.id, first_name: 'Still' })).toMatchObject({ status: Status.OK });
      expect(await s.call('/customer/update', { ...counter, id: c.id, birthday: yearsAgo(20) })).toMatchObject({ status: Status.INPUT_ERROR, error: 'the customer must be at least 21 years old' });
      expect((await s.call('/customer/update', { ...counter, id: c.id, birthday: yearsAgo(21) })).status).toBe(Status.OK);
    } finally {
      await s.handle.db.updateTable('store').set({ min_age: 18 }).execute();
    }
  });
});

/** PostgreSQL: an exclusion set between a purchase's read and its apply changes the customer row: the purchase decides again and is refused. */
describe('an exclusion racing a purchase on postgres', () => {
  const s: TestServer = useTestServer('postgres', { verifyEach: true });
  let counter: Session & { drawer: number };
  beforeAll(async () => {
    counter = await openCounter(s, 1000);
  });
  afterEach(() => {
    moneyTestHooks.afterRead = undefined;
  });

  it('is never passed by a purchase read before it', async () => {
    const c: Customer = await newCustomer(s, counter);
    let reads = 0;
    moneyTestHooks.afterRead = async () => {
      if (++reads === 1) expect((await s.call('/customer/protect', { ...counter, id: c.id, kind: 'cool_off', days: 3 })).status).toBe(Status.OK);
    };
    expect(await s.call('/customer/purchase', { ...counter, id: c.id, amount: 5, key: await s.key() })).toMatchObject({ status: Status.CUSTOMER_ERROR, reason: RefusalReason.PROTECTED });
    expect(reads).toBeGreaterThan(1);
    expect(await balances(s, c.id)).toEqual({ entries: 0, winnings: 0 });
  });
});
