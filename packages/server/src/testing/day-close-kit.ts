import type { Db } from '../db/database.js';
import { kioskCashRepository } from '../repositories/kiosk-cash.repository.js';

/**
 * The day close's test kit: reload kiosks of a report-kit store and their cash boxes at chosen times
 * (what the terminal's `cash` command and a boss's collection store), so a test can place them on a
 * past store day.
 */

let serial = 0;

/** A machine on the store's floor (a reload kiosk by default). */
export async function addMachine(db: Db, storeId: number, name: number, kind: 'reload_kiosk' | 'game' = 'reload_kiosk'): Promise<number> {
  const r = await db.insertInto('machine').values({ store_id: storeId, machine_id: name, kind, created_at: new Date(0).toISOString() }).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

/** A kiosk's box event: cash taken, or a collection (counted, or null: marked not collected). */
export type BoxEvent = { type: 'in'; amount: number; atMs: number } | { type: 'collect'; counted: number | null; atMs: number };

/**
 * Posts a kiosk's box events in time order as the server stores them: each cash-in with its cumulative
 * meter; each collection expecting the cash taken since the last one (a "not collected" mark does not
 * move that cut, so its cash stays expected), counted up to the last cash row when counted.
 */
export async function postBox(db: Db, storeId: number, collectorId: number, kioskId: number, events: BoxEvent[]): Promise<void> {
  // Events planned in the same minute are posted in the order given, each a millisecond after the one
  // before: the box's own order (a cash-in after a collection is not in it), which the test's sums read by time.
  for (const [i, e] of [...events].sort((a, b) => a.atMs - b.atMs).entries()) {
    const at = new Date(e.atMs + i).toISOString();
    const last = await kioskCashRepository.lastCollection(db, storeId, kioskId);
    const since = await kioskCashRepository.since(db, storeId, kioskId, last?.up_to_cash_id ?? 0);
    if (e.type === 'in') {
      const prev = await db.selectFrom('kiosk_cash').select(['seq', 'meter_cents']).where('machine_id', '=', kioskId).orderBy('id', 'desc').limit(1).executeTakeFirst();
      const meter = Number(prev?.meter_cents ?? 0) + e.amount;
      await kioskCashRepository.insert(db, { store_id: storeId, machine_id: kioskId, seq: Number(prev?.seq ?? 0) + 1, at, direction: 'in', amount_cents: e.amount, meter_cents: meter, detail: '' });
      continue;
    }
    await kioskCashRepository.insertCollection(db, storeId, {
      machine_id: kioskId, at, account_id: collectorId, up_to_cash_id: e.counted === null ? Number(last?.up_to_cash_id ?? 0) : since.last_id, expected_cents: since.in_cents,
      counted_cents: e.counted, count_detail: '', reason: e.counted === null ? 'key missing' : '', key: `dck${process.pid}x${++serial}`,
    });
  }
}
