import { RefusalReason } from '@moneybox/contract';
import type { Db } from '../db/database.js';
import { guardedStatement, ledgerInsert, MOVEMENT_WRITES, runsFor, SHIFT_TOTALS, type WriteArgs } from './guarded-writes.js';
import { refuseMovement } from './refusal.js';
import { noteMovement } from './money-observer.js';

export type { Channel, LedgerKind } from './ledger-kind.js';
import type { Channel, LedgerKind } from './ledger-kind.js';

type ShiftTotal = (typeof SHIFT_TOTALS)[number];

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

/** What the apply adds to a movement (money/apply-movement.ts): the call's one-time key, the initial amount's mark. */
export interface PostOptions {
  /** The call's one-time key, used first (the ledger row's own `key` is the movement's). */
  useKey?: string;
  /** The drawer's initial amount: marks the shift's initial amount set, once. */
  markInit?: boolean;
}

/** The movement as the guarded writes' arguments (money/guarded-writes.ts). */
function writeArgs(m: Movement, o: PostOptions): WriteArgs {
  const t = m.shiftTotals;
  return {
    useKey: o.useKey ?? null,
    at: m.at,
    storeId: m.storeId,
    kind: m.kind,
    channel: m.channel ?? 'pos',
    amount: m.amount,
    accountId: m.accountId ?? null,
    drawerId: m.drawerId ?? null,
    shiftId: m.shiftId ?? null,
    customerId: m.customerId ?? null,
    machineId: m.machineId ?? null,
    drawer: m.drawer ?? 0,
    entries: m.entries ?? 0,
    winnings: m.winnings ?? 0,
    credit: m.credit ?? 0,
    budget: m.budget ?? 0,
    totals: t !== undefined,
    initial_cents: t?.initial_cents ?? 0,
    fills_cents: t?.fills_cents ?? 0,
    bleeds_cents: t?.bleeds_cents ?? 0,
    purchases_cents: t?.purchases_cents ?? 0,
    redeems_cents: t?.redeems_cents ?? 0,
    comps_cents: t?.comps_cents ?? 0,
    special_comps_cents: t?.special_comps_cents ?? 0,
    reverts_cents: t?.reverts_cents ?? 0,
    markInit: o.markInit ? 1 : 0,
    ledgerKey: m.key ?? null,
    revertsId: m.revertsId ?? null,
    note: m.note ?? '',
  };
}

/** Runs one guarded write; false when its guard stopped it (no row matched). */
async function write(tx: Db, w: (typeof MOVEMENT_WRITES)[keyof typeof MOVEMENT_WRITES], a: WriteArgs): Promise<boolean> {
  if (!runsFor(w, a)) return true;
  return Number((await tx.executeQuery(guardedStatement(tx, w, a))).numAffectedRows) === 1;
}

/**
 * Posts one movement through the guarded writes (money/guarded-writes.ts, the statements the
 * PostgreSQL apply function is generated from), in their one order: the key, the shift, the
 * customer, the ledger row, the store (concurrent calls take row locks in one order and never
 * deadlock; the store row, every purchase's hot row, last: its lock is held for one statement and
 * the commit). Must run inside a transaction; a failed guard throws its refusal (money/refusal.ts)
 * and the transaction rolls back whole, so a refused call leaves its key usable for the retry.
 */
export async function post(tx: Db, m: Movement, o: PostOptions = {}): Promise<number> {
  const a = writeArgs(m, o);
  if (!(await write(tx, MOVEMENT_WRITES.key, a))) refuseMovement(RefusalReason.KEY);
  if (!(await write(tx, MOVEMENT_WRITES.shift, a))) {
    // Which part of the shift's guard failed: its initial amount set before, closed (or another store's), or short of cash.
    const s = await tx.selectFrom('shift').select(['ended_at', 'init_set']).where('id', '=', a.shiftId!).executeTakeFirst();
    const reason =
      a.markInit && s?.init_set === 1 ? RefusalReason.INIT_ALREADY_SET : s && s.ended_at === null && a.drawer < 0 ? RefusalReason.DRAWER_SHORT : RefusalReason.NO_SHIFT;
    refuseMovement(reason, m.kind);
  }
  if (!(await write(tx, MOVEMENT_WRITES.customer, a))) {
    refuseMovement(a.winnings < 0 ? RefusalReason.WINNINGS : a.entries < 0 ? RefusalReason.ENTRIES : RefusalReason.CUSTOMER, m.kind);
  }
  const row = await tx.executeQuery<{ id: number }>(ledgerInsert(tx, a));
  noteMovement(tx, { kind: m.kind, channel: m.channel ?? 'pos', storeId: m.storeId, customerId: m.customerId ?? null, machineId: m.machineId ?? null });
  if (!(await write(tx, MOVEMENT_WRITES.store, a))) refuseMovement(a.budget < 0 ? RefusalReason.BUDGET : RefusalReason.CREDIT, m.kind);
  return Number(row.rows[0]!.id);
}
