import { sql } from 'kysely';
import { runPrepared, type DatabaseHandle, type Db } from '../db/database.js';
import { noteMovement } from './money-observer.js';
import { post, type Movement } from './ledger.js';
import { meterReadingAssignments } from '../repositories/machine.repository.js';
import { MOVEMENT_WRITES, plpgsqlLedgerInsert, plpgsqlStep, SHIFT_TOTALS, type Binding } from './guarded-writes.js';

/**
 * Applying a movement the TypeScript rules planned (issue 13's option b, docs/DECISIONS.md "Money
 * path performance"). The rules (money/customer-money.ts, movements.ts) read what they need in one
 * statement, decide, and hand the result here as a plan: the one-time key to use, the ledger row
 * and its signed deltas, and the version of the customer row they read.
 *
 * PostgreSQL applies the plan with ONE call of `mbx_apply_movement` (one round trip, atomic in
 * autocommit). The function holds no rule: its body is generated from the guarded writes
 * (money/guarded-writes.ts, the statements `ledger.post` runs too): it uses the key if still unused,
 * applies each delta with the only guards "balance stays non-negative", "shift still open" and
 * "customer row unchanged since it was read" (its `xmin`: any committed update of the row, by any
 * writer, changes it), and raises MBX01 naming the guard that failed. Nothing is then written, and
 * the caller reads again and re-runs the rules (StaleRead). Lock order: key, shift, customer,
 * ledger, store.
 *
 * SQLite runs one money call at a time on its one connection (the group commit), so nothing can
 * change between the read and the apply: the plan goes through `ledger.post` (key and initial
 * amount's mark included).
 *
 * This file and money/guarded-writes.ts are the functions' only declaration: `installMoneyFunctions`
 * re-creates them at every migrate (money/migrate.ts), so a change there is a change of the
 * function, with no migration copy. (CREATE OR REPLACE cannot change a function's arguments or
 * result columns: such a change takes a new name, and a migration drops the old one.)
 */
const MOVEMENT_SIGNATURE = `mbx_apply_movement(
    p_use_key text, p_at text, p_store_id bigint, p_kind text, p_channel text, p_amount bigint,
    p_account_id bigint, p_drawer_id bigint, p_shift_id bigint, p_customer_id bigint, p_machine_id bigint,
    p_drawer bigint, p_entries bigint, p_winnings bigint, p_credit bigint, p_budget bigint,
    p_totals bigint[], p_mark_init boolean, p_customer_version text, p_ledger_key text, p_reverts_id bigint, p_note text)
  RETURNS TABLE (o_movement_id bigint, o_balance_cents bigint, o_fills_cents bigint, o_bleeds_cents bigint, o_entries_cents bigint, o_winnings_cents bigint)`;

/** The movement function's arguments as the guarded writes name them. */
const MOVEMENT_BINDING: Binding = {
  useKey: 'p_use_key',
  at: 'p_at',
  storeId: 'p_store_id',
  kind: 'p_kind',
  channel: 'p_channel',
  amount: 'p_amount',
  accountId: 'p_account_id',
  drawerId: 'p_drawer_id',
  shiftId: 'p_shift_id',
  customerId: 'p_customer_id',
  machineId: 'p_machine_id',
  drawer: 'p_drawer',
  entries: 'p_entries',
  winnings: 'p_winnings',
  credit: 'p_credit',
  budget: 'p_budget',
  totals: 'p_totals',
  ...(Object.fromEntries(SHIFT_TOTALS.map((c, i) => [c, `COALESCE(p_totals[${i + 1}], 0)`])) as Record<(typeof SHIFT_TOTALS)[number], string>),
  markInit: 'p_mark_init::int',
  customerVersion: 'p_customer_version',
  ledgerKey: 'p_ledger_key',
  revertsId: 'p_reverts_id',
  note: 'p_note',
};

/** mbx_apply_movement's body: the guarded writes (money/guarded-writes.ts) in their order, each raising its guard. */
const MOVEMENT_BODY = `
BEGIN
${plpgsqlStep(MOVEMENT_WRITES.key, MOVEMENT_BINDING)}${plpgsqlStep(MOVEMENT_WRITES.shift, MOVEMENT_BINDING, { into: ['o_balance_cents', 'o_fills_cents', 'o_bleeds_cents'] })}${plpgsqlStep(MOVEMENT_WRITES.customer, MOVEMENT_BINDING, { into: ['o_entries_cents', 'o_winnings_cents'] })}  ${plpgsqlLedgerInsert(MOVEMENT_BINDING, { returning: 'RETURNING id INTO o_movement_id' })};
${plpgsqlStep(MOVEMENT_WRITES.store, MOVEMENT_BINDING)}  RETURN NEXT;
END
`;

/**
 * A terminal's sequenced command (services/terminal/sequence.ts), planned by its rules: the customer's
 * movements (ledger rows of this machine, their deltas summed on the customer and, for a reload
 * terminal's purchase or redeem, on the store's credit), the game round row, the acknowledgement
 * stored for resends (an ack naming a `movement_id` gets the first ledger row's id there), the
 * meters, and the advanced seq. Guards: the customer row unchanged since read (a kick or any money
 * movement changes it), balances and store credit non-negative, the machine still at seq - 1 with
 * the same customer seated as read (`p_seat`, none at a reload terminal). Same lock order as the
 * transactional path: customer, ledger, store, then the machine row last. Returns the first
 * ledger row's id (null without movements).
 */
const COMMAND_SIGNATURE = `mbx_apply_command(
    p_machine bigint, p_seq bigint, p_seat bigint, p_customer bigint, p_store_id bigint, p_at text, p_ack text,
    p_customer_version text, p_movements jsonb, p_round jsonb, p_meters jsonb)
  RETURNS bigint`;

/** The command function's movements (`x`, one element of p_movements; their deltas summed in d_*) as the guarded writes name them. */
const COMMAND_BINDING: Binding = {
  ...MOVEMENT_BINDING,
  useKey: 'NULL',
  kind: "x->>'kind'",
  channel: "x->>'channel'",
  amount: "(x->>'amount')::bigint",
  accountId: 'NULL',
  drawerId: 'NULL',
  shiftId: 'NULL',
  customerId: 'p_customer',
  machineId: 'p_machine',
  drawer: '0',
  entries: "(x->>'entries')::bigint",
  winnings: "(x->>'winnings')::bigint",
  credit: "COALESCE((x->>'credit')::bigint, 0)",
  budget: '0',
  ledgerKey: "x->>'key'",
  revertsId: 'NULL',
  note: "COALESCE(x->>'note', '')",
};
/** The same for the writes of the summed deltas (customer, store). */
const COMMAND_SUMS: Binding = { ...COMMAND_BINDING, entries: 'd_entries', winnings: 'd_winnings', credit: 'd_credit' };

/** mbx_apply_command's body: the customer, ledger and store writes of money/guarded-writes.ts, then the command's own rows. */
const COMMAND_BODY = `
DECLARE
  d_entries bigint;
  d_winnings bigint;
  d_credit bigint;
  v_first bigint;
  v_ack text := p_ack;
BEGIN
  SELECT COALESCE(SUM((x->>'entries')::bigint), 0), COALESCE(SUM((x->>'winnings')::bigint), 0), COALESCE(SUM((x->>'credit')::bigint), 0)
    INTO d_entries, d_winnings, d_credit
    FROM jsonb_array_elements(p_movements) x;
${plpgsqlStep(MOVEMENT_WRITES.customer, COMMAND_SUMS, {
  orElse: 'PERFORM 1 FROM customer WHERE id = p_customer AND store_id = p_store_id AND xmin = p_customer_version::xid FOR SHARE;',
})}  WITH inserted AS (
    ${plpgsqlLedgerInsert(COMMAND_BINDING, { from: 'FROM jsonb_array_elements(p_movements) WITH ORDINALITY AS m(x, n) ORDER BY n', returning: 'RETURNING id' })})
  SELECT MIN(id) INTO v_first FROM inserted;
${plpgsqlStep(MOVEMENT_WRITES.store, COMMAND_SUMS)}  IF p_round IS NOT NULL THEN
    INSERT INTO round (store_id, customer_id, machine_id, seq, round_no, serial_no, at, game_name, begin_credits, end_credits,
        jp_bet, game_bet, extra_bet, buy_bonus_cost, win)
      SELECT r.store_id, r.customer_id, r.machine_id, r.seq, r.round_no, r.serial_no, r.at, r.game_name, r.begin_credits, r.end_credits,
          r.jp_bet, r.game_bet, r.extra_bet, r.buy_bonus_cost, r.win
        FROM jsonb_populate_record(NULL::round, p_round) r;
  END IF;
  IF v_first IS NOT NULL AND p_ack::jsonb ? 'movement_id' THEN
    v_ack := jsonb_set(p_ack::jsonb, '{movement_id}', to_jsonb(v_first))::text;
  END IF;
  INSERT INTO terminal_ack (machine_row_id, seq, store_id, at, ack) VALUES (p_machine, p_seq, p_store_id, p_at, v_ack);
  IF p_meters IS NULL THEN
    UPDATE machine SET last_seq = p_seq
      WHERE id = p_machine AND last_seq = p_seq - 1 AND removed = 0 AND customer_id IS NOT DISTINCT FROM p_seat;
  ELSE
    -- With the reading, a lower one than the last being a reset (repositories/machine.repository.ts meterReadingAssignments).
    UPDATE machine SET last_seq = p_seq, ${meterReadingAssignments({ played: "(p_meters->>'played')::bigint", won: "(p_meters->>'won')::bigint", games: "(p_meters->>'games')::bigint", at: 'p_at' })}
      WHERE id = p_machine AND last_seq = p_seq - 1 AND removed = 0 AND customer_id IS NOT DISTINCT FROM p_seat;
  END IF;
  IF NOT FOUND THEN RAISE EXCEPTION 'machine' USING ERRCODE = 'MBX01'; END IF;
  IF p_meters IS NOT NULL THEN
    -- The store day's last meter reading (migration 022; services/terminal/meters.ts saveMeters on the other paths):
    -- a reading after its day's early close counts on the next day.
    INSERT INTO machine_meter_day (machine_id, day, store_id, played, won, games, resets)
      SELECT m.id, CASE WHEN c.closed_at <= p_at THEN to_char(d.day::date + 1, 'YYYY-MM-DD') ELSE d.day END,
          m.store_id, m.meter_played, m.meter_won, m.meter_games, m.meter_resets
        FROM machine m JOIN store s ON s.id = m.store_id
          CROSS JOIN LATERAL (SELECT to_char(p_at::timestamptz AT TIME ZONE s.timezone, 'YYYY-MM-DD') AS day) d
          LEFT JOIN day_close c ON c.store_id = m.store_id AND c.day = d.day
        WHERE m.id = p_machine
      ON CONFLICT (machine_id, day) DO UPDATE SET played = EXCLUDED.played, won = EXCLUDED.won, games = EXCLUDED.games, resets = EXCLUDED.resets;
  END IF;
  RETURN v_first;
END
`;

/** Each money function's body as generated today: what `installMoneyFunctions` creates (a test compares the installed ones). */
export const MONEY_FUNCTION_BODIES = { mbx_apply_movement: MOVEMENT_BODY, mbx_apply_command: COMMAND_BODY } as const;

const create = (signature: string, body: string) => sql.raw(`CREATE OR REPLACE FUNCTION ${signature} LANGUAGE plpgsql AS $fn$${body}$fn$`);

/** Any number that is not this process's: the function is (re-)created under this advisory lock. */
const INSTALL_LOCK = 7_310_013;

/**
 * Creates or replaces the money functions (PostgreSQL; nothing on SQLite). Run by every migrate,
 * after the migrations: several servers starting at once take turns on an advisory lock.
 */
export async function installMoneyFunctions(handle: DatabaseHandle): Promise<void> {
  if (handle.dialect !== 'postgres') return;
  await handle.db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${INSTALL_LOCK})`.execute(tx);
    await create(MOVEMENT_SIGNATURE, MOVEMENT_BODY).execute(tx);
    await create(COMMAND_SIGNATURE, COMMAND_BODY).execute(tx);
  });
}

/** Tests only: runs between a money call's read and its apply (to change a row in between). */
export const moneyTestHooks: { afterRead?: (attempt: number) => Promise<void> } = {};

/** A guard of the apply failed: a row changed since the rules read it. Read again and re-decide. */
class StaleRead extends Error {
  constructor(readonly guard: string) {
    super(`money plan stale: ${guard}`);
  }
}

/** A stale plan, or (PostgreSQL) a deadlock the server broke by aborting this call: both mean "read again". */
export function isStale(err: unknown): boolean {
  return err instanceof StaleRead || (!!err && typeof err === 'object' && (err as { code?: unknown }).code === '40P01');
}

/** What the rules decided: the movement (ledger row and deltas), the key to use, the customer row's version as read. */
export interface MovementPlan {
  movement: Movement;
  /** The call's one-time key, used by the apply (the ledger row's own `key` is movement.key). */
  useKey?: string;
  /** PostgreSQL: the customer row's `xmin` as the rules read it; the apply refuses a row changed since. */
  customerVersion?: string | null;
  /** The drawer's initial amount: marks the shift's initial amount set (the apply refuses one set since the read). */
  markInit?: boolean;
  /**
   * What is written beside the movement, in its transaction (a checked payout's record and audit row):
   * counter-call.ts applyPlan runs the apply and this in one transaction on PostgreSQL too.
   */
  alongside?: (tx: Db, movementId: number) => Promise<void>;
}

/** The balances after the apply, where the apply touched them (PostgreSQL reports them; SQLite computes from the read). */
export interface Applied {
  movementId: number;
  balanceCents: number | null;
  fillsCents: number | null;
  bleedsCents: number | null;
  entriesCents: number | null;
  winningsCents: number | null;
}

/**
 * Applies a plan in `db` (PostgreSQL: any connection, autocommit or a transaction; SQLite: the
 * caller's transaction). Throws StaleRead when a guard fails on PostgreSQL.
 */
export async function applyMovement(handle: DatabaseHandle, db: Db, plan: MovementPlan): Promise<Applied> {
  const m = plan.movement;
  if (handle.dialect !== 'postgres') {
    const movementId = await post(db, m, { useKey: plan.useKey, markInit: plan.markInit });
    return { movementId, balanceCents: null, fillsCents: null, bleedsCents: null, entriesCents: null, winningsCents: null };
  }
  const totals = m.shiftTotals ? SHIFT_TOTALS.map((col) => m.shiftTotals?.[col] ?? 0) : null;
  let r;
  try {
    r = await runPrepared(handle, db, sql<{
      o_movement_id: number;
      o_balance_cents: number | null;
      o_fills_cents: number | null;
      o_bleeds_cents: number | null;
      o_entries_cents: number | null;
      o_winnings_cents: number | null;
    }>`SELECT * FROM mbx_apply_movement(
        ${plan.useKey ?? null}, ${m.at}, ${m.storeId}, ${m.kind}, ${m.channel ?? 'pos'}, ${m.amount},
        ${m.accountId ?? null}, ${m.drawerId ?? null}, ${m.shiftId ?? null}, ${m.customerId ?? null}, ${m.machineId ?? null},
        ${m.drawer ?? 0}, ${m.entries ?? 0}, ${m.winnings ?? 0}, ${m.credit ?? 0}, ${m.budget ?? 0},
        ${totals}, ${plan.markInit ?? false}, ${plan.customerVersion ?? null}, ${m.key ?? null}, ${m.revertsId ?? null}, ${m.note ?? ''})`);
  } catch (err) {
    throw staleOr(err);
  }
  noteMovement(db, { kind: m.kind, channel: m.channel ?? 'pos', storeId: m.storeId, customerId: m.customerId ?? null, machineId: m.machineId ?? null });
  const row = r.rows[0]!;
  return {
    movementId: Number(row.o_movement_id),
    balanceCents: row.o_balance_cents,
    fillsCents: row.o_fills_cents,
    bleedsCents: row.o_bleeds_cents,
    entriesCents: row.o_entries_cents,
    winningsCents: row.o_winnings_cents,
  };
}

/** A terminal command's plan (see COMMAND_FUNCTION). */
export interface CommandPlan {
  machineRowId: number;
  seq: number;
  /** The machine's seated customer as read: the apply refuses if it changed (none at a reload terminal). */
  seat: number | null;
  /** The customer whose money moves (at a game machine, the seated one). */
  customer: number;
  storeId: number;
  at: string;
  ack: string;
  customerVersion: string;
  movements: Array<Pick<Movement, 'kind' | 'channel' | 'amount' | 'key' | 'note' | 'credit'> & { entries: number; winnings: number }>;
  round?: Record<string, unknown>;
  meters?: { played: number; won: number; games: number };
}

/** PostgreSQL only: applies a terminal command's plan in one call; StaleRead when a guard failed. The first ledger row's id. */
export async function applyCommand(handle: DatabaseHandle, p: CommandPlan): Promise<number | null> {
  let r;
  try {
    r = await runPrepared(handle, handle.db, sql<{ id: string | number | null }>`SELECT mbx_apply_command(${p.machineRowId}, ${p.seq}, ${p.seat}, ${p.customer}, ${p.storeId},
        ${p.at}, ${p.ack}, ${p.customerVersion}, ${JSON.stringify(p.movements)}, ${p.round ? JSON.stringify(p.round) : null}, ${p.meters ? JSON.stringify(p.meters) : null}) AS id`);
  } catch (err) {
    throw staleOr(err);
  }
  for (const m of p.movements) noteMovement(handle.db, { kind: m.kind, channel: m.channel ?? 'pos', storeId: p.storeId, customerId: p.customer, machineId: p.machineRowId });
  const id = r.rows[0]?.id;
  return id === null || id === undefined ? null : Number(id);
}

/** The apply functions' failed guard (MBX01) as StaleRead; any other error as it is. */
function staleOr(err: unknown): unknown {
  return err && typeof err === 'object' && (err as { code?: unknown }).code === 'MBX01' ? new StaleRead(String((err as { message?: unknown }).message)) : err;
}
