import { SaType, Status } from '@moneybox/contract';
import { expect, it } from 'vitest';
import { DEMO_KIOSK } from '../../cli/seed/seed.js';
import type { Actor } from '../../domain/actor.js';
import { giveWinnings, newCustomer, openCounter } from '../../testing/customer-kit.js';
import { setBlindCount } from '../../testing/drawer-kit.js';
import { describeOnDatabases, type Reply, type Session, type TestServer } from '../../testing/server.js';
import { moveMoney } from '../customer/movement.service.js';
import { EXPECTED_BALANCE_REPLIES, EXPECTED_CASH_FIGURES } from '../../domain/expected-balance.js';

/**
 * Blind count (issue 20): while the store asks for it, a cashier's replies carry no expected drawer
 * balance, in any call a cashier may make before the count; a boss's do; with it off, the cashier's do.
 * After the close the report shows it (the close is the count).
 */

/** Every call a counter makes that could carry the drawer's expected balance, in the order of a shift. */
async function shiftReplies(s: TestServer, saType: number): Promise<{ session: Session; replies: Record<string, Reply>; paths: Set<string> }> {
  const session = await openCounter(s, null, { saType });
  const replies: Record<string, Reply> = {};
  const paths = new Set<string>();
  const call = async (name: string, path: string, body: Record<string, unknown> = {}) => {
    const r = await s.call(path, { ...session, ...body });
    expect(r.status, `${name}: ${JSON.stringify(r)}`).toBe(0);
    replies[name] = r;
    paths.add(path);
    return r;
  };
  await call('init', '/drawer/init', { amount: 300, count_detail: { '100': 3 }, key: await s.key() });
  const shiftId = (await s.call('/drawer/info', session)).shift_id as number;
  await call('fills', '/drawer/fills', { shift_id: shiftId, amount: 50, key: await s.key(), reason: 'change' });
  await call('bleeds', '/drawer/bleeds', { shift_id: shiftId, amount: 20, key: await s.key(), reason: 'drop' });
  const customer = await newCustomer(s, session);
  await giveWinnings(s, customer.id, 40_00);
  await call('purchase', '/customer/purchase', { id: customer.id, amount: 30, key: await s.key() });
  await call('revert', '/customer/revert', { id: customer.id, amount: 5, key: await s.key() });
  await call('redeem', '/customer/redeem', { id: customer.id, amount: 40, key: await s.key() });
  await call('comps', '/customer/comps', { id: customer.id, amount: 10, key: await s.key() });
  await call('info', '/drawer/info');
  await call('shiftLog', '/drawer/shiftLog');
  await call('xReport', '/drawer/xReport');
  await call('movements', '/drawer/movements');
  await call('transaction', '/drawer/transaction');
  await call('recentShifts', '/drawer/recentShifts');
  await call('history', '/customer/history', { id: customer.id });
  return { session, replies, paths };
}

/** 300 + 50 - 20 + (30 - 5) - 40: what the drawer should hold at the end of shiftReplies. */
const EXPECTED = 315;

function openRow(shiftLog: Reply, moneybox: number) {
  return (shiftLog.list as Array<Record<string, unknown>>).find((r) => r.open === true && r.moneybox === moneybox)!;
}

/** Each reply of shiftReplies carries the drawer's balance after its movement. */
function expectBalancesShown(replies: Record<string, Reply>) {
  const after = { init: 300, fills: 350, bleeds: 330, purchase: 360, revert: 355, redeem: 315, comps: 315, info: EXPECTED, xReport: EXPECTED };
  for (const [name, balance] of Object.entries(after)) expect(replies[name], name).toMatchObject({ balance });
  expect(openRow(replies.shiftLog!, replies.info!.moneybox as number)).toMatchObject({ balance: EXPECTED });
  // And its terms: the Drawer page's totals, the X report's, the movement list's and the report's amounts.
  const terms = { initial_amount: 300, fills: 50, bleeds: 20, purchases: 25, redeems: 40 };
  expect(replies.info).toMatchObject(terms);
  expect(replies.xReport).toMatchObject(terms);
  expect(replies.init).toMatchObject({ initial_amount: 300 });
  expect(replies.bleeds).toMatchObject({ fills: 50, bleeds: 20 });
  expect((replies.movements!.list as Array<Record<string, unknown>>).map((m) => m.drawer)).toContain(300);
  expect((replies.transaction!.list as Array<Record<string, unknown>>).map((m) => m.drawer_change)).toContain(300);
}

/** Every number anywhere in a reply (nested lists and objects included). */
function numbersIn(v: unknown): number[] {
  if (typeof v === 'number') return [v];
  if (Array.isArray(v)) return v.flatMap(numbersIn);
  if (v && typeof v === 'object') return Object.values(v).flatMap(numbersIn);
  return [];
}

/**
 * A cashier's replies under blind count: no figure the expected cash follows from. No key of the rule's list
 * on any drawer reply, no amount on the open shift's movements and transaction rows, and no number anywhere
 * that is the expected cash, the initial amount, or a running total (fills 50 → 50, 50 + 20 bleeds' total...).
 */
function expectNoExpectedCash(replies: Record<string, Reply>) {
  const drawerReplies = ['init', 'fills', 'bleeds', 'info', 'xReport', 'purchase', 'revert', 'redeem', 'comps'];
  for (const name of drawerReplies) for (const k of EXPECTED_CASH_FIGURES) expect(replies[name], `${name}.${k}`).not.toHaveProperty(k);
  for (const m of replies.movements!.list as Array<Record<string, unknown>>) {
    expect(m, `movement ${m.kind}`).not.toHaveProperty('amount');
    expect(m, `movement ${m.kind}`).not.toHaveProperty('drawer');
  }
  for (const r of replies.transaction!.list as Array<Record<string, unknown>>) {
    expect(r, `transaction ${String(r.fun_name)}`).not.toHaveProperty('amount');
    expect(r, `transaction ${String(r.fun_name)}`).not.toHaveProperty('drawer_change');
  }
  // Nor the initial amount's count by denomination (its ledger row's note).
  expect(JSON.stringify([replies.movements, replies.transaction, replies.xReport])).not.toContain('×');
  const row = openRow(replies.shiftLog!, replies.info!.moneybox as number);
  for (const k of EXPECTED_CASH_FIGURES) expect(row, `shiftLog row ${k}`).not.toHaveProperty(k);
  // The open shift is this cashier's only one: the totals row has no total over its hidden figures (not a 0
  // that passes for one), nor over its count (none yet).
  expect(replies.shiftLog!.totals).toEqual({ shifts: 1 });
  const leaks = [EXPECTED, 300, 330, 350, 355, 360];
  for (const [name, r] of Object.entries(replies)) {
    if (name === 'history') continue; // the customer's own money (entries, winnings), not the drawer's
    expect(numbersIn(r).filter((n) => leaks.includes(n)), name).toEqual([]);
  }
}

describeOnDatabases('blind count: the expected drawer balance', (s) => {
  it('is left out of every reply a cashier gets before the count, and shown on the report after it', async () => {
    await setBlindCount(s, true);
    const { session, replies, paths } = await shiftReplies(s, SaType.CASHIER);
    // Every reply the docs list as changed by blind count (docs/PERMISSIONS.md) is among those checked here.
    const changed = EXPECTED_BALANCE_REPLIES.filter(([, what]) => !what.startsWith('unchanged')).map(([path]) => path);
    expect(changed.filter((p) => !paths.has(p))).toEqual([]);
    for (const [name, r] of Object.entries(replies)) expect(r, name).not.toHaveProperty('balance');
    // Nor any of its terms: the expected cash is not one sum away either.
    expectNoExpectedCash(replies);
    // What the cashier needs is still there: the receipt's amount, the customer's balances, the movements' kinds.
    expect(replies.fills).toMatchObject({ amount: 50 });
    expect(replies.purchase).toMatchObject({ amount: 30, entries: 30 });
    expect(replies.info).toMatchObject({ initAmount: true, blind_count: true });
    expect((replies.movements!.list as Array<Record<string, unknown>>).map((m) => m.kind)).toContain('init');

    // The close is the count: its report shows the expected balance beside it, and so does every later read.
    const closed = await s.call('/drawer/shift', { ...session, counted: 310 });
    expect(closed).toMatchObject({ status: Status.OK, balance: EXPECTED, initial_amount: 300, counted: 310, over_short: -5 });
    const shown = await s.call('/drawer/movements', { ...session, shift_id: closed.shift_id });
    expect((shown.list as Array<Record<string, unknown>>).map((m) => m.drawer)).toContain(300);
    const later = session;
    expect(await s.call('/drawer/shiftReport', { ...later, shift_id: closed.shift_id })).toMatchObject({ status: Status.OK, balance: EXPECTED });
    const log = await s.call('/drawer/shiftLog', later);
    const row = (log.list as Array<Record<string, unknown>>).find((r) => r.shift_id === closed.shift_id)!;
    expect(row).toMatchObject({ open: false, balance: EXPECTED, over_short: -5 });
    expect(log.totals).toEqual({ shifts: 1, initial_amount: 300, fills: 50, bleeds: 20, purchases: 25, redeems: 40, comps: 10, special_comps: 10, balance: EXPECTED, counted: 310, over_short: -5 });

    // A closed shift and an open one: a total over both would give the open one's figures away (the total
    // minus the closed one's), a total over the closed one would pass for both; so none, and no count's.
    const chosen = await s.call('/user/chooseDrawer', { ...later, moneybox: row.moneybox });
    expect(chosen.status, JSON.stringify(chosen)).toBe(Status.OK);
    expect(await s.call('/drawer/init', { ...later, amount: 310, key: await s.key() })).toMatchObject({ status: Status.OK });
    const both = await s.call('/drawer/shiftLog', later);
    expect(both.list).toHaveLength(2);
    expect(both.totals).toEqual({ shifts: 2 });
    await s.call('/drawer/shift', { ...later, counted: 310 });
  });

  it('is in every reply a boss gets, blind count or not', async () => {
    await setBlindCount(s, true);
    const { session, replies } = await shiftReplies(s, SaType.BOSS);
    expectBalancesShown(replies);
    expect(openRow(replies.shiftLog!, replies.info!.moneybox as number)).toMatchObject({ initial_amount: 300, fills: 50 });
    // The boss sees every figure, so every one is totalled; but an open shift has no count yet: no total of counts.
    expect(replies.shiftLog!.totals).toHaveProperty('balance');
    expect(replies.shiftLog!.totals).not.toHaveProperty('counted');
    expect(replies.shiftLog!.totals).not.toHaveProperty('over_short');
    await s.call('/drawer/shift', session);
  });

  it("is in a cashier's replies when the store does not ask for a blind count", async () => {
    await setBlindCount(s, false);
    try {
      const { session, replies } = await shiftReplies(s, SaType.CASHIER);
      expectBalancesShown(replies);
      expect(replies.info).toMatchObject({ blind_count: false });
      await s.call('/drawer/shift', session);
    } finally {
      await setBlindCount(s, true);
    }
  });

  it('refuses a payout the drawer cannot cover by sending the cashier to the boss, naming no figure', async () => {
    await setBlindCount(s, true);
    for (const saType of [SaType.CASHIER, SaType.BOSS]) {
      const session = await openCounter(s, 100, { saType });
      const customer = await newCustomer(s, session);
      await giveWinnings(s, customer.id, 500_00);
      const redeem = await s.call('/customer/redeem', { ...session, id: customer.id, amount: 400, key: await s.key() });
      const shiftId = (await s.call('/drawer/info', session)).shift_id as number;
      const bleed = await s.call('/drawer/bleeds', { ...session, shift_id: shiftId, amount: 150, key: await s.key(), reason: 'drop' });
      for (const r of [redeem, bleed]) {
        expect(r.status).toBe(Status.DRAWER_BALANCE_ERROR);
        if (saType === SaType.CASHIER) {
          expect(r).toMatchObject({ call_boss: true });
          expect(String(r.error)).toMatch(/call the boss/);
          expect(String(r.error)).not.toMatch(/balance/i);
          expect(numbersIn(r)).toEqual([Status.DRAWER_BALANCE_ERROR]);
        } else {
          expect(r).not.toHaveProperty('call_boss');
        }
      }
      await s.call('/drawer/shift', session);
    }
  });

  it('follows the same rule when the money core is called with an actor (not the session fast path)', async () => {
    await setBlindCount(s, true);
    const session = await openCounter(s, 100);
    const customer = await newCustomer(s, session);
    const me = await s.call('/drawer/info', session);
    const actor = (role: Actor['role']): Actor => ({ sessionId: 0, accountId: session.UID, storeId: DEMO_KIOSK, username: me.account as string, role, mode: 'pos' });
    const deps = { handle: s.handle, settings: s.settings };
    // The core reads the account's type itself: a cashier's actor gets no balance.
    expect(await moveMoney(deps, actor('cashier'), { kind: 'purchase', id: customer.id, amount: 200 as never, key: await s.key(), UID: 0, TOKEN: '' })).not.toHaveProperty('balance');
    await setBlindCount(s, false);
    try {
      expect(await moveMoney(deps, actor('cashier'), { kind: 'purchase', id: customer.id, amount: 100 as never, key: await s.key(), UID: 0, TOKEN: '' })).toMatchObject({ balance: 103 });
    } finally {
      await setBlindCount(s, true);
      await s.call('/drawer/shift', session);
    }
  });
});
