import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { creditTransferRepository } from '../repositories/credit-transfer.repository.js';

interface Difference {
  what: string;
  id: number;
  cached: number;
  ledger: number;
}

/**
 * Recomputes every cached balance from the ledger and lists each one that differs.
 * An empty list means the books balance.
 */
export async function verifyLedger(db: Db, storeId?: number): Promise<Difference[]> {
  const out: Difference[] = [];
  const byStore = storeId === undefined ? sql`1=1` : sql`s.id = ${storeId}`;
  const byStoreCol = (col: string) => (storeId === undefined ? sql`1=1` : sql`${sql.ref(col)} = ${storeId}`);

  const stores = await sql<{ id: number; credit: number; budget: number; lc: number; lb: number }>`
    SELECT s.id, s.credit_cents AS credit, s.comps_budget_cents AS budget,
      COALESCE((SELECT SUM(l.d_credit_cents) FROM ledger l WHERE l.store_id = s.id), 0) AS lc,
      COALESCE((SELECT SUM(l.d_budget_cents) FROM ledger l WHERE l.store_id = s.id), 0) AS lb
    FROM store s WHERE ${byStore}`.execute(db);
  for (const r of stores.rows) {
    if (Number(r.credit) !== Number(r.lc)) out.push({ what: 'store credit', id: Number(r.id), cached: Number(r.credit), ledger: Number(r.lc) });
    if (Number(r.budget) !== Number(r.lb)) out.push({ what: 'store special comps budget', id: Number(r.id), cached: Number(r.budget), ledger: Number(r.lb) });
  }

  const customers = await sql<{ id: number; entries: number; winnings: number; le: number; lw: number }>`
    SELECT c.id, c.entries_cents AS entries, c.winnings_cents AS winnings,
      COALESCE(SUM(l.d_entries_cents), 0) AS le, COALESCE(SUM(l.d_winnings_cents), 0) AS lw
    FROM customer c LEFT JOIN ledger l ON l.customer_id = c.id
    WHERE ${byStoreCol('c.store_id')}
    GROUP BY c.id, c.entries_cents, c.winnings_cents`.execute(db);
  for (const r of customers.rows) {
    if (Number(r.entries) !== Number(r.le)) out.push({ what: 'customer entries', id: Number(r.id), cached: Number(r.entries), ledger: Number(r.le) });
    if (Number(r.winnings) !== Number(r.lw)) out.push({ what: 'customer winnings', id: Number(r.id), cached: Number(r.winnings), ledger: Number(r.lw) });
  }

  const shifts = await sql<Record<string, number>>`
    SELECT sh.id, sh.balance_cents AS balance, sh.initial_cents AS initial, sh.fills_cents AS fills,
      sh.bleeds_cents AS bleeds, sh.purchases_cents AS purchases, sh.redeems_cents AS redeems,
      sh.special_comps_cents AS special_comps, sh.reverts_cents AS reverts,
      COALESCE(SUM(l.d_drawer_cents), 0) AS l_balance,
      COALESCE(SUM(CASE WHEN l.kind = 'init' THEN l.amount_cents ELSE 0 END), 0) AS l_initial,
      COALESCE(SUM(CASE WHEN l.kind = 'fill' THEN l.amount_cents ELSE 0 END), 0) AS l_fills,
      COALESCE(SUM(CASE WHEN l.kind = 'bleed' THEN l.amount_cents ELSE 0 END), 0) AS l_bleeds,
      COALESCE(SUM(CASE WHEN l.kind = 'purchase' THEN l.amount_cents WHEN l.kind = 'revert' THEN -l.amount_cents ELSE 0 END), 0) AS l_purchases,
      COALESCE(SUM(CASE WHEN l.kind = 'redeem' THEN l.amount_cents ELSE 0 END), 0) AS l_redeems,
      COALESCE(SUM(CASE WHEN l.kind = 'special_comps' THEN l.amount_cents ELSE 0 END), 0) AS l_special_comps,
      COALESCE(SUM(CASE WHEN l.kind = 'revert' THEN l.amount_cents ELSE 0 END), 0) AS l_reverts
    FROM shift sh LEFT JOIN ledger l ON l.shift_id = sh.id
    WHERE ${byStoreCol('sh.store_id')}
    GROUP BY sh.id, sh.balance_cents, sh.initial_cents, sh.fills_cents, sh.bleeds_cents, sh.purchases_cents,
      sh.redeems_cents, sh.special_comps_cents, sh.reverts_cents`.execute(db);
  for (const r of shifts.rows) {
    for (const k of ['balance', 'initial', 'fills', 'bleeds', 'purchases', 'redeems', 'special_comps', 'reverts']) {
      if (Number(r[k]) !== Number(r[`l_${k}`])) out.push({ what: `shift ${k}`, id: Number(r.id), cached: Number(r[k]), ledger: Number(r[`l_${k}`]) });
    }
    // The drawer cash balance is also the spec's formula of the totals.
    const formula = Number(r.initial) + Number(r.fills) - Number(r.bleeds) + Number(r.purchases) - Number(r.redeems);
    if (formula !== Number(r.balance)) out.push({ what: 'shift balance formula', id: Number(r.id), cached: Number(r.balance), ledger: formula });
  }

  // The platform's credit accounts (distributors) against their moves; a store's side is its ledger above.
  if (storeId === undefined) {
    for (const r of (await creditTransferRepository.balances(db)).rows) {
      if (Number(r.cached) !== Number(r.ledger)) out.push({ what: 'platform credit', id: Number(r.id), cached: Number(r.cached), ledger: Number(r.ledger) });
    }
  }
  return out;
}
