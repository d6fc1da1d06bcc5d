// Money load for the proof tiers (crash, several servers): many clients making purchases, redeems,
// fills and bleeds over real HTTP, each request recorded with its one-time key and its answer, and
// the checks that hold the ledger to those answers.
import { SaType, cents } from '@moneybox/contract';
import { sql } from 'kysely';
import { isoNow } from '../clock.js';
import type { Db } from '../db/database.js';
import { post } from '../money/ledger.js';
import { verifyLedger } from '../money/verify.js';
import { createAccount, createStore } from '../services/operator/operator.service.js';
import { SEED } from '../services/audit/audit.js';

export type MoneyPath = '/customer/purchase' | '/customer/redeem' | '/drawer/fills' | '/drawer/bleeds';

const KIND: Record<MoneyPath, string> = {
  '/customer/purchase': 'purchase',
  '/customer/redeem': 'redeem',
  '/drawer/fills': 'fill',
  '/drawer/bleeds': 'bleed',
};

/** One money request as a client sent it: `status` is the answer, null when none came (the server died). */
export interface SentRequest {
  path: MoneyPath;
  key: string;
  cents: number;
  customerId: number | null;
  shiftId: number;
  body: Record<string, unknown>;
  status: number | null;
  /** When the answer arrived (performance.now()). */
  answeredAt?: number;
  /** The answer to the same request sent again after the restart. */
  retry?: number | null;
}

export interface LoadStore {
  kiosk: number;
  cashiers: Array<{ username: string; password: string }>;
  customerIds: number[];
}

export interface Counter {
  UID: number;
  TOKEN: string;
  shiftId: number;
}

/** Store credit and each customer's winnings are more than any run spends: refusals stay rare. */
const WINNINGS_CENTS = 100_000_000;

/** A store for load tests and benches: `drawers` drawers, no purchase limits, more credit than any run spends. */
export function createOpenStore(db: Db, kiosk: number, drawers: number, name: string): Promise<void> {
  return createStore({ handle: { db } }, SEED, {
    id: kiosk,
    name,
    timezone: 'America/Chicago',
    credit: cents(1_000_000_000_00),
    compsBudget: cents(0),
    maxDrawers: drawers,
    maxMachines: 0,
    limitDay: 31,
    limitHourly: cents(0),
    limitDaily: cents(0),
    limitWeekly: cents(0),
    drawers,
  });
}

/** A store for the load: `drawers` cashiers with a drawer each, customers with winnings to redeem, no purchase limits. */
export async function setupLoadStore(db: Db, opts: { kiosk: number; drawers: number; customers: number }): Promise<LoadStore> {
  await createOpenStore(db, opts.kiosk, opts.drawers, `Proof ${opts.kiosk}`);
  const cashiers = [];
  for (let i = 0; i < opts.drawers; i++) {
    const who = { username: `proof${opts.kiosk}c${i + 1}`, password: 'proof1234' };
    await createAccount({ handle: { db } }, SEED, { storeId: opts.kiosk, username: who.username, password: who.password, saType: SaType.CASHIER });
    cashiers.push(who);
  }
  const at = isoNow();
  const customerIds: number[] = [];
  for (let n = 1; n <= opts.customers; n++) {
    const row = await db
      .insertInto('customer')
      .values({ store_id: opts.kiosk, mobile_id: `${opts.kiosk}${String(n).padStart(5, '0')}`, pin_hash: 'proof-no-pin', first_name: 'Proof', last_name: `Customer${n}`, name_search: `proof customer${n}`, birthday: '1970-01-01', phone: `555${opts.kiosk}${n}`, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    customerIds.push(row.id);
    // Winnings as a machine posts them: a ledger row, so verify holds from the start.
    await db.transaction().execute((tx) =>
      post(tx, { storeId: opts.kiosk, kind: 'win', channel: 'machine', amount: WINNINGS_CENTS, customerId: row.id, winnings: WINNINGS_CENTS, note: 'proof winnings', at }),
    );
  }
  return { kiosk: opts.kiosk, cashiers, customerIds };
}

export type Caller = (base: string, path: string, body: Record<string, unknown>) => Promise<Record<string, unknown> & { status: number }>;

/** POST /API<path> as the web app sends it (JSON as text/plain). */
export const callApi: Caller = async (base, path, body) => {
  const res = await fetch(`${base}/API${path}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body) });
  return (await res.json()) as Record<string, unknown> & { status: number };
};

async function must(base: string, path: string, body: Record<string, unknown>) {
  const r = await callApi(base, path, body);
  if (r.status !== 0) throw new Error(`${path}: ${JSON.stringify(r)}`);
  return r;
}

/** Each cashier logs in, takes their drawer and counts an opening float of 10,000.00. */
export async function openCounters(base: string, store: LoadStore): Promise<Counter[]> {
  const out: Counter[] = [];
  for (const [i, who] of store.cashiers.entries()) {
    const login = await must(base, '/user/posLogin', { mode: 'pos', username: who.username, password: who.password, kiosk_id: store.kiosk });
    const session = { UID: login.uid as number, TOKEN: login.token as string };
    const chosen = await must(base, '/user/chooseDrawer', { ...session, moneybox: i + 1 });
    const { key } = await must(base, '/config/key', {});
    await must(base, '/drawer/init', { ...session, amount: 10_000, key });
    out.push({ ...session, shiftId: chosen.shift_id as number });
  }
  return out;
}

/** A small random generator, seeded, so a failing run can be repeated. */
export function randomSource(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

/**
 * A money request for client `c`: purchases half the time, then redeems, fills and bleeds.
 * Amounts have cents; bleeds and redeems are small beside the float, so most are accepted.
 */
function nextRequest(random: () => number, counter: Counter, customerIds: number[]): Omit<SentRequest, 'key' | 'status' | 'body'> & { units: number } {
  const r = random();
  const path: MoneyPath = r < 0.5 ? '/customer/purchase' : r < 0.7 ? '/customer/redeem' : r < 0.85 ? '/drawer/fills' : '/drawer/bleeds';
  const centsAmount = 100 + Math.floor(random() * 4900);
  const customerId = path.startsWith('/customer') ? customerIds[Math.floor(random() * customerIds.length)]! : null;
  return { path, cents: centsAmount, units: centsAmount / 100, customerId, shiftId: counter.shiftId };
}

/**
 * Runs `clients` concurrent clients against `bases` (spread round-robin) until `stop()` resolves;
 * every money request is recorded with its key and answer (null: the connection failed).
 */
export async function runMoneyLoad(opts: {
  bases: string[];
  counters: Counter[];
  customerIds: number[];
  clients: number;
  seed: number;
  until: Promise<void>;
  /** Filled as the requests go out, so the caller can watch the load. */
  sent?: SentRequest[];
}): Promise<SentRequest[]> {
  const sent: SentRequest[] = opts.sent ?? [];
  let stopping = false;
  void opts.until.then(() => (stopping = true));
  const client = async (c: number) => {
    const random = randomSource(opts.seed * 1000 + c);
    const counter = opts.counters[c % opts.counters.length]!;
    for (let i = 0; !stopping; i++) {
      const base = opts.bases[(c + i) % opts.bases.length]!;
      let key: string;
      try {
        const r = await callApi(base, '/config/key', {});
        if (r.status !== 0) throw new Error(`/config/key: ${JSON.stringify(r)}`);
        key = r.key as string;
      } catch {
        // No key, no money request: the server is gone (or going).
        if (stopping) return;
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      const { units, ...req } = nextRequest(random, counter, opts.customerIds);
      const body: Record<string, unknown> = { UID: counter.UID, TOKEN: counter.TOKEN, key, amount: units };
      if (req.customerId !== null) body.id = req.customerId;
      else Object.assign(body, { shift_id: counter.shiftId, reason: 'proof load' });
      const record: SentRequest = { ...req, key, body, status: null };
      sent.push(record);
      try {
        record.status = (await callApi(base, req.path, body)).status;
        record.answeredAt = performance.now();
      } catch {
        record.status = null;
      }
    }
  };
  await Promise.all(Array.from({ length: opts.clients }, (_, c) => client(c)));
  return sent;
}

/** Sends every request again with its own key (`concurrency` at a time) and records the answer. */
export async function retryAll(bases: string[], sent: SentRequest[], concurrency = 16): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, c) => {
      while (next < sent.length) {
        const s = sent[next++]!;
        s.retry = (await callApi(bases[c % bases.length]!, s.path, s.body)).status;
      }
    }),
  );
}

const KEY_USED = 12;

/**
 * Holds the ledger to the answers: every request answered 0 is one ledger row with its key, kind,
 * amount, customer and shift, and its resend answered 12 (already recorded); a request refused
 * (or lost) and refused again left nothing; a lost request is either applied once (resend 12) or
 * not at all; no other keyed row exists in the store (after `afterLedgerId`); and every balance
 * equals its ledger sum.
 * Returns a list of problems (empty: all good).
 */
export async function checkLedgerAgainstAnswers(db: Db, kiosk: number, sent: SentRequest[], afterLedgerId = 0): Promise<string[]> {
  const problems: string[] = [];
  const rows = await db
    .selectFrom('ledger')
    .select(['key', 'kind', 'amount_cents', 'customer_id', 'shift_id'])
    .where('store_id', '=', kiosk)
    .where('id', '>', afterLedgerId)
    .where('key', 'is not', null)
    .where('kind', '!=', 'init')
    .execute();
  const byKey = new Map<string, (typeof rows)[number][]>();
  for (const r of rows) byKey.set(r.key!, [...(byKey.get(r.key!) ?? []), r]);
  const expected = new Set<string>();
  for (const s of sent) {
    const found = byKey.get(s.key) ?? [];
    const appliedByRetry = s.retry === 0;
    const applied = s.status === 0 || appliedByRetry || (s.status === null && s.retry === KEY_USED);
    const what = `${s.path} key ${s.key} (answer ${s.status}, resend ${s.retry})`;
    if (s.status === 0 && s.retry !== undefined && s.retry !== KEY_USED) problems.push(`${what}: an accepted request sent again was not "already recorded"`);
    if (s.status !== null && s.status !== 0 && s.retry === KEY_USED) problems.push(`${what}: a refused request's key was used`);
    if (!applied) {
      if (found.length) problems.push(`${what}: not accepted, yet ${found.length} ledger row(s)`);
      continue;
    }
    expected.add(s.key);
    if (found.length !== 1) {
      problems.push(`${what}: ${found.length} ledger rows, expected exactly one`);
      continue;
    }
    const row = found[0]!;
    const want = { kind: KIND[s.path], amount: s.cents, customer: s.customerId, shift: s.shiftId };
    const got = { kind: row.kind, amount: Number(row.amount_cents), customer: row.customer_id === null ? null : Number(row.customer_id), shift: Number(row.shift_id) };
    if (JSON.stringify(want) !== JSON.stringify(got)) problems.push(`${what}: ledger row ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
  }
  for (const key of byKey.keys()) if (!expected.has(key)) problems.push(`ledger row with key ${key} that no accepted request explains`);
  const diffs = await verifyLedger(db);
  if (diffs.length) problems.push(`verify: ${JSON.stringify(diffs.slice(0, 5))}`);
  return problems;
}

/** Everything a money movement touches, in one row: a refused request must leave it as it was. */
export async function fingerprint(db: Db): Promise<string> {
  const r = await sql<Record<string, unknown>>`SELECT
      (SELECT COUNT(*) FROM ledger) AS ledger_rows,
      (SELECT COALESCE(MAX(id), 0) FROM ledger) AS last_ledger_id,
      (SELECT COALESCE(SUM(entries_cents), 0) FROM customer) AS entries,
      (SELECT COALESCE(SUM(winnings_cents), 0) FROM customer) AS winnings,
      (SELECT COALESCE(SUM(credit_cents), 0) FROM store) AS credit,
      (SELECT COALESCE(SUM(comps_budget_cents), 0) FROM store) AS budget,
      (SELECT COALESCE(SUM(balance_cents), 0) FROM shift) AS drawers,
      (SELECT COUNT(*) FROM one_time_key WHERE used_at IS NOT NULL) AS used_keys`.execute(db);
  return JSON.stringify(Object.fromEntries(Object.entries(r.rows[0]!).map(([k, v]) => [k, String(v)])));
}
