import { RefusalReason } from '@moneybox/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { ShiftTable } from '../db/schema.js';
import { keyRepository } from '../repositories/key.repository.js';
import { refuseMovement } from './refusal.js';
import { noteMovement } from './money-observer.js';

export type { Channel, LedgerKind } from './ledger-kind.js';
import type { Channel, LedgerKind } from './ledger-kind.js';

type ShiftTotal = Extract<
  keyof ShiftTable,
  'initial_cents' | 'fills_cents' | 'bleeds_cents' | 'purchases_cents' | 'redeems_cents' | 'comps_cents' | 'special_comps_cents' | 'reverts_cents'
>;

/** The shift's running totals, in the order the PostgreSQL apply function takes them (money/apply-movement.ts). */
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

export interface Movement {
  storeId: number;
  kind: LedgerKind;
  channel?: Channel;
  amount: number;
  accountId?: number | null;
  drawerId?: number | null;
  shiftId?: number | null;
  customerId?: number | null;
  machineId?: number | null;
  /** Signed effects on cached balances. */
  drawer?: number;
  entries?: number;
  winnings?: number;
  credit?: number;
  budget?: number;
  /** Running totals of the shift to add to (the report's numbers). */
  shiftTotals?: Partial<Record<ShiftTotal, number>>;
  key?: string | null;
  revertsId?: number | null;
  note?: string;
  at: string;
}

/**
 * Uses a one-time key inside the caller's transaction. A failed movement rolls back with it,
 * so a refused call leaves its key usable for the corrected retry.
 */
export async function consumeKey(tx: Db, key: string, at: string): Promise<void> {
  if (!(await keyRepository.consume(tx, key, at))) refuseMovement(RefusalReason.KEY);
}

/**
 * Posts one movement: guarded updates of the cached balances (shift, customer, then the ledger
 * row, then the store: one order, so concurrent calls take row locks in one order and never
 * deadlock). The store row is every purchase's hot row, so it is updated LAST, right before the
 * caller commits: its lock is held for one statement and the commit, not for the whole call.
 * Must run inside a transaction; any refusal (money/refusal.ts) throws and the transaction rolls
 * back whole.
 */
export async function post(tx: Db, m: Movement): Promise<number> {
  const d = { drawer: m.drawer ?? 0, entries: m.entries ?? 0, winnings: m.winnings ?? 0, credit: m.credit ?? 0, budget: m.budget ?? 0 };
  // Every money call runs these four statements: they are written as SQL (sql``) rather than with
  // the query builder, whose building and compiling cost more CPU than SQLite's execution of them.
  // The texts vary only with the shape of the movement (which totals, which guards), so each shape
  // is one prepared statement (db/database.ts caches them on SQLite).

  if (m.shiftId != null && (d.drawer !== 0 || m.shiftTotals)) {
    const totals = Object.entries(m.shiftTotals ?? {}).map(([col, v]) => sql`, ${sql.ref(col as ShiftTotal)} = ${sql.ref(col as ShiftTotal)} + ${v}`);
    const r = await sql`UPDATE shift SET balance_cents = balance_cents + ${d.drawer}${sql.join(totals, sql``)}
      WHERE id = ${m.shiftId} AND store_id = ${m.storeId} AND ended_at IS NULL${d.drawer < 0 ? sql` AND balance_cents >= ${-d.drawer}` : sql``}`.execute(tx);
    if (Number(r.numAffectedRows) !== 1) {
      // A shift closed under a racing call is a shift error, not a short drawer.
      const open = d.drawer < 0 && (await tx.selectFrom('shift').select('id').where('id', '=', m.shiftId).where('ended_at', 'is', null).executeTakeFirst());
      refuseMovement(open ? RefusalReason.DRAWER_SHORT : RefusalReason.NO_SHIFT, m.kind);
    }
  }

  if (m.customerId != null && (d.entries !== 0 || d.winnings !== 0)) {
    const r = await sql`UPDATE customer SET entries_cents = entries_cents + ${d.entries}, winnings_cents = winnings_cents + ${d.winnings}
      WHERE id = ${m.customerId} AND store_id = ${m.storeId}${d.entries < 0 ? sql` AND entries_cents >= ${-d.entries}` : sql``}${
        d.winnings < 0 ? sql` AND winnings_cents >= ${-d.winnings}` : sql``
      }`.execute(tx);
    if (Number(r.numAffectedRows) !== 1) {
      refuseMovement(d.winnings < 0 ? RefusalReason.WINNINGS : d.entries < 0 ? RefusalReason.ENTRIES : RefusalReason.CUSTOMER, m.kind);
    }
  }

  const row = await sql<{ id: number }>`INSERT INTO ledger (store_id, at, kind, channel, account_id, drawer_id, shift_id, customer_id, machine_id,
      amount_cents, d_drawer_cents, d_entries_cents, d_winnings_cents, d_credit_cents, d_budget_cents, key, reverts_id, note)
    VALUES (${m.storeId}, ${m.at}, ${m.kind}, ${m.channel ?? 'pos'}, ${m.accountId ?? null}, ${m.drawerId ?? null}, ${m.shiftId ?? null},
      ${m.customerId ?? null}, ${m.machineId ?? null}, ${m.amount}, ${d.drawer}, ${d.entries}, ${d.winnings}, ${d.credit}, ${d.budget},
      ${m.key ?? null}, ${m.revertsId ?? null}, ${m.note ?? ''})
    RETURNING id`.execute(tx);
  noteMovement(tx, m.kind, m.channel ?? 'pos');

  if (d.credit !== 0 || d.budget !== 0) {
    const r = await sql`UPDATE store SET credit_cents = credit_cents + ${d.credit}, comps_budget_cents = comps_budget_cents + ${d.budget}
      WHERE id = ${m.storeId}${d.credit < 0 ? sql` AND credit_cents >= ${-d.credit}` : sql``}${d.budget < 0 ? sql` AND comps_budget_cents >= ${-d.budget}` : sql``}`.execute(tx);
    if (Number(r.numAffectedRows) !== 1) {
      refuseMovement(d.budget < 0 ? RefusalReason.BUDGET : RefusalReason.CREDIT, m.kind);
    }
  }
  return Number(row.rows[0]!.id);
}
