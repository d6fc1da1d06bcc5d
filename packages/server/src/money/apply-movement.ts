import { sql } from 'kysely';
import { runPrepared, type DatabaseHandle, type Db } from '../db/database.js';
import { noteMovement } from './money-observer.js';
import { RefusalReason } from '@moneybox/contract';
import { shiftRepository } from '../repositories/shift.repository.js';
import { consumeKey, post, SHIFT_TOTALS, type Movement } from './ledger.js';
import { refuseMovement } from './refusal.js';

/**
 * Applying a movement the TypeScript rules planned (issue 13's option b, docs/DECISIONS.md "Money
 * path performance"). The rules (money/customer-money.ts, movements.ts) read what they need in one
 * statement, decide, and hand the result here as a plan: the one-time key to use, the ledger row
 * and its signed deltas, and the version of the customer row they read.
 *
 * PostgreSQL applies the plan with ONE call of `mbx_apply_movement` (one round trip, atomic in
 * autocommit). The function holds no rule: it uses the key if still unused, applies each delta
 * with the only guards "balance stays non-negative", "shift still open" and "customer row unchanged
 * since it was read" (its `xmin`: any committed update of the row, by any writer, changes it), and
 * raises MBX01 naming the guard that failed. Nothing is then written, and the caller reads again
 * and re-runs the rules (StaleRead). The statements are the ones `ledger.post` runs, in its lock
 * order (key, shift, customer, ledger, store).
 *
 * SQLite runs one money call at a time on its one connection (the group commit), so nothing can
 * change between the read and the apply: the plan goes through `consumeKey` and `ledger.post`.
 *
 * This file is the functions' only declaration: `installMoneyFunctions` re-creates them at every
 * migrate (db/migrate.ts), so a change here is a change of the function, with no migration copy.
 * (CREATE OR REPLACE cannot change a function's arguments or result columns: such a change takes
 * a new name, and a migration drops the old one.)
 */
const APPLY_FUNCTION = sql`CREATE OR REPLACE FUNCTION mbx_apply_movement(
    p_use_key text, p_at text, p_store_id bigint, p_kind text, p_channel text, p_amount bigint,
    p_account_id bigint, p_drawer_id bigint, p_shift_id bigint, p_customer_id bigint, p_machine_id bigint,
    p_drawer bigint, p_entries bigint, p_winnings bigint, p_credit bigint, p_budget bigint,
    p_totals bigint[], p_mark_init boolean, p_customer_version text, p_ledger_key text, p_reverts_id bigint, p_note text)
  RETURNS TABLE (o_movement_id bigint, o_balance_cents bigint, o_fills_cents bigint, o_bleeds_cents bigint, o_entries_cents bigint, o_winnings_cents bigint)
  LANGUAGE plpgsql AS $fn$
BEGIN
  IF p_use_key IS NOT NULL THEN
    UPDATE one_time_key SET used_at = p_at WHERE key = p_use_key AND used_at IS NULL AND expires_at > p_at;
    IF NOT FOUND THEN RAISE EXCEPTION 'key' USING ERRCODE = 'MBX01'; END IF;
  END IF;
  IF p_shift_id IS NOT NULL AND (p_drawer <> 0 OR p_totals IS NOT NULL) THEN
    UPDATE shift SET balance_cents = balance_cents + p_drawer,
        initial_cents = initial_cents + COALESCE(p_totals[1], 0), fills_cents = fills_cents + COALESCE(p_totals[2], 0),
        bleeds_cents = bleeds_cents + COALESCE(p_totals[3], 0), purchases_cents = purchases_cents + COALESCE(p_totals[4], 0),
        redeems_cents = redeems_cents + COALESCE(p_totals[5], 0), comps_cents = comps_cents + COALESCE(p_totals[6], 0),
        special_comps_cents = special_comps_cents + COALESCE(p_totals[7], 0), reverts_cents = reverts_cents + COALESCE(p_totals[8], 0),
        init_set = CASE WHEN p_mark_init THEN 1 ELSE init_set END
      WHERE id = p_shift_id AND store_id = p_store_id AND ended_at IS NULL AND (p_drawer >= 0 OR balance_cents >= -p_drawer)
        AND (NOT p_mark_init OR init_set = 0)
      RETURNING balance_cents, fills_cents, bleeds_cents INTO o_balance_cents, o_fills_cents, o_bleeds_cents;
    IF NOT FOUND THEN RAISE EXCEPTION 'shift' USING ERRCODE = 'MBX01'; END IF;
  END IF;
  IF p_customer_id IS NOT NULL AND (p_entries <> 0 OR p_winnings <> 0) THEN
    UPDATE customer SET entries_cents = entries_cents + p_entries, winnings_cents = winnings_cents + p_winnings
      WHERE id = p_customer_id AND store_id = p_store_id AND (p_customer_version IS NULL OR xmin = p_customer_version::xid)
        AND (p_entries >= 0 OR entries_cents >= -p_entries) AND (p_winnings >= 0 OR winnings_cents >= -p_winnings)
      RETURNING entries_cents, winnings_cents INTO o_entries_cents, o_winnings_cents;
    IF NOT FOUND THEN RAISE EXCEPTION 'customer' USING ERRCODE = 'MBX01'; END IF;
  END IF;
  INSERT INTO ledger (store_id, at, kind, channel, account_id, drawer_id, shift_id, customer_id, machine_id,
      amount_cents, d_drawer_cents, d_entries_cents, d_winnings_cents, d_credit_cents, d_budget_cents, key, reverts_id, note)
    VALUES (p_store_id, p_at, p_kind, p_channel, p_account_id, p_drawer_id, p_shift_id, p_customer_id, p_machine_id,
      p_amount, p_drawer, p_entries, p_winnings, p_credit, p_budget, p_ledger_key, p_reverts_id, p_note)
    RETURNING id INTO o_movement_id;
  IF p_credit <> 0 OR p_budget <> 0 THEN
    UPDATE store SET credit_cents = credit_cents + p_credit, comps_budget_cents = comps_budget_cents + p_budget
      WHERE id = p_store_id AND (p_credit >= 0 OR credit_cents >= -p_credit) AND (p_budget >= 0 OR comps_budget_cents >= -p_budget);
    IF NOT FOUND THEN RAISE EXCEPTION 'store' USING ERRCODE = 'MBX01'; END IF;
  END IF;
  RETURN NEXT;
END
$fn$`;

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
const COMMAND_FUNCTION = sql`CREATE OR REPLACE FUNCTION mbx_apply_command(
    p_machine bigint, p_seq bigint, p_seat bigint, p_customer bigint, p_store_id bigint, p_at text, p_ack text,
    p_customer_version text, p_movements jsonb, p_round jsonb, p_meters jsonb)
  RETURNS bigint LANGUAGE plpgsql AS $fn$
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
  IF d_entries <> 0 OR d_winnings <> 0 THEN
    UPDATE customer SET entries_cents = entries_cents + d_entries, winnings_cents = winnings_cents + d_winnings
      WHERE id = p_customer AND store_id = p_store_id AND xmin = p_customer_version::xid
        AND entries_cents + d_entries >= 0 AND winnings_cents + d_winnings >= 0;
  ELSE
    PERFORM 1 FROM customer WHERE id = p_customer AND store_id = p_store_id AND xmin = p_customer_version::xid FOR SHARE;
  END IF;
  IF NOT FOUND THEN RAISE EXCEPTION 'customer' USING ERRCODE = 'MBX01'; END IF;
  WITH inserted AS (
    INSERT INTO ledger (store_id, at, kind, channel, customer_id, machine_id, amount_cents, d_entries_cents, d_winnings_cents, d_credit_cents, key, note)
      SELECT p_store_id, p_at, x->>'kind', x->>'channel', p_customer, p_machine, (x->>'amount')::bigint, (x->>'entries')::bigint,
          (x->>'winnings')::bigint, COALESCE((x->>'credit')::bigint, 0), x->>'key', COALESCE(x->>'note', '')
        FROM jsonb_array_elements(p_movements) WITH ORDINALITY AS m(x, n) ORDER BY n
      RETURNING id)
  SELECT MIN(id) INTO v_first FROM inserted;
  IF d_credit <> 0 THEN
    UPDATE store SET credit_cents = credit_cents + d_credit WHERE id = p_store_id AND credit_cents + d_credit >= 0;
    IF NOT FOUND THEN RAISE EXCEPTION 'store' USING ERRCODE = 'MBX01'; END IF;
  END IF;
  IF p_round IS NOT NULL THEN
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
  UPDATE machine SET last_seq = p_seq, meter_played = COALESCE((p_meters->>'played')::bigint, meter_played),
      meter_won = COALESCE((p_meters->>'won')::bigint, meter_won), meter_games = COALESCE((p_meters->>'games')::bigint, meter_games)
    WHERE id = p_machine AND last_seq = p_seq - 1 AND removed = 0 AND customer_id IS NOT DISTINCT FROM p_seat;
  IF NOT FOUND THEN RAISE EXCEPTION 'machine' USING ERRCODE = 'MBX01'; END IF;
  RETURN v_first;
END
$fn$`;

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
    await APPLY_FUNCTION.execute(tx);
    await COMMAND_FUNCTION.execute(tx);
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
    if (plan.useKey !== undefined) await consumeKey(db, plan.useKey, m.at);
    if (plan.markInit && !(await shiftRepository.markInitSet(db, m.storeId, m.shiftId!))) refuseMovement(RefusalReason.INIT_ALREADY_SET, m.kind);
    return { movementId: await post(db, m), balanceCents: null, fillsCents: null, bleedsCents: null, entriesCents: null, winningsCents: null };
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
  noteMovement(db, m.kind, m.channel ?? 'pos');
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
  for (const m of p.movements) noteMovement(handle.db, m.kind, m.channel ?? 'pos');
  const id = r.rows[0]?.id;
  return id === null || id === undefined ? null : Number(id);
}

/** The apply functions' failed guard (MBX01) as StaleRead; any other error as it is. */
function staleOr(err: unknown): unknown {
  return err && typeof err === 'object' && (err as { code?: unknown }).code === 'MBX01' ? new StaleRead(String((err as { message?: unknown }).message)) : err;
}
