import type { Db } from '../db/database.js';
import { ledgerDigestRepository, type SealRecord } from './ledger-digest.repository.js';
import { collectionsWithNames } from './kiosk-cash.repository.js';
import { withNames, type ShiftWithNames } from './shift.repository.js';

/** A ledger group of a window: per channel and kind, the amount, the count and the store credit moved. */
export interface WindowSum {
  channel: string;
  kind: string;
  amount_cents: number;
  count: number;
  credit_cents: number;
}

/**
 * The store day close (issue 23): the closed days (their Z report as closed, JSON), the notes on their
 * differences, and the reads a Z report is made of over one window [from, to) of a store.
 */
export const dayCloseRepository = {
  find(db: Db, storeId: number, day: string) {
    return db
      .selectFrom('day_close')
      .innerJoin('account', 'account.id', 'day_close.closed_by_account_id')
      .select(['day_close.day', 'day_close.closed_at', 'day_close.report', 'account.username as closed_by'])
      .where('day_close.store_id', '=', storeId)
      .where('day_close.day', '=', day)
      .executeTakeFirst();
  },
  /** When the day was closed (undefined while open): a meter reading after it counts on the next day. */
  async closedAt(db: Db, storeId: number, day: string): Promise<string | undefined> {
    const r = await db.selectFrom('day_close').select('closed_at').where('store_id', '=', storeId).where('day', '=', day).executeTakeFirst();
    return r?.closed_at;
  },
  /** Stores a day's close once: false when the day was already closed (the first close stands). */
  async insert(db: Db, storeId: number, row: { day: string; closed_at: string; closed_by_account_id: number; report: string }): Promise<boolean> {
    const r = await db
      .insertInto('day_close')
      .values({ store_id: storeId, ...row })
      .onConflict((oc) => oc.columns(['store_id', 'day']).doNothing())
      .returning('day')
      .executeTakeFirst();
    return r !== undefined;
  },
  /** The day's ledger rows with every field the digest rule hashes (money/ledger-digest.ts), id order: what its close signs. */
  windowLedger(db: Db, storeId: number, from: string, to: string) {
    return ledgerDigestRepository.windowRows(db, storeId, from, to);
  },
  /** The store's last ledger period (its chain's head), signed with the day. */
  chainHead(db: Db, storeId: number) {
    return ledgerDigestRepository.head(db, storeId);
  },
  /** The day's seal once (the first close's stands). */
  insertSeal(db: Db, storeId: number, row: Omit<SealRecord, 'store_id'>): Promise<boolean> {
    return ledgerDigestRepository.insertSeal(db, { store_id: storeId, ...row });
  },
  seal(db: Db, storeId: number, day: string) {
    return ledgerDigestRepository.seal(db, storeId, day);
  },
  notes(db: Db, storeId: number, day: string) {
    return db
      .selectFrom('day_close_note')
      .innerJoin('account', 'account.id', 'day_close_note.account_id')
      .select(['day_close_note.target_type', 'day_close_note.target_id', 'day_close_note.note', 'day_close_note.at', 'account.username as by'])
      .where('day_close_note.store_id', '=', storeId)
      .where('day_close_note.day', '=', day)
      .orderBy('day_close_note.id')
      .execute();
  },
  async insertNote(db: Db, storeId: number, row: { day: string; target_type: string; target_id: number; note: string; account_id: number; at: string }): Promise<void> {
    await db.insertInto('day_close_note').values({ store_id: storeId, ...row }).execute();
  },
  /** Shifts that started within the window, with their names (the shift report's one query), oldest first. */
  shiftsStarted(db: Db, storeId: number, from: string, to: string): Promise<ShiftWithNames[]> {
    return withNames(db).where('shift.store_id', '=', storeId).where('shift.started_at', '>=', from).where('shift.started_at', '<', to).orderBy('shift.started_at').orderBy('shift.id').execute();
  },
  /**
   * Kiosk collections (and "not collected" marks) made at or after `from` (any time since), oldest first:
   * those before the window's end are the Z report's, and all of them tell which kiosks' cash is accounted for.
   */
  collectionsSince(db: Db, storeId: number, from: string) {
    return collectionsWithNames(db, storeId).select('kiosk_collection.up_to_cash_id').where('kiosk_collection.at', '>=', from).orderBy('kiosk_collection.id').execute();
  },
  /** Per kiosk, its last cash taken within the window (id and time): what a collection must cover. */
  lastCashIn(db: Db, storeId: number, from: string, to: string) {
    return db
      .selectFrom('kiosk_cash')
      .innerJoin('machine', 'machine.id', 'kiosk_cash.machine_id')
      .select((eb) => ['kiosk_cash.machine_id', 'machine.machine_id as name', eb.fn.max('kiosk_cash.id').as('last_id'), eb.fn.max('kiosk_cash.at').as('last_at')])
      .where('kiosk_cash.store_id', '=', storeId)
      .where('kiosk_cash.direction', '=', 'in')
      .where('kiosk_cash.at', '>=', from)
      .where('kiosk_cash.at', '<', to)
      .groupBy(['kiosk_cash.machine_id', 'machine.machine_id'])
      .execute();
  },
  /**
   * The window's ledger rows summed per channel and kind: the rows of `kinds`, and every row that moved
   * store credit (the operator's own credit sales included). The others would only be sorted and summed for nothing.
   */
  async windowSums(db: Db, storeId: number, from: string, to: string, kinds: readonly string[]): Promise<WindowSum[]> {
    const rows = await db
      .selectFrom('ledger')
      .select((eb) => [
        'channel',
        'kind',
        eb.fn.sum<number>('amount_cents').as('amount_cents'),
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<number>('d_credit_cents').as('credit_cents'),
      ])
      .where('store_id', '=', storeId)
      .where('at', '>=', from)
      .where('at', '<', to)
      .where((eb) => eb.or([eb('kind', 'in', kinds), eb('d_credit_cents', '!=', 0)]))
      .groupBy(['channel', 'kind'])
      .execute();
    return rows.map((r) => ({ channel: r.channel, kind: r.kind, amount_cents: Number(r.amount_cents ?? 0), count: Number(r.count), credit_cents: Number(r.credit_cents ?? 0) }));
  },
};
