import { SaType, cents, writeCountNote } from '@moneybox/contract';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { Db } from '../db/database.js';
import type { LedgerRow } from '../db/schema.js';
import { post, type Channel } from '../money/ledger.js';
import { MOVEMENTS } from '../money/movements.js';
import { createAccount, createStore } from '../services/operator/operator.service.js';
import { shiftRepository } from '../repositories/shift.repository.js';
import type { TestServer } from './server.js';
import { SEED } from '../services/audit/audit.js';

/**
 * The reports' test kit: a store of its own with staff, drawers and customers, and random money
 * movements over several store days posted through the money core (post + MOVEMENTS), so shift
 * totals and balances move exactly as the money calls move them. The expected figures are then
 * summed straight from the ledger rows (with date-fns, not the server's store-day code).
 */

export interface ReportStore {
  id: number;
  timezone: string;
  boss: { username: string; password: string; id: number };
  cashiers: Array<{ username: string; password: string; id: number }>;
  drawers: Array<{ id: number; number: number }>;
  customers: Array<{ id: number; mobile_id: string }>;
}

let serial = 0;
const uniq = () => `${process.pid % 10000}${++serial}`;

export async function reportStore(s: TestServer, id: number, timezone: string): Promise<ReportStore> {
  const db = s.handle.db;
  await createStore({ handle: { db } }, SEED, {
    id, name: `Report Arcade ${id}`, timezone, credit: cents(1_000_000_000), compsBudget: cents(1_000_000_000), maxDrawers: 5, maxMachines: 5,
    limitDay: 31, limitHourly: cents(0), limitDaily: cents(0), limitWeekly: cents(0), drawers: 3,
  });
  const staff = async (saType: number) => {
    const username = `rp${uniq()}`.padEnd(8, 'x').slice(0, 20);
    const password = 'pass1234';
    return { username, password, id: await createAccount({ handle: { db } }, SEED, { storeId: id, username: username, password: password, saType: saType }) };
  };
  const boss = await staff(SaType.BOSS);
  const cashiers = [await staff(SaType.CASHIER), await staff(SaType.CASHIER)];
  const drawers = (await db.selectFrom('drawer').select(['id', 'number']).where('store_id', '=', id).orderBy('number').execute()).map((d) => ({ id: Number(d.id), number: Number(d.number) }));
  const customers = [];
  for (let i = 0; i < 3; i++) {
    const mobile = String(100_000_000 + ((id * 1000 + i + serial * 7) % 899_999_999));
    const at = new Date().toISOString();
    const r = await db.insertInto('customer').values({ store_id: id, mobile_id: mobile, pin_hash: 'x', first_name: `Ann${i}`, last_name: '李', birthday: '1970-01-01', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
    customers.push({ id: Number(r.id), mobile_id: mobile });
  }
  return { id, timezone, boss, cashiers, drawers, customers };
}

/** One shift of the plan: who, where, when it starts, its moves (minutes after the start), how it ends. */
export interface PlannedShift {
  cashier: number;
  drawer: number;
  startMs: number;
  moves: Array<{ kind: 'purchase' | 'revert' | 'redeem' | 'special_comps' | 'fill' | 'bleed'; amount: number; customer: number; minute: number }>;
  /** `handover`: closed with its count (the balance when none), and the other cashier's shift opens at the drawer from that count. */
  end: 'open' | 'closed' | 'forced' | 'handover';
  counted: number | null;
  /** The count kept by denomination too (`pieces`), as the count dialog sends it. */
  byDenomination?: boolean;
}

/** A count in cents as pieces of the `$` denominations, largest first (what a cashier counting by denomination sends). */
export function pieces(cents: number): Record<string, number> {
  const out: Record<string, number> = {};
  let left = cents;
  for (const [name, value] of [['100', 10_000], ['20', 2_000], ['5', 500], ['1', 100], ['0.25', 25], ['0.01', 1]] as const) {
    const n = Math.floor(left / value);
    if (n > 0) out[name] = n;
    left -= n * value;
  }
  return out;
}
/** A movement of a reload terminal or online (no drawer, no shift). */
export interface PlannedKiosk {
  kind: 'purchase' | 'redeem';
  channel: Extract<Channel, 'reload_kiosk' | 'online' | 'reloader'>;
  amount: number;
  customer: number;
  atMs: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Opens a shift at `atMs` with its initial amount (a drawer and an account hold one open shift at a time: a boss force-closes the one left open). */
async function openShift(db: Db, st: ReportStore, drawerId: number, accountId: number, atMs: number, init: number, note: string): Promise<number> {
  for (const open of await db.selectFrom('shift').select('id').where('store_id', '=', st.id).where('ended_at', 'is', null).where((eb) => eb.or([eb('drawer_id', '=', drawerId), eb('account_id', '=', accountId)])).execute()) {
    await shiftRepository.close(db, st.id, Number(open.id), iso(atMs), st.boss.id, null, null);
  }
  const shiftId = await shiftRepository.insert(db, st.id, { drawer_id: drawerId, account_id: accountId, at: iso(atMs) });
  await db.transaction().execute((tx) => post(tx, { storeId: st.id, accountId, drawerId, shiftId, kind: 'init', channel: 'pos', amount: init, ...MOVEMENTS.init.effects(init), at: iso(atMs), note }));
  return shiftId;
}

/** Posts a plan; moves the money core would refuse (short drawer, too little entries) are skipped. */
export async function postPlan(db: Db, st: ReportStore, shifts: PlannedShift[], kiosk: PlannedKiosk[]): Promise<void> {
  const entries = new Map<number, number>();
  const winnings = new Map<number, number>();
  const give = async (customerId: number, amount: number, atMs: number) => {
    await db.transaction().execute((tx) => post(tx, { storeId: st.id, kind: 'win', channel: 'machine', amount, customerId, ...MOVEMENTS.win.effects(amount), at: iso(atMs) }));
    winnings.set(customerId, (winnings.get(customerId) ?? 0) + amount);
  };
  for (const k of kiosk) {
    const c = st.customers[k.customer % st.customers.length]!.id;
    if (k.kind === 'redeem' && (winnings.get(c) ?? 0) < k.amount) await give(c, k.amount, k.atMs - 1000);
    const def = k.kind === 'purchase' ? MOVEMENTS.terminal_purchase : MOVEMENTS.terminal_redeem;
    await db.transaction().execute((tx) => post(tx, { storeId: st.id, kind: def.kind, channel: k.channel, amount: k.amount, customerId: c, ...def.effects(k.amount), at: iso(k.atMs) }));
    const e = def.effects(k.amount);
    entries.set(c, (entries.get(c) ?? 0) + (e.entries ?? 0));
    winnings.set(c, (winnings.get(c) ?? 0) + (e.winnings ?? 0));
  }
  for (const p of shifts) {
    const cashier = st.cashiers[p.cashier % st.cashiers.length]!;
    const drawer = st.drawers[p.drawer % st.drawers.length]!;
    // A drawer and an account hold one open shift at a time: a boss force-closes the one left open.
    const shiftId = await openShift(db, st, drawer.id, cashier.id, p.startMs, 10_000, '');
    const base = { storeId: st.id, accountId: cashier.id, drawerId: drawer.id, shiftId };
    let balance = 10_000;
    let last = p.startMs;
    // The money core reverts only what the customer bought in this shift.
    const bought = new Map<number, number>();
    for (const m of p.moves) {
      const c = st.customers[m.customer % st.customers.length]!.id;
      // A revert takes back at most what was bought here, is still unplayed and is in the drawer.
      const a = m.kind === 'revert' ? Math.min(m.amount, bought.get(c) ?? 0, entries.get(c) ?? 0, balance) : m.amount;
      if (a <= 0 || (m.kind === 'bleed' && balance < a)) continue;
      last = p.startMs + m.minute * 60_000;
      if (m.kind === 'redeem') {
        if ((winnings.get(c) ?? 0) < a) await give(c, a, last - 1000);
        if (balance < a) continue;
      }
      const def = MOVEMENTS[m.kind];
      const e = def.effects(a);
      const customer = m.kind === 'fill' || m.kind === 'bleed' ? null : c;
      await db.transaction().execute((tx) => post(tx, { ...base, kind: def.kind, channel: def.channel, amount: a, customerId: customer, ...e, at: iso(last) }));
      balance += e.drawer ?? 0;
      if (m.kind === 'purchase') bought.set(c, (bought.get(c) ?? 0) + a);
      if (m.kind === 'revert') bought.set(c, (bought.get(c) ?? 0) - a);
      if (customer !== null) {
        entries.set(c, (entries.get(c) ?? 0) + (e.entries ?? 0));
        winnings.set(c, (winnings.get(c) ?? 0) + (e.winnings ?? 0));
      }
    }
    if (p.end !== 'open') {
      const closer = p.end === 'forced' ? st.boss.id : cashier.id;
      const counted = p.end === 'handover' ? (p.counted ?? balance) : p.counted;
      const detail = counted !== null && p.byDenomination ? pieces(counted) : null;
      await shiftRepository.close(db, st.id, shiftId, iso(last + 60_000), closer, counted, detail && JSON.stringify(detail));
      if (p.end === 'handover' && counted !== null && counted > 0) {
        // The incoming cashier's shift starts from the count and closes half an hour later counted exactly.
        const next = st.cashiers[(p.cashier + 1) % st.cashiers.length]!;
        const nextId = await openShift(db, st, drawer.id, next.id, last + 60_000, counted, detail ? writeCountNote(detail) : '');
        await shiftRepository.close(db, st.id, nextId, iso(last + 31 * 60_000), next.id, counted, null);
      }
    }
  }
}

/** The store day of an instant, by date-fns (independent of the server's code). */
export const dayOf = (ms: number, tz: string) => format(new TZDate(ms, tz), 'yyyy-MM-dd');

export async function ledgerOf(db: Db, storeId: number): Promise<LedgerRow[]> {
  return db.selectFrom('ledger').selectAll().where('store_id', '=', storeId).orderBy('id').execute();
}

/** Daily figures in cents of one day and channel, summed from ledger rows. */
export function expectedDaily(rows: LedgerRow[], tz: string, day: string, channel: string) {
  const of = (kind: string) => rows.filter((r) => r.kind === kind && r.channel === channel && dayOf(Date.parse(r.at), tz) === day);
  const sum = (kind: string) => of(kind).reduce((a, r) => a + Number(r.amount_cents), 0);
  return {
    purchases: sum('purchase') - sum('revert'),
    redeems: sum('redeem'),
    special_comps: sum('special_comps'),
    reverts: sum('revert'),
    purchase_count: of('purchase').length,
    redeem_count: of('redeem').length,
    special_comps_count: of('special_comps').length,
    revert_count: of('revert').length,
  };
}
