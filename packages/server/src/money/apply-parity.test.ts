import { RefusalReason, SaType, cents } from '@moneybox/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { customerRepository } from '../repositories/customer.repository.js';
import { keyRepository } from '../repositories/key.repository.js';
import { createAccount, createStore } from '../services/operator/operator.service.js';
import { freshDatabase, type TestDatabase } from '../testing/databases.js';
import { sql } from 'kysely';
import { machineRepository } from '../repositories/machine.repository.js';
import { applyCommand, applyMovement, isStale, MONEY_FUNCTION_BODIES, type CommandPlan, type MovementPlan } from './apply-movement.js';
import { post } from './ledger.js';
import { betEffects, MOVEMENTS } from './movements.js';
import { Refusal } from './refusal.js';
import { SEED } from '../services/audit/audit.js';

/**
 * The guarded money writes are declared once (money/guarded-writes.ts) and run two ways: as
 * `ledger.post`'s statements (with the key and the initial amount's mark, SQLite) and as the body of
 * `mbx_apply_movement` generated from them (PostgreSQL, money/apply-movement.ts). This property runs
 * the same random movements, as the rules plan them (movements.ts), through both from the same
 * starting balances, and compares what each did: which guard stopped a movement (key, shift,
 * customer or store; SQLite names it by a refusal reason, PostgreSQL by the failed guard) or that
 * it applied, and afterwards every balance, shift total and ledger row. Any guard that drifts
 * between the two (a limit checked on one side only, another order, an off-by-one at zero) fails.
 * The terminal commands' function (`mbx_apply_command`) is held to the same: a command's movements
 * through it, or through `post` one by one in a transaction (the terminal protocol's SQLite path).
 */

const KIOSK = 8801;
const GUARD_OF: Partial<Record<RefusalReason, string>> = {
  [RefusalReason.KEY]: 'key',
  [RefusalReason.NO_SHIFT]: 'shift',
  [RefusalReason.DRAWER_SHORT]: 'shift',
  [RefusalReason.INIT_ALREADY_SET]: 'shift',
  [RefusalReason.CUSTOMER]: 'customer',
  [RefusalReason.ENTRIES]: 'customer',
  [RefusalReason.WINNINGS]: 'customer',
  [RefusalReason.CREDIT]: 'store',
  [RefusalReason.BUDGET]: 'store',
};

const COUNTER_KINDS = ['purchase', 'revert', 'redeem', 'special_comps', 'init', 'fill', 'bleed'] as const;
const TERMINAL_KINDS = ['win', 'gift', 'terminal_purchase', 'terminal_redeem'] as const;
type Kind = (typeof COUNTER_KINDS)[number] | (typeof TERMINAL_KINDS)[number];

type Step =
  | { op: 'move'; kind: Kind; amount: number; customer: 0 | 1 | 2; key: 'fresh' | 'used' | 'none' }
  | { op: 'close_shift' };

/** Cents, often in steps of 5.00 so that an amount meets a balance exactly (the guards' edge at zero). */
const money = (max: number) => fc.oneof(fc.integer({ min: 0, max: max / 500 }).map((x) => x * 500), fc.integer({ min: 0, max }));
const amount = money(4000).map((a) => Math.max(1, a));

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ op: fc.constant('move' as const), kind: fc.constantFrom<Kind>(...COUNTER_KINDS, ...TERMINAL_KINDS), amount, customer: fc.constantFrom<0 | 1 | 2>(0, 0, 1, 2), key: fc.constantFrom('fresh' as const, 'fresh' as const, 'fresh' as const, 'used' as const, 'none' as const) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'close_shift' as const }) },
);
const start = fc.record({
  shiftBalance: money(5000),
  initSet: fc.boolean(),
  entries: fc.tuple(money(5000), money(5000)),
  winnings: fc.tuple(money(5000), money(5000)),
  credit: money(8000),
  budget: money(8000),
});
type Start = { shiftBalance: number; initSet: boolean; entries: [number, number]; winnings: [number, number]; credit: number; budget: number };

interface Side {
  d: TestDatabase;
  accountId: number;
  drawerId: number;
}

const at = '2026-01-01T12:00:00.000Z';
const FAR = '2099-01-01T00:00:00.000Z';

async function setUp(dialect: 'sqlite' | 'postgres'): Promise<Side> {
  const d = await freshDatabase(dialect);
  const db = d.handle.db;
  await createStore({ handle: { db } }, SEED, { id: KIOSK, name: 'Parity', timezone: 'America/Chicago', credit: cents(0), compsBudget: cents(0), maxDrawers: 2, maxMachines: 0, limitDay: 1, limitHourly: cents(0), limitDaily: cents(0), limitWeekly: cents(0), drawers: 1 });
  const accountId = await createAccount({ handle: { db } }, SEED, { storeId: KIOSK, username: 'parity01', password: 'parity1234', saType: SaType.CASHIER });
  const drawer = await db.selectFrom('drawer').select('id').where('store_id', '=', KIOSK).executeTakeFirstOrThrow();
  return { d, accountId, drawerId: Number(drawer.id) };
}

/** One run's rows from the same starting balances on either side: a new shift and two new customers. */
async function begin(side: Side, s: Start, run: number) {
  const db = side.d.handle.db;
  await db.updateTable('shift').set({ ended_at: at }).where('store_id', '=', KIOSK).where('ended_at', 'is', null).execute();
  await db.updateTable('store').set({ credit_cents: s.credit, comps_budget_cents: s.budget }).where('id', '=', KIOSK).execute();
  const shift = await db
    .insertInto('shift')
    .values({ store_id: KIOSK, drawer_id: side.drawerId, account_id: side.accountId, started_at: at, init_set: s.initSet ? 1 : 0, balance_cents: s.shiftBalance })
    .returning('id')
    .executeTakeFirstOrThrow();
  const customers: number[] = [];
  for (const i of [0, 1]) {
    const id = await customerRepository.insert(db, KIOSK, {
      mobile_id: `${run}${i}`, pin_hash: '', first_name: 'P', last_name: String(i), name_search: '', last_search: '', drivers_license: '', birthday: '', gender: '', phone: '', mail: '', bank: '', bank_account: '', created_at: at, updated_at: at,
    });
    await db.updateTable('customer').set({ entries_cents: s.entries[i]!, winnings_cents: s.winnings[i]! }).where('id', '=', id).execute();
    customers.push(id);
  }
  const ledgerFrom = Number((await db.selectFrom('ledger').select((e) => e.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0);
  return { shiftId: Number(shift.id), customers, ledgerFrom };
}

/** The plan the rules would hand the apply for this step (movements.ts effects). */
function planOf(st: Extract<Step, { op: 'move' }>, rows: { shiftId: number; customers: number[] }, key: string | undefined, side: Side): MovementPlan {
  const def = MOVEMENTS[st.kind];
  const counter = (COUNTER_KINDS as readonly string[]).includes(st.kind);
  const customerKind = st.kind !== 'init' && st.kind !== 'fill' && st.kind !== 'bleed';
  // Customer 2 is none of this store's: the customer guard's "no such row".
  const customerId = customerKind ? (st.customer === 2 ? 999_999 : rows.customers[st.customer]!) : null;
  return {
    movement: {
      storeId: KIOSK,
      kind: def.kind,
      channel: def.channel,
      amount: st.amount,
      accountId: counter ? side.accountId : null,
      drawerId: counter ? side.drawerId : null,
      shiftId: counter ? rows.shiftId : null,
      customerId,
      key: key ?? null,
      at,
      ...def.effects(st.amount),
    },
    useKey: key,
    markInit: st.kind === 'init',
  };
}

async function apply(h: DatabaseHandle, plan: MovementPlan): Promise<string> {
  try {
    if (h.dialect === 'postgres') await applyMovement(h, h.db, plan);
    else await h.db.transaction().execute((tx) => applyMovement(h, tx, plan));
    return 'applied';
  } catch (err) {
    if (err instanceof Refusal) return GUARD_OF[err.reason] ?? `unexpected refusal ${err.reason}`;
    if (isStale(err)) return (err as { guard: string }).guard;
    throw err;
  }
}

async function state(side: Side, rows: { shiftId: number; customers: number[]; ledgerFrom: number }) {
  const db = side.d.handle.db;
  const n = (v: unknown) => Number(v);
  const shift = await db
    .selectFrom('shift')
    .select(['balance_cents', 'init_set', 'initial_cents', 'fills_cents', 'bleeds_cents', 'purchases_cents', 'redeems_cents', 'comps_cents', 'special_comps_cents', 'reverts_cents'])
    .where('id', '=', rows.shiftId)
    .executeTakeFirstOrThrow();
  const customers = await db.selectFrom('customer').select(['entries_cents', 'winnings_cents']).where('id', 'in', rows.customers).orderBy('id').execute();
  const store = await db.selectFrom('store').select(['credit_cents', 'comps_budget_cents']).where('id', '=', KIOSK).executeTakeFirstOrThrow();
  const ledger = await db
    .selectFrom('ledger')
    .select(['kind', 'channel', 'amount_cents', 'd_drawer_cents', 'd_entries_cents', 'd_winnings_cents', 'd_credit_cents', 'd_budget_cents', 'shift_id', 'customer_id', 'key'])
    .where('id', '>', rows.ledgerFrom)
    .orderBy('id')
    .execute();
  return {
    shift: Object.fromEntries(Object.entries(shift).map(([k, v]) => [k, n(v)])),
    customers: customers.map((c) => [n(c.entries_cents), n(c.winnings_cents)]),
    store: [n(store.credit_cents), n(store.comps_budget_cents)],
    // Row ids differ between the databases; the shift and customers by their place in the run.
    ledger: ledger.map((r) => ({
      ...Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' || v === null ? v : n(v)])),
      shift_id: r.shift_id === null ? null : 'the shift',
      customer_id: r.customer_id === null ? null : rows.customers.indexOf(n(r.customer_id)),
    })),
  };
}

// One SQLite and one PostgreSQL database for both properties (each run starts its own shift and customers).
let sqlite: Side;
let postgres: Side;
beforeAll(async () => {
  [sqlite, postgres] = await Promise.all([setUp('sqlite'), setUp('postgres')]);
});
afterAll(async () => {
  await Promise.all([sqlite?.d.drop(), postgres?.d.drop()]);
});

describe('the PostgreSQL money functions', () => {
  it('are installed as generated today from the guarded writes (a body edited by hand in the database differs)', async () => {
    const installed = async () =>
      Object.fromEntries(
        (await sql<{ proname: string; prosrc: string }>`SELECT proname, prosrc FROM pg_proc WHERE proname IN ('mbx_apply_movement', 'mbx_apply_command')`.execute(postgres.d.handle.db)).rows.map(
          (r) => [r.proname, r.prosrc],
        ),
      );
    expect(await installed()).toEqual(MONEY_FUNCTION_BODIES);
    // The bad case: a hand edit of the installed body (a guard dropped) no longer equals the generated text.
    const db = postgres.d.handle.db;
    const edited = MONEY_FUNCTION_BODIES.mbx_apply_command.replace(' AND credit_cents + d_credit >= 0', '');
    expect(edited).not.toEqual(MONEY_FUNCTION_BODIES.mbx_apply_command);
    const def = (await sql<{ d: string }>`SELECT pg_get_functiondef('mbx_apply_command'::regproc) AS d`.execute(db)).rows[0]!.d;
    await sql.raw(def.replace(MONEY_FUNCTION_BODIES.mbx_apply_command, edited)).execute(db);
    expect((await installed()).mbx_apply_command).not.toEqual(MONEY_FUNCTION_BODIES.mbx_apply_command);
    await sql.raw(def).execute(db);
    expect(await installed()).toEqual(MONEY_FUNCTION_BODIES);
  });
});

describe('the guarded money writes: SQLite (ledger.post) and PostgreSQL (mbx_apply_movement) agree', () => {
  let run = 0;

  it('on random movements from the same balances: the same guard refuses, the same rows and balances result', async () => {
    const refusedBy = new Set<string>();
    await fc.assert(
      fc.asyncProperty(start, fc.array(step, { minLength: 1, maxLength: 14 }), async (s, steps) => {
        run++;
        const sides = [sqlite, postgres];
        const rows = await Promise.all(sides.map((side) => begin(side, s as Start, run)));
        const outcomes: string[][] = [[], []];
        let lastKey: string | undefined;
        for (const [i, st] of steps.entries()) {
          if (st.op === 'close_shift') {
            await Promise.all(sides.map((side, j) => side.d.handle.db.updateTable('shift').set({ ended_at: at }).where('id', '=', rows[j]!.shiftId).execute()));
            continue;
          }
          let key: string | undefined;
          if (st.key === 'fresh') {
            key = `parity-${run}-${i}`;
            await Promise.all(sides.map((side) => keyRepository.insert(side.d.handle.db, key!, at, FAR)));
          } else if (st.key === 'used') key = lastKey ?? `parity-unknown-${run}-${i}`;
          if (key) lastKey = key;
          for (const [j, side] of sides.entries()) outcomes[j]!.push(await apply(side.d.handle, planOf(st, rows[j]!, key, side)));
        }
        expect(outcomes[1]).toEqual(outcomes[0]);
        outcomes[0]!.forEach((o) => refusedBy.add(o));
        expect(await state(postgres, rows[1]!)).toEqual(await state(sqlite, rows[0]!));
      }),
      { numRuns: Number(process.env.PARITY_RUNS ?? 60), seed: process.env.PARITY_SEED ? Number(process.env.PARITY_SEED) : undefined },
    );
    // The runs met every guard and applied movements too (else the property compared little).
    expect([...refusedBy].sort()).toEqual(['applied', 'customer', 'key', 'shift', 'store']);
  });
});

type Command =
  | { op: 'round'; bet: number; win: number }
  | { op: 'single'; kind: 'win' | 'gift' | 'terminal_purchase' | 'terminal_redeem'; amount: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ op: fc.constant('round' as const), bet: money(3000), win: money(3000) }),
  fc.record({ op: fc.constant('single' as const), kind: fc.constantFrom('win' as const, 'gift' as const, 'terminal_purchase' as const, 'terminal_redeem' as const), amount }),
);

/**
 * A command's movements as the terminal protocol's rules plan them (services/terminal/play.service.ts
 * decideRound: the bet from entries first, then winnings, refused by the rule when not covered, so
 * the guards see only what the rules let through; reload.service.ts: one movement, whose balance the
 * guards check against whatever the rows hold). Undefined: the rule refused, nothing to apply.
 */
function movementsOf(c: Command, seq: number, balances: { entries: number; winnings: number }): CommandPlan['movements'] | undefined {
  const key = (what: string) => `parity-t-${seq}-${what}`;
  if (c.op === 'single') {
    const def = MOVEMENTS[c.kind];
    const e = def.effects(c.amount);
    return [{ kind: def.kind, channel: c.kind.startsWith('terminal') ? 'reload_kiosk' : def.channel, amount: c.amount, entries: e.entries ?? 0, winnings: e.winnings ?? 0, credit: e.credit ?? 0, key: key('one'), note: '' }];
  }
  const bet = betEffects(c.bet, balances.entries);
  if (-(bet.winnings ?? 0) > balances.winnings) return undefined;
  const out: CommandPlan['movements'] = [];
  if (c.bet > 0) out.push({ kind: 'bet', channel: 'machine', amount: c.bet, entries: bet.entries ?? 0, winnings: bet.winnings ?? 0, key: key('bet'), note: 'round' });
  if (c.win > 0) out.push({ kind: 'win', channel: 'machine', amount: c.win, entries: 0, winnings: c.win, key: key('win'), note: 'round' });
  return out;
}

describe('the terminal commands\' writes: SQLite (post, one by one) and PostgreSQL (mbx_apply_command) agree', () => {
  let seq = 0;
  let run = 10_000;

  it('on random commands from the same balances: the same guard refuses, the same rows and balances result', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(start, fc.array(command, { minLength: 1, maxLength: 10 }), async (s, commands) => {
        run++;
        const sides = [sqlite, postgres];
        const rows = await Promise.all(sides.map((side) => begin(side, s as Start, run)));
        // A game machine per side with the run's first customer seated, at the same seq.
        const machines = await Promise.all(
          sides.map(async (side, j) => {
            const db = side.d.handle.db;
            const id = await machineRepository.insert(db, KIOSK, { machine_id: run, kind: 'game', public_key: 'k', created_at: at });
            await db.updateTable('machine').set({ customer_id: rows[j]!.customers[0]!, last_seq: seq }).where('id', '=', id).execute();
            return id;
          }),
        );
        const outcomes: string[][] = [[], []];
        for (const c of commands) {
          const customer = (side: number) => rows[side]!.customers[0]!;
          const now = await sqlite.d.handle.db.selectFrom('customer').select(['entries_cents', 'winnings_cents']).where('id', '=', customer(0)).executeTakeFirstOrThrow();
          const movements = movementsOf(c, seq + 1, { entries: Number(now.entries_cents), winnings: Number(now.winnings_cents) });
          if (!movements) {
            outcomes.forEach((o) => o.push('refused by the rule'));
            continue;
          }
          // SQLite: the protocol's transactional path, post per movement.
          outcomes[0]!.push(
            await sqlite.d.handle.db
              .transaction()
              .execute(async (tx) => {
                for (const m of movements) await post(tx, { storeId: KIOSK, customerId: customer(0), machineId: machines[0]!, at, ...m });
                return 'applied';
              })
              .catch((err: unknown) => {
                if (err instanceof Refusal) return GUARD_OF[err.reason] ?? `unexpected refusal ${err.reason}`;
                throw err;
              }),
          );
          // PostgreSQL: one call of the function, with the customer row's version as just read.
          const h = postgres.d.handle;
          const version = (await sql<{ v: string }>`SELECT xmin::text AS v FROM customer WHERE id = ${customer(1)}`.execute(h.db)).rows[0]!.v;
          outcomes[1]!.push(
            await applyCommand(h, { machineRowId: machines[1]!, seq: seq + 1, seat: customer(1), customer: customer(1), storeId: KIOSK, at, ack: '{"type":"ack"}', customerVersion: version, movements })
              .then(() => 'applied')
              .catch((err: unknown) => {
                if (isStale(err)) return (err as { guard: string }).guard;
                throw err;
              }),
          );
          // Both machines move to the next seq whatever happened (the protocol stores a refusal as the seq's outcome).
          seq++;
          await Promise.all(sides.map((side, j) => side.d.handle.db.updateTable('machine').set({ last_seq: seq }).where('id', '=', machines[j]!).execute()));
        }
        expect(outcomes[1]).toEqual(outcomes[0]);
        outcomes[0]!.forEach((o) => seen.add(o));
        const strip = (st: Awaited<ReturnType<typeof state>>) => ({ customers: st.customers, store: st.store, ledger: st.ledger });
        expect(strip(await state(postgres, rows[1]!))).toEqual(strip(await state(sqlite, rows[0]!)));
      }),
      { numRuns: Number(process.env.PARITY_RUNS ?? 60), seed: process.env.PARITY_SEED ? Number(process.env.PARITY_SEED) : undefined },
    );
    expect([...seen].sort()).toEqual(['applied', 'customer', 'refused by the rule', 'store']);
  });
});
