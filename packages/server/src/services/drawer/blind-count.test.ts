import { SaType, Status } from '@moneybox/contract';
import { expect, it } from 'vitest';
import { DEMO_KIOSK } from '../../cli/seed/seed.js';
import type { Actor } from '../../domain/actor.js';
import { giveWinnings, newCustomer, openCounter } from '../../testing/customer-kit.js';
import { setBlindCount } from '../../testing/drawer-kit.js';
import { describeOnDatabases, type Reply, type Session, type TestServer } from '../../testing/server.js';
import { moveMoney } from '../customer/movement.service.js';
import { EXPECTED_BALANCE_REPLIES } from '../../domain/expected-balance.js';

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
  await call('init', '/drawer/init', { amount: 300, key: await s.key() });
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
}

describeOnDatabases('blind count: the expected drawer balance', (s) => {
  it('is left out of every reply a cashier gets before the count, and shown on the report after it', async () => {
    await setBlindCount(s, true);
    const { session, replies, paths } = await shiftReplies(s, SaType.CASHIER);
    // Every reply the docs list as changed by blind count (docs/PERMISSIONS.md) is among those checked here.
    const changed = EXPECTED_BALANCE_REPLIES.filter(([, what]) => !what.startsWith('unchanged')).map(([path]) => path);
    expect(changed.filter((p) => !paths.has(p))).toEqual([]);
    for (const [name, r] of Object.entries(replies)) expect(r, name).not.toHaveProperty('balance');
    // The rest of each reply is still there: the cashier sees their own movements.
    expect(replies.fills).toMatchObject({ fills: 50, bleeds: 0 });
    expect(replies.purchase).toMatchObject({ amount: 30, entries: 30 });
    expect(replies.info).toMatchObject({ initial_amount: 300, fills: 50, bleeds: 20, purchases: 25, redeems: 40, blind_count: true });
    const moneybox = replies.info!.moneybox as number;
    expect(openRow(replies.shiftLog!, moneybox)).not.toHaveProperty('balance');
    // The total sums the balances shown: the open shift's is not in it.
    expect((replies.shiftLog!.totals as Record<string, number>).balance).toBe(0);

    // The close is the count: its report shows the expected balance beside it, and so does every later read.
    const closed = await s.call('/drawer/shift', { ...session, counted: 310 });
    expect(closed).toMatchObject({ status: Status.OK, balance: EXPECTED, counted: 310, over_short: -5 });
    const later = session;
    expect(await s.call('/drawer/shiftReport', { ...later, shift_id: closed.shift_id })).toMatchObject({ status: Status.OK, balance: EXPECTED });
    const log = await s.call('/drawer/shiftLog', later);
    const row = (log.list as Array<Record<string, unknown>>).find((r) => r.shift_id === closed.shift_id)!;
    expect(row).toMatchObject({ open: false, balance: EXPECTED, over_short: -5 });
    expect((log.totals as Record<string, number>).balance).toBe(EXPECTED);
  });

  it('is in every reply a boss gets, blind count or not', async () => {
    await setBlindCount(s, true);
    const { session, replies } = await shiftReplies(s, SaType.BOSS);
    expectBalancesShown(replies);
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
