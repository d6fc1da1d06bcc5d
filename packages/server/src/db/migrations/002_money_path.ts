import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // The purchase-limit and revertable sums filter a customer's purchases and reverts by store,
  // customer, kind and time. Without an index led by (store_id, customer_id), SQLite's planner
  // took ledger_store_at and read every ledger row of the store in the week: a cost that grew
  // with the store's business, on every purchase.
  await db.schema.createIndex('ledger_store_customer_kind_at').on('ledger').columns(['store_id', 'customer_id', 'kind', 'at']).execute();
  if (dialect === 'postgres') {
    // Every purchase inserts a ledger row and then updates its store row, the one row all the
    // store's purchases queue on. An immediate foreign-key check locks that store row (KEY SHARE)
    // while another purchase holds it for its update: PostgreSQL then records both lockers in a
    // multixact, on every purchase. Checked at commit instead, each transaction locks the row
    // after its own update, when it already holds it (the purchase bench ran 20-50% faster).
    await sql`ALTER TABLE ledger ALTER CONSTRAINT ledger_store_id_fkey DEFERRABLE INITIALLY DEFERRED`.execute(db);
    await createCustomerMoneyFunction(db);
  }
}

/**
 * PostgreSQL runs a customer money call (purchase, revert, redeem, special comps) as ONE statement:
 * this function, called in autocommit, is the whole transaction. Why: every purchase updates the
 * store row (store credit), so purchases queue on that row's lock, and with one statement per step
 * the lock was held across several client round trips, each as slow as a busy Node event loop.
 * Inside the function the locks are held only for the server's own work and the commit.
 *
 * It is the SQL twin of the SQLite path in api/customer/movement.service.ts (same checks in the
 * same order, same locks in the order shift -> customer -> store, same guarded updates and ledger
 * row as ledger/ledger.ts post()); the API tests run every status code on both databases.
 * A refusal raises SQLSTATE 'MBREF' with a JSON message {reason, ...}: the statement aborts, so
 * the key use and every update roll back, and movement.service.ts maps the reason to the
 * catalogue's status (the catalogue stays in TypeScript).
 */
async function createCustomerMoneyFunction(db: Kysely<any>): Promise<void> {
  await sql`
CREATE OR REPLACE FUNCTION mbx_refuse(p_reason text, p_data jsonb DEFAULT '{}'::jsonb) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'MBREF', MESSAGE = (jsonb_build_object('reason', p_reason) || p_data)::text;
END
$fn$`.execute(db);

  await sql`
CREATE OR REPLACE FUNCTION mbx_customer_money(
  p_kind text, p_store bigint, p_account bigint, p_customer bigint, p_amount bigint, p_key text,
  p_at text, p_hour text, p_day text, p_week text,
  p_token_hash text DEFAULT NULL, p_uid text DEFAULT NULL, p_fresh_after text DEFAULT NULL
) RETURNS TABLE (customer_id bigint, movement_id bigint, entries_cents bigint, winnings_cents bigint, balance_cents bigint)
LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
DECLARE
  a bigint := coalesce(p_amount, 0);
  st record;
  cu record;
  so record;
  used record;
  bought bigint;
  d_drawer bigint := 0;
  d_entries bigint := 0;
  d_winnings bigint := 0;
  d_credit bigint := 0;
  d_budget bigint := 0;
  t_purchases bigint := 0;
  t_reverts bigint := 0;
  t_redeems bigint := 0;
  t_special bigint := 0;
  mid bigint;
  se record;
BEGIN
  -- With a token hash, the caller's session is checked here instead of in a round trip of its
  -- own (http/authenticate.ts), and gives the store and account. Only the plain case is decided
  -- here: an active cashier-or-boss session in pos mode, seen recently enough that it needs no
  -- touch. Anything else refuses 'session', and the caller takes the ordinary path, which
  -- answers 5 or 21, revokes or touches, exactly as for every other call.
  IF p_token_hash IS NOT NULL THEN
    SELECT s.store_id, s.account_id INTO se
      FROM session s JOIN account ac ON ac.id = s.account_id
     WHERE s.token_hash = p_token_hash AND s.revoked_at IS NULL AND s.mode <> 'viewer' AND s.last_seen_at >= p_fresh_after
       AND s.account_id::text = p_uid AND ac.disabled = 0 AND ac.removed = 0;
    IF NOT FOUND THEN PERFORM mbx_refuse('session'); END IF;
    p_store := se.store_id;
    p_account := se.account_id;
  END IF;

  UPDATE one_time_key SET used_at = p_at WHERE key = p_key AND used_at IS NULL AND expires_at > p_at;
  IF NOT FOUND THEN PERFORM mbx_refuse('key'); END IF;

  -- First lock: the caller's open shift (with its drawer and store read in the same statement).
  SELECT s.id AS shift_id, s.drawer_id, s.init_set, s.started_at, s.balance_cents, d.frozen AS drawer_frozen,
         t.closed AS store_closed, t.frozen AS store_frozen, t.freeze_msg, t.min_amount_cents,
         t.limit_hourly_cents, t.limit_daily_cents, t.limit_weekly_cents
    INTO st
    FROM shift s JOIN drawer d ON d.id = s.drawer_id JOIN store t ON t.id = s.store_id
   WHERE s.account_id = p_account AND s.store_id = p_store AND s.ended_at IS NULL
     FOR UPDATE OF s;
  IF NOT FOUND THEN
    -- No open shift: a closed or frozen store still says so first.
    SELECT closed, frozen, freeze_msg INTO so FROM store WHERE id = p_store;
    IF NOT FOUND OR so.closed = 1 THEN PERFORM mbx_refuse('store_closed'); END IF;
    IF so.frozen = 1 THEN PERFORM mbx_refuse('store_frozen', jsonb_build_object('freeze_msg', so.freeze_msg)); END IF;
    PERFORM mbx_refuse('no_shift');
  END IF;
  IF st.store_closed = 1 THEN PERFORM mbx_refuse('store_closed'); END IF;
  IF st.store_frozen = 1 THEN PERFORM mbx_refuse('store_frozen', jsonb_build_object('freeze_msg', st.freeze_msg)); END IF;
  IF st.drawer_frozen = 1 THEN PERFORM mbx_refuse('drawer_frozen'); END IF;
  IF st.init_set <> 1 THEN PERFORM mbx_refuse('needs_init'); END IF;

  -- Second lock: the customer. It makes the limit and revertable sums below exact.
  SELECT c.id, c.blocked, c.playing_machine_id, c.entries_cents, c.winnings_cents INTO cu
    FROM customer c WHERE c.store_id = p_store AND c.id = p_customer FOR UPDATE;
  IF NOT FOUND OR cu.blocked = 1 THEN PERFORM mbx_refuse('customer'); END IF;
  IF cu.playing_machine_id IS NOT NULL THEN PERFORM mbx_refuse('playing'); END IF;

  IF a <= 0 OR a < st.min_amount_cents THEN PERFORM mbx_refuse('min_amount', jsonb_build_object('min_amount_cents', st.min_amount_cents)); END IF;

  IF p_kind = 'purchase' THEN
    SELECT coalesce(sum(CASE WHEN l.at >= p_hour THEN CASE WHEN l.kind = 'purchase' THEN l.amount_cents ELSE -l.amount_cents END ELSE 0 END), 0) AS hour,
           coalesce(sum(CASE WHEN l.at >= p_day THEN CASE WHEN l.kind = 'purchase' THEN l.amount_cents ELSE -l.amount_cents END ELSE 0 END), 0) AS day,
           coalesce(sum(CASE WHEN l.kind = 'purchase' THEN l.amount_cents ELSE -l.amount_cents END), 0) AS week
      INTO used
      FROM ledger l
     WHERE l.store_id = p_store AND l.customer_id = cu.id AND l.kind IN ('purchase', 'revert') AND l.at >= p_week;
    IF st.limit_hourly_cents > 0 AND a > greatest(0, st.limit_hourly_cents - used.hour) THEN
      PERFORM mbx_refuse('purchase_limit', jsonb_build_object('limit', 'hourly', 'left_cents', greatest(0, st.limit_hourly_cents - used.hour)));
    END IF;
    IF st.limit_daily_cents > 0 AND a > greatest(0, st.limit_daily_cents - used.day) THEN
      PERFORM mbx_refuse('purchase_limit', jsonb_build_object('limit', 'daily', 'left_cents', greatest(0, st.limit_daily_cents - used.day)));
    END IF;
    IF st.limit_weekly_cents > 0 AND a > greatest(0, st.limit_weekly_cents - used.week) THEN
      PERFORM mbx_refuse('purchase_limit', jsonb_build_object('limit', 'weekly', 'left_cents', greatest(0, st.limit_weekly_cents - used.week)));
    END IF;
    d_drawer := a; d_entries := a; d_credit := -a; t_purchases := a;
  ELSIF p_kind = 'revert' THEN
    -- Only what this customer bought in this shift and has not played yet can be taken back.
    SELECT coalesce(sum(CASE WHEN l.kind = 'purchase' THEN l.amount_cents ELSE -l.amount_cents END), 0) INTO bought
      FROM ledger l
     WHERE l.store_id = p_store AND l.customer_id = cu.id AND l.kind IN ('purchase', 'revert')
       AND l.at >= st.started_at AND l.shift_id = st.shift_id;
    IF a > greatest(0, least(cu.entries_cents, bought)) THEN
      PERFORM mbx_refuse('over_revertable', jsonb_build_object('revertable_cents', greatest(0, least(cu.entries_cents, bought))));
    END IF;
    d_drawer := -a; d_entries := -a; d_credit := a; t_purchases := -a; t_reverts := a;
  ELSIF p_kind = 'redeem' THEN
    d_drawer := -a; d_winnings := -a; d_credit := a; t_redeems := a;
  ELSIF p_kind = 'special_comps' THEN
    d_entries := a; d_budget := -a; t_special := a;
  ELSE
    RAISE EXCEPTION 'unknown money kind %', p_kind;
  END IF;
  IF d_entries < 0 AND cu.entries_cents < a THEN PERFORM mbx_refuse('entries'); END IF;
  IF d_winnings < 0 AND cu.winnings_cents < a THEN PERFORM mbx_refuse('winnings'); END IF;

  -- ledger.post(): guarded cached balances in the order shift -> customer -> store, and the row.
  UPDATE shift SET balance_cents = shift.balance_cents + d_drawer,
                   purchases_cents = shift.purchases_cents + t_purchases,
                   reverts_cents = shift.reverts_cents + t_reverts,
                   redeems_cents = shift.redeems_cents + t_redeems,
                   special_comps_cents = shift.special_comps_cents + t_special
   WHERE shift.id = st.shift_id AND shift.store_id = p_store AND shift.ended_at IS NULL
     AND (d_drawer >= 0 OR shift.balance_cents >= -d_drawer);
  IF NOT FOUND THEN
    PERFORM mbx_refuse(CASE WHEN d_drawer < 0 AND EXISTS (SELECT 1 FROM shift WHERE id = st.shift_id AND ended_at IS NULL) THEN 'drawer_short' ELSE 'no_shift' END);
  END IF;

  UPDATE customer SET entries_cents = customer.entries_cents + d_entries, winnings_cents = customer.winnings_cents + d_winnings
   WHERE customer.id = cu.id AND customer.store_id = p_store
     AND (d_entries >= 0 OR customer.entries_cents >= -d_entries)
     AND (d_winnings >= 0 OR customer.winnings_cents >= -d_winnings);
  IF NOT FOUND THEN
    PERFORM mbx_refuse(CASE WHEN d_winnings < 0 THEN 'winnings' WHEN d_entries < 0 THEN 'entries' ELSE 'customer' END);
  END IF;

  -- The ledger row before the store row: every purchase waits for the store row's lock, so it is
  -- taken last and held only for its UPDATE and the commit. The insert locks none of the three
  -- rows (the store foreign key takes a KEY SHARE lock, which the credit UPDATE does not block).
  INSERT INTO ledger (store_id, at, kind, channel, account_id, drawer_id, shift_id, customer_id, machine_id, amount_cents,
                      d_drawer_cents, d_entries_cents, d_winnings_cents, d_credit_cents, d_budget_cents, key, reverts_id, note)
  VALUES (p_store, p_at, p_kind, 'pos', p_account, st.drawer_id, st.shift_id, cu.id, NULL, a,
          d_drawer, d_entries, d_winnings, d_credit, d_budget, p_key, NULL, '')
  RETURNING id INTO mid;

  UPDATE store SET credit_cents = store.credit_cents + d_credit, comps_budget_cents = store.comps_budget_cents + d_budget
   WHERE store.id = p_store
     AND (d_credit >= 0 OR store.credit_cents >= -d_credit)
     AND (d_budget >= 0 OR store.comps_budget_cents >= -d_budget);
  IF NOT FOUND THEN
    PERFORM mbx_refuse(CASE WHEN d_budget < 0 THEN 'budget' ELSE 'credit' END);
  END IF;

  -- Both rows are locked by this transaction: old value + delta is the new value.
  RETURN QUERY SELECT cu.id::bigint, mid, cu.entries_cents + d_entries, cu.winnings_cents + d_winnings, st.balance_cents + d_drawer;
END
$fn$`.execute(db);
}
