// Helpers for the customer tests: real HTTP calls, and the few things no API offers yet
// (machine wins and a customer sitting at a machine come from the terminal protocol).
import { cents, SaType } from '@moneybox/contract';
import { isoNow } from '../clock.js';
import { DEMO_KIOSK } from '../cli/seed/seed.js';
import { post } from '../money/ledger.js';
import { createAccount, createStore } from '../services/operator/operator.service.js';
import { drawerRepository } from '../repositories/drawer.repository.js';
import type { Reply, Session, TestServer } from './server.js';
import { SEED } from '../services/audit/audit.js';

let accounts = 0;

/** A second store beside the demo one (another operator's arcade, say): $10,000 credit, no purchase limits, one drawer. */
export async function anotherStore(s: TestServer, id: number, name: string): Promise<void> {
  await createStore({ handle: s.handle }, SEED, {
    id,
    name,
    timezone: 'America/New_York',
    credit: cents(10_000_00),
    compsBudget: cents(1_000_00),
    maxDrawers: 5,
    maxMachines: 5,
    limitDay: 31,
    limitHourly: cents(0),
    limitDaily: cents(0),
    limitWeekly: cents(0),
    drawers: 1,
  });
}

/** A new cashier (or boss) of the store, so each scenario owns its account and drawer. */
export async function newStaff(s: TestServer, saType: number = SaType.CASHIER, storeId = DEMO_KIOSK) {
  accounts++;
  const username = `staff${storeId}x${accounts}`;
  await createAccount({ handle: s.handle }, SEED, { storeId: storeId, username: username, password: 'pass1234', saType: saType });
  return { username, password: 'pass1234' };
}

/** A drawer number nobody uses yet (adds drawers past the seeded ones). */
export async function newDrawer(s: TestServer, storeId = DEMO_KIOSK): Promise<number> {
  const n = (await drawerRepository.count(s.handle.db, storeId)) + 1;
  await drawerRepository.insert(s.handle.db, storeId, n, isoNow());
  return n;
}

/** Logs a new staff member in at a new drawer, with an initial amount (units) unless null. */
export async function openCounter(s: TestServer, initial: number | null = 1000, opts: { saType?: number; storeId?: number } = {}): Promise<Session & { drawer: number }> {
  const storeId = opts.storeId ?? DEMO_KIOSK;
  const who = await newStaff(s, opts.saType ?? SaType.CASHIER, storeId);
  const drawer = await newDrawer(s, storeId);
  const login = await s.call('/user/posLogin', { mode: 'pos', username: who.username, password: who.password, kiosk_id: storeId });
  if (login.status !== 0) throw new Error(`login: ${JSON.stringify(login)}`);
  const session = { UID: login.uid as number, TOKEN: login.token as string };
  const chosen = await s.call('/user/chooseDrawer', { ...session, moneybox: drawer });
  if (chosen.status !== 0) throw new Error(`chooseDrawer: ${JSON.stringify(chosen)}`);
  if (initial !== null) {
    const r = await s.call('/drawer/init', { ...session, amount: initial, key: await s.key() });
    if (r.status !== 0) throw new Error(`init: ${JSON.stringify(r)}`);
  }
  return { ...session, drawer };
}

let people = 0;

/** Creates a customer through the API; returns the create reply. */
/** A birthday old enough for any store's minimum age. */
export const ADULT_BIRTHDAY = '1970-01-01';

export async function newCustomer(s: TestServer, session: Session, fields: Record<string, unknown> = {}): Promise<Reply & { id: number; mobile_id: string; pin: string }> {
  people++;
  // A birthday of age: the store's minimum age requires one (services/customer/age.ts).
  const r = await s.call('/customer/create', { ...session, first_name: 'Test', last_name: `Person${people}`, birthday: ADULT_BIRTHDAY, ...fields });
  if (r.status !== 0) throw new Error(`create: ${JSON.stringify(r)}`);
  return r as Reply & { id: number; mobile_id: string; pin: string };
}

/** A record registered before the birthday was required (an older release): its birthday blank. */
export async function withoutBirthday(s: TestServer, customerId: number) {
  await s.handle.db.updateTable('customer').set({ birthday: '' }).where('id', '=', customerId).execute();
}

/** Winnings as a machine would report them: a ledger row and the cached balance together. */
export async function giveWinnings(s: TestServer, customerId: number, cents: number, storeId = DEMO_KIOSK) {
  await s.handle.db.transaction().execute((tx) =>
    post(tx, { storeId, kind: 'win', channel: 'machine', amount: cents, customerId, winnings: cents, note: 'test win', at: isoNow() }),
  );
}

/** A bet on a machine: entries played (so they can no longer be reverted). */
export async function playEntries(s: TestServer, customerId: number, cents: number, storeId = DEMO_KIOSK) {
  await s.handle.db.transaction().execute((tx) =>
    post(tx, { storeId, kind: 'bet', channel: 'machine', amount: cents, customerId, entries: -cents, note: 'test bet', at: isoNow() }),
  );
}

/** Seats the customer at the store's first machine, as a terminal login would. */
export async function seatAtMachine(s: TestServer, customerId: number, storeId = DEMO_KIOSK): Promise<number> {
  const m = await s.handle.db.selectFrom('machine').select(['id', 'machine_id']).where('store_id', '=', storeId).orderBy('id').executeTakeFirstOrThrow();
  await s.handle.db.updateTable('machine').set({ customer_id: customerId }).where('id', '=', m.id).execute();
  await s.handle.db.updateTable('customer').set({ playing_machine_id: m.id }).where('id', '=', customerId).execute();
  return Number(m.machine_id);
}

export async function balances(s: TestServer, customerId: number) {
  const c = await s.handle.db.selectFrom('customer').select(['entries_cents', 'winnings_cents']).where('id', '=', customerId).executeTakeFirstOrThrow();
  return { entries: Number(c.entries_cents), winnings: Number(c.winnings_cents) };
}

export async function storeMoney(s: TestServer, storeId = DEMO_KIOSK) {
  const r = await s.handle.db.selectFrom('store').select(['credit_cents', 'comps_budget_cents']).where('id', '=', storeId).executeTakeFirstOrThrow();
  return { credit: Number(r.credit_cents), budget: Number(r.comps_budget_cents) };
}

export async function drawerBalance(s: TestServer, session: Session): Promise<number> {
  const r = await s.handle.db
    .selectFrom('shift')
    .select('balance_cents')
    .where('account_id', '=', session.UID)
    .where('ended_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.balance_cents);
}
