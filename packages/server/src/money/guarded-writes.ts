import { CompiledQuery, sql, type DialectAdapter } from 'kysely';
import type { Db } from '../db/database.js';
import type { ShiftTable } from '../db/schema.js';

/**
 * THE guarded money writes, declared once (issue 21): the one-time key, the shift's cash and
 * totals, the customer's balances, the ledger row and the store's funds (and a distributor's credit,
 * which only the console's credit moves change, through the same statement building). Each is described here
 * once, as the statement's text with named arguments (`{drawer}`) and the condition it runs on,
 * and from that one description come both
 *  - the statements `ledger.post` runs (SQLite, and PostgreSQL's transactional paths): the text
 *    with each argument a bound parameter (`guardedStatement`, `runsFor`), and
 *  - the bodies of the PostgreSQL functions `mbx_apply_movement` and `mbx_apply_command`
 *    (money/apply-movement.ts): the same text with each argument bound to a plpgsql expression
 *    (`plpgsqlStep`), the condition as an IF and the failed guard raised as MBX01.
 * So a guard changed here changes both; `apply-parity.test.ts` holds the two to the same guards and
 * figures on random movements, and checks that the installed function bodies are today's text.
 *
 * The guards keep every balance non-negative (`column + delta >= 0`: the balances start at zero and
 * only these statements move them), the shift open and its initial amount set once, and the rows in
 * the movement's store. Only the functions add the customer row's version (`xmin`), because only
 * there do the rules' read and the apply run apart (money/apply-movement.ts); `post` runs inside the
 * transaction or the group commit that read.
 */

type ShiftTotal = Extract<
  keyof ShiftTable,
  'initial_cents' | 'fills_cents' | 'bleeds_cents' | 'purchases_cents' | 'redeems_cents' | 'comps_cents' | 'special_comps_cents' | 'reverts_cents'
>;

/** The shift's running totals, in the order the PostgreSQL apply function takes them (`p_totals`). */
export const SHIFT_TOTALS = [
  'initial_cents',
  'fills_cents',
  'bleeds_cents',
  'purchases_cents',
  'redeems_cents',
  'comps_cents',
  'special_comps_cents',
  'reverts_cents',
] as const satisfies readonly ShiftTotal[];

/** The writes' arguments: one movement, as `post` binds them and each function names them. */
export interface WriteArgs extends Record<ShiftTotal, number> {
  useKey: string | null;
  at: string;
  storeId: number;
  kind: string;
  channel: string;
  amount: number;
  accountId: number | null;
  drawerId: number | null;
  shiftId: number | null;
  customerId: number | null;
  machineId: number | null;
  drawer: number;
  entries: number;
  winnings: number;
  credit: number;
  budget: number;
  /** The movement adds to the shift's totals (some of the columns above). */
  totals: boolean;
  /** 1: the initial amount, set once per shift. */
  markInit: 0 | 1;
  ledgerKey: string | null;
  revertsId: number | null;
  note: string;
}
type Arg = keyof WriteArgs;

/** The failed guard: PostgreSQL raises its name, `post` turns it into a refusal reason. */
type Guard = 'key' | 'shift' | 'customer' | 'store';

/** When a write runs: every `set` argument given (not null / true), and one `moves` argument non-zero (when any are named). */
interface When {
  set: Arg[];
  moves: Arg[];
}

interface GuardedWrite {
  guard: Guard;
  when: When;
  /** The statement with `{arg}` placeholders; each one runs on both databases. */
  text: string;
  /** PostgreSQL functions only: the customer row's version as the rules read it. */
  versionGuard?: string;
  /** What the functions report from the row (RETURNING … INTO). */
  returning?: string[];
}

const totalsSet = SHIFT_TOTALS.map((c) => `${c} = ${c} + {${c}}`).join(', ');

const KEY_WRITE: GuardedWrite = {
  guard: 'key',
  when: { set: ['useKey'], moves: [] },
  text: 'UPDATE one_time_key SET used_at = {at} WHERE key = {useKey} AND used_at IS NULL AND expires_at > {at}',
};

const SHIFT_WRITE: GuardedWrite = {
  guard: 'shift',
  when: { set: ['shiftId'], moves: ['drawer', 'totals'] },
  text:
    `UPDATE shift SET balance_cents = balance_cents + {drawer}, ${totalsSet}, init_set = CASE WHEN {markInit} = 1 THEN 1 ELSE init_set END` +
    ' WHERE id = {shiftId} AND store_id = {storeId} AND ended_at IS NULL AND balance_cents + {drawer} >= 0 AND ({markInit} = 0 OR init_set = 0)',
  returning: ['balance_cents', 'fills_cents', 'bleeds_cents'],
};

const CUSTOMER_WRITE: GuardedWrite = {
  guard: 'customer',
  when: { set: ['customerId'], moves: ['entries', 'winnings'] },
  text:
    'UPDATE customer SET entries_cents = entries_cents + {entries}, winnings_cents = winnings_cents + {winnings}' +
    ' WHERE id = {customerId} AND store_id = {storeId} AND entries_cents + {entries} >= 0 AND winnings_cents + {winnings} >= 0',
  versionGuard: '({customerVersion} IS NULL OR xmin = {customerVersion}::xid)',
  returning: ['entries_cents', 'winnings_cents'],
};

/** The ledger row: column ← argument (no guard: it always runs). */
const LEDGER_ROW: ReadonlyArray<readonly [string, Arg]> = [
  ['store_id', 'storeId'],
  ['at', 'at'],
  ['kind', 'kind'],
  ['channel', 'channel'],
  ['account_id', 'accountId'],
  ['drawer_id', 'drawerId'],
  ['shift_id', 'shiftId'],
  ['customer_id', 'customerId'],
  ['machine_id', 'machineId'],
  ['amount_cents', 'amount'],
  ['d_drawer_cents', 'drawer'],
  ['d_entries_cents', 'entries'],
  ['d_winnings_cents', 'winnings'],
  ['d_credit_cents', 'credit'],
  ['d_budget_cents', 'budget'],
  ['key', 'ledgerKey'],
  ['reverts_id', 'revertsId'],
  ['note', 'note'],
];
const LEDGER_COLUMNS = LEDGER_ROW.map(([c]) => c).join(', ');
const LEDGER_INSERT = `INSERT INTO ledger (${LEDGER_COLUMNS}) VALUES (${LEDGER_ROW.map(([, a]) => `{${a}}`).join(', ')})`;
const LEDGER_INSERT_RETURNING = `${LEDGER_INSERT} RETURNING id`;

/** The store's funds: updated last (the hot row's lock held for one statement and the commit). */
const STORE_WRITE: GuardedWrite = {
  guard: 'store',
  when: { set: [], moves: ['credit', 'budget'] },
  text:
    'UPDATE store SET credit_cents = credit_cents + {credit}, comps_budget_cents = comps_budget_cents + {budget}' +
    ' WHERE id = {storeId} AND credit_cents + {credit} >= 0 AND comps_budget_cents + {budget} >= 0',
};

/** The writes of one movement, in their one lock order: key, shift, customer, ledger row, store. */
export const MOVEMENT_WRITES = { key: KEY_WRITE, shift: SHIFT_WRITE, customer: CUSTOMER_WRITE, store: STORE_WRITE } as const;

/**
 * A distributor's credit (the platform's hierarchy, migration 016), moved by the console's credit
 * moves beside the store's funds above: the same guard as every balance here, never below zero (on
 * PostgreSQL the row lock makes concurrent moves wait and re-check, on SQLite the single writer does).
 */
const DISTRIBUTOR_CREDIT_WRITE =
  "UPDATE platform_account SET credit_cents = credit_cents + {delta} WHERE id = {accountId} AND role = 'distributor' AND credit_cents + {delta} >= 0 RETURNING credit_cents";

// ---- `post`'s side: the text with bound parameters --------------------------------------------

interface Split {
  fragments: TemplateStringsArray;
  args: string[];
}

function split(text: string): Split {
  const parts = text.split(/\{(\w+)\}/);
  const fragments = parts.filter((_, i) => i % 2 === 0);
  return { fragments: Object.assign(fragments, { raw: fragments }) as unknown as TemplateStringsArray, args: parts.filter((_, i) => i % 2 === 1) };
}

const splits = new Map<string, Split>();
/** Each text as each database's SQL (by the Kysely instance's adapter), compiled once. */
const compiledTexts = new WeakMap<DialectAdapter, Map<string, string>>();

/**
 * The statement with each argument a bound parameter. Split and compiled once per text and
 * database (each argument compiles to one placeholder), so a money call's writes build no query
 * tree and the statement cache finds the same string again (money path CPU, issue 25).
 */
function bound(db: Db, text: string, a: object): CompiledQuery {
  let s = splits.get(text);
  if (!s) splits.set(text, (s = split(text)));
  const adapter = db.getExecutor().adapter;
  let texts = compiledTexts.get(adapter);
  if (!texts) compiledTexts.set(adapter, (texts = new Map()));
  let compiled = texts.get(text);
  if (compiled === undefined) texts.set(text, (compiled = sql(s.fragments, ...s.args.map(() => null)).compile(db).sql));
  const values = a as Readonly<Record<string, unknown>>;
  return CompiledQuery.raw(compiled, s.args.map((n) => values[n]));
}

export function guardedStatement(db: Db, w: GuardedWrite, a: WriteArgs): CompiledQuery {
  return bound(db, w.text, a);
}

export function ledgerInsert(db: Db, a: WriteArgs): CompiledQuery {
  return bound(db, LEDGER_INSERT_RETURNING, a);
}

/** The guarded change of a distributor's credit by `delta` cents; no row back: refused (it holds less than -delta) or no such distributor. */
export function distributorCreditWrite(db: Db, a: { accountId: number; delta: number }): CompiledQuery {
  return bound(db, DISTRIBUTOR_CREDIT_WRITE, a);
}

/** Whether the write runs for these arguments (the functions' IF, evaluated here). */
export function runsFor(w: GuardedWrite, a: WriteArgs): boolean {
  const given = (v: unknown) => v !== null && v !== false && v !== 0;
  return w.when.set.every((n) => a[n] !== null) && (w.when.moves.length === 0 || w.when.moves.some((n) => given(a[n])));
}

// ---- the functions' side: the text with plpgsql expressions -----------------------------------

/** Each argument as a plpgsql expression of the function (and the customer row's version). */
export type Binding = Record<Arg | 'customerVersion', string>;

function substitute(text: string, b: Binding): string {
  return text.replace(/\{(\w+)\}/g, (_, n: string) => {
    const v = b[n as keyof Binding];
    if (v === undefined) throw new Error(`no binding for {${n}}`);
    return v;
  });
}

function condition(when: When, b: Binding): string {
  const set = when.set.map((n) => `${b[n]} IS NOT NULL`);
  const moves = when.moves.map((n) => (n === 'totals' ? `${b[n]} IS NOT NULL` : `${b[n]} <> 0`));
  const all = moves.length ? [...set, moves.length > 1 ? `(${moves.join(' OR ')})` : moves[0]!] : set;
  return all.join(' AND ');
}

const raise = (g: Guard) => `IF NOT FOUND THEN RAISE EXCEPTION '${g}' USING ERRCODE = 'MBX01'; END IF;`;

/**
 * One guarded write as plpgsql: `IF <when> THEN <statement> [RETURNING … INTO into]; raise if no
 * row; [ELSE orElse; raise if no row;] END IF;` (an `orElse` is the command function's lock of an
 * unchanged customer row when no balance moves).
 */
export function plpgsqlStep(w: GuardedWrite, b: Binding, o: { into?: string[]; orElse?: string } = {}): string {
  const where = w.versionGuard ? ` AND ${w.versionGuard}` : '';
  const returning = o.into ? `\n      RETURNING ${w.returning!.join(', ')} INTO ${o.into.join(', ')}` : '';
  const statement = `${substitute(w.text + where, b)}${returning};`;
  const orElse = o.orElse ? `\n  ELSE\n    ${o.orElse}\n    ${raise(w.guard)}` : '';
  return `  IF ${condition(w.when, b)} THEN\n    ${statement}\n    ${raise(w.guard)}${orElse}\n  END IF;\n`;
}

/** The ledger row as plpgsql: VALUES of one movement, or `from` (a SELECT's FROM … clause) for several. */
export function plpgsqlLedgerInsert(b: Binding, o: { from?: string; returning: string }): string {
  const values = LEDGER_ROW.map(([, a]) => b[a]).join(', ');
  const rows = o.from ? `SELECT ${values}\n        ${o.from}` : `VALUES (${values})`;
  return `INSERT INTO ledger (${LEDGER_COLUMNS})\n      ${rows}\n      ${o.returning}`;
}
