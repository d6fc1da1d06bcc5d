import type { StatusCode } from '@moneybox/contract';
import { Status } from '@moneybox/contract';
import type { Db } from '../db/database.js';
import type { ShiftTable } from '../db/schema.js';
import { refuse } from '../http/errors.js';
import { keyRepository } from '../repositories/key.repository.js';

/** What a movement is, in the product's words. */
export type LedgerKind =
  | 'store_credit' // operator sells credit to a store
  | 'comps_budget' // operator sets aside special comps budget
  | 'init' // initial amount counted into the drawer
  | 'fill'
  | 'bleed'
  | 'purchase'
  | 'revert'
  | 'redeem'
  | 'special_comps'
  | 'bet'
  | 'win'
  | 'gift'
  | 'adjust'; // seed or operator correction, always with a note

export type Channel = 'pos' | 'reload_kiosk' | 'online' | 'reloader' | 'machine' | 'operator';

type ShiftTotal = Extract<
  keyof ShiftTable,
  'initial_cents' | 'fills_cents' | 'bleeds_cents' | 'purchases_cents' | 'redeems_cents' | 'comps_cents' | 'special_comps_cents' | 'reverts_cents'
>;

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

/** The status to answer when a balance would go below zero. */
export interface Guards {
  drawer?: StatusCode;
  entries?: StatusCode;
  winnings?: StatusCode;
  credit?: StatusCode;
  budget?: StatusCode;
}

/**
 * Uses a one-time key inside the caller's transaction. A failed movement rolls back with it,
 * so a refused call leaves its key usable for the corrected retry.
 */
export async function consumeKey(tx: Db, key: string, at: string): Promise<void> {
  if (!(await keyRepository.consume(tx, key, at))) refuse(Status.KEY_ERROR);
}

/**
 * Posts one movement: guarded updates of the cached balances (shift, customer, store, in that
 * order, so concurrent calls take row locks in one order and never deadlock) and the ledger row.
 * Must run inside a transaction; any refusal throws and the transaction rolls back whole.
 */
export async function post(tx: Db, m: Movement, guards: Guards = {}): Promise<number> {
  const d = { drawer: m.drawer ?? 0, entries: m.entries ?? 0, winnings: m.winnings ?? 0, credit: m.credit ?? 0, budget: m.budget ?? 0 };

  if (m.shiftId != null && (d.drawer !== 0 || m.shiftTotals)) {
    let q = tx
      .updateTable('shift')
      .set((eb) => {
        const set: Record<string, unknown> = { balance_cents: eb('balance_cents', '+', d.drawer) };
        for (const [col, v] of Object.entries(m.shiftTotals ?? {})) set[col] = eb(col as ShiftTotal, '+', v);
        return set;
      })
      .where('id', '=', m.shiftId)
      .where('store_id', '=', m.storeId)
      .where('ended_at', 'is', null);
    if (d.drawer < 0) q = q.where('balance_cents', '>=', -d.drawer);
    const r = await q.executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) {
      // A shift closed under a racing call is a shift error, not a short drawer.
      const open = d.drawer < 0 && (await tx.selectFrom('shift').select('id').where('id', '=', m.shiftId).where('ended_at', 'is', null).executeTakeFirst());
      refuse(open ? (guards.drawer ?? Status.DRAWER_BALANCE_ERROR) : Status.SHIFT_ERROR);
    }
  }

  if (m.customerId != null && (d.entries !== 0 || d.winnings !== 0)) {
    let q = tx
      .updateTable('customer')
      .set((eb) => ({
        entries_cents: eb('entries_cents', '+', d.entries),
        winnings_cents: eb('winnings_cents', '+', d.winnings),
      }))
      .where('id', '=', m.customerId)
      .where('store_id', '=', m.storeId);
    if (d.entries < 0) q = q.where('entries_cents', '>=', -d.entries);
    if (d.winnings < 0) q = q.where('winnings_cents', '>=', -d.winnings);
    const r = await q.executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) {
      refuse(d.winnings < 0 ? (guards.winnings ?? Status.AMOUNT_ERROR) : d.entries < 0 ? (guards.entries ?? Status.AMOUNT_ERROR) : Status.CUSTOMER_ERROR);
    }
  }

  if (d.credit !== 0 || d.budget !== 0) {
    let q = tx
      .updateTable('store')
      .set((eb) => ({
        credit_cents: eb('credit_cents', '+', d.credit),
        comps_budget_cents: eb('comps_budget_cents', '+', d.budget),
      }))
      .where('id', '=', m.storeId);
    if (d.credit < 0) q = q.where('credit_cents', '>=', -d.credit);
    if (d.budget < 0) q = q.where('comps_budget_cents', '>=', -d.budget);
    const r = await q.executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) {
      refuse(d.budget < 0 ? (guards.budget ?? Status.CREDIT_ERROR) : (guards.credit ?? Status.CREDIT_ERROR));
    }
  }

  const row = await tx
    .insertInto('ledger')
    .values({
      store_id: m.storeId,
      at: m.at,
      kind: m.kind,
      channel: m.channel ?? 'pos',
      account_id: m.accountId ?? null,
      drawer_id: m.drawerId ?? null,
      shift_id: m.shiftId ?? null,
      customer_id: m.customerId ?? null,
      machine_id: m.machineId ?? null,
      amount_cents: m.amount,
      d_drawer_cents: d.drawer,
      d_entries_cents: d.entries,
      d_winnings_cents: d.winnings,
      d_credit_cents: d.credit,
      d_budget_cents: d.budget,
      key: m.key ?? null,
      reverts_id: m.revertsId ?? null,
      note: m.note ?? '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
