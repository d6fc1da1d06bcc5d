import { SaType } from '@moneybox/contract';
import { isoNow } from '../clock.js';
import { DEMO_KIOSK } from '../cli/seed/seed.js';
import { post } from '../money/ledger.js';
import { MOVEMENTS } from '../money/movements.js';
import { createAccount } from '../services/operator/operator.service.js';
import type { Reply, TestServer } from './server.js';
import { SEED } from '../services/audit/audit.js';

/** Helpers for the drawer tests: real accounts, real calls, real ledger. */
export interface Counter {
  UID: number;
  TOKEN: string;
  shift_id: number;
  moneybox: number;
}

let seq = 0;

/** A new cashier account of the demo store (each test its own, so shifts never collide). */
export async function newCashier(s: TestServer, saType: number = SaType.CASHIER) {
  const username = `drw${process.pid % 1000}x${++seq}`.padEnd(6, '0');
  const password = 'pass1234';
  await createAccount({ handle: s.handle }, SEED, { storeId: DEMO_KIOSK, username: username, password: password, saType: saType });
  return { username, password };
}

/** posLogin + chooseDrawer; returns the session with its shift id. */
export async function takeDrawer(s: TestServer, moneybox: number, who: { username: string; password: string }): Promise<Counter> {
  const login = await s.login(who);
  const r = await s.call('/user/chooseDrawer', { UID: login.UID, TOKEN: login.TOKEN, moneybox });
  if (r.status !== 0) throw new Error(`chooseDrawer failed: ${JSON.stringify(r)}`);
  return { UID: login.UID, TOKEN: login.TOKEN, shift_id: r.shift_id as number, moneybox };
}

/** A fresh cashier on `moneybox` with its initial amount set. */
export async function openCounter(s: TestServer, moneybox: number, initial = 200): Promise<Counter> {
  const c = await takeDrawer(s, moneybox, await newCashier(s));
  const r = await s.call('/drawer/init', { UID: c.UID, TOKEN: c.TOKEN, amount: initial, key: await s.key() });
  if (r.status !== 0) throw new Error(`init failed: ${JSON.stringify(r)}`);
  return c;
}

export async function cash(s: TestServer, kind: 'fills' | 'bleeds', c: Counter, amount: number | string, extra: Record<string, unknown> = {}): Promise<Reply> {
  return s.call(`/drawer/${kind}`, {
    UID: c.UID,
    TOKEN: c.TOKEN,
    shift_id: c.shift_id,
    amount,
    key: await s.key(),
    reason: `${kind} for the test`,
    ...extra,
  });
}

/** The id of the demo store's drawer with this number, as the public list shows it. */
export async function drawerId(s: TestServer, moneybox: number): Promise<number> {
  const list = (await s.call('/drawer/list', { kioskID: DEMO_KIOSK })).list as Array<{ id: number; number: number }>;
  return list.find((d) => d.number === moneybox)!.id;
}

export function info(s: TestServer, c: { UID: number; TOKEN: string }, extra: Record<string, unknown> = {}) {
  return s.call('/drawer/info', { UID: c.UID, TOKEN: c.TOKEN, ...extra });
}

/**
 * A purchase or redeem at the counter, posted through the ledger with the money core's own
 * definition of the movement (the customer calls live in another group; this keeps the drawer
 * tests independent of them).
 */
export async function counterSale(s: TestServer, c: Counter, kind: 'purchase' | 'redeem', cents: number, customerId: number) {
  const shift = await s.handle.db.selectFrom('shift').select(['drawer_id', 'account_id']).where('id', '=', c.shift_id).executeTakeFirstOrThrow();
  await s.handle.db.transaction().execute((tx) =>
    post(tx, {
      storeId: DEMO_KIOSK,
      kind,
      amount: cents,
      accountId: shift.account_id,
      drawerId: shift.drawer_id,
      shiftId: c.shift_id,
      customerId,
      ...MOVEMENTS[kind].effects(cents),
      at: isoNow(),
    }),
  );
}

/** The shift's numbers summed straight from the ledger rows, in cents. */
export async function ledgerSums(s: TestServer, shiftId: number) {
  const rows = await s.handle.db.selectFrom('ledger').select(['kind', 'amount_cents', 'd_drawer_cents']).where('shift_id', '=', shiftId).execute();
  const sum = (k: string) => rows.filter((r) => r.kind === k).reduce((a, r) => a + Number(r.amount_cents), 0);
  return {
    initial: sum('init'),
    fills: sum('fill'),
    bleeds: sum('bleed'),
    purchases: sum('purchase') - sum('revert'),
    redeems: sum('redeem'),
    balance: rows.reduce((a, r) => a + Number(r.d_drawer_cents), 0),
  };
}

export async function customerIds(s: TestServer): Promise<number[]> {
  const rows = await s.handle.db.selectFrom('customer').select('id').where('store_id', '=', DEMO_KIOSK).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/**
 * The demo store's blind count setting (on by default). Under blind count a cashier's replies carry no
 * expected drawer balance (domain/expected-balance.ts): tests of the balance arithmetic turn it off.
 */
export async function setBlindCount(s: TestServer, on: boolean, storeId = DEMO_KIOSK) {
  await s.handle.db.updateTable('store').set({ blind_count: on ? 1 : 0 }).where('id', '=', storeId).execute();
}
