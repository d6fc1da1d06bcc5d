import { writeCountNote } from '@moneybox/contract';
import type { Db } from '../db/database.js';
import { post } from '../money/ledger.js';
import { betEffects, MOVEMENTS } from '../money/movements.js';
import { kioskCashRepository } from '../repositories/kiosk-cash.repository.js';
import type { Meters } from '../repositories/machine.repository.js';
import { saveMeters } from '../services/terminal/meters.js';
import { pieces } from './report-kit.js';

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

/** A kiosk's box event: cash taken, paid out, or a collection (counted, or null: marked not collected; by denomination too when asked). */
export type BoxEvent = { type: 'in' | 'out'; amount: number; atMs: number } | { type: 'collect'; counted: number | null; atMs: number; byDenomination?: boolean };

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
    if (e.type !== 'collect') {
      const prev = await db.selectFrom('kiosk_cash').select(['seq', 'meter_cents']).where('machine_id', '=', kioskId).where('direction', '=', e.type).orderBy('id', 'desc').limit(1).executeTakeFirst();
      const meter = Number(prev?.meter_cents ?? 0) + e.amount;
      const seq = await db.selectFrom('kiosk_cash').select((eb) => eb.fn.max('seq').as('s')).where('machine_id', '=', kioskId).executeTakeFirst();
      await kioskCashRepository.insert(db, { store_id: storeId, machine_id: kioskId, seq: Number(seq?.s ?? 0) + 1, at, direction: e.type, amount_cents: e.amount, meter_cents: meter, detail: '' });
      continue;
    }
    await kioskCashRepository.insertCollection(db, storeId, {
      machine_id: kioskId, at, account_id: collectorId, up_to_cash_id: e.counted === null ? Number(last?.up_to_cash_id ?? 0) : since.last_id, expected_cents: since.in_cents,
      counted_cents: e.counted, count_detail: e.counted !== null && e.byDenomination ? writeCountNote(pieces(e.counted)) : '', reason: e.counted === null ? 'key missing' : '', key: `dck${process.pid}x${++serial}`,
    });
  }
}

/** A round on a game machine: bet and win in cents (credits at the report store's rate of 100), and what its meters add beyond them. */
export interface PlannedRound {
  atMs: number;
  bet: number;
  win: number;
  /** A meter that runs ahead of the ledger (credits added to its played meter): a difference the Z report must flag. */
  drift: number;
}

/**
 * Plays rounds on a game machine in time order as the terminal's round command stores them: the bet and
 * win ledger rows of the machine, the round row, and the machine's cumulative meters read at the round
 * (`saveMeters`: its row and its store day's reading). The customer is given the bet as winnings first.
 * Returns each meter reading with its time.
 */
export async function playRounds(db: Db, storeId: number, customerId: number, machineId: number, rounds: PlannedRound[]): Promise<Array<{ atMs: number; meters: Meters }>> {
  const now = await db.selectFrom('machine').select(['meter_played', 'meter_won', 'meter_games']).where('id', '=', machineId).executeTakeFirstOrThrow();
  let meters: Meters = { played: Number(now.meter_played), won: Number(now.meter_won), games: Number(now.meter_games) };
  const readings = [];
  for (const r of [...rounds].sort((a, b) => a.atMs - b.atMs)) {
    const at = new Date(r.atMs).toISOString();
    const base = { storeId, customerId, at };
    await db.transaction().execute(async (tx) => {
      await post(tx, { ...base, kind: 'win', channel: 'machine', amount: r.bet, ...MOVEMENTS.win.effects(r.bet) });
      await post(tx, { ...base, machineId, kind: 'bet', channel: 'machine', amount: r.bet, ...betEffects(r.bet, 0) });
      if (r.win > 0) await post(tx, { ...base, machineId, kind: 'win', channel: 'machine', amount: r.win, ...MOVEMENTS.win.effects(r.win) });
      await tx.insertInto('round').values({ store_id: storeId, customer_id: customerId, machine_id: machineId, round_no: String(++serial), serial_no: `k${serial}`, at, game_name: 'Kit', begin_credits: 0, end_credits: 0, game_bet: r.bet, win: r.win }).execute();
      meters = { played: meters.played + r.bet + r.drift, won: meters.won + r.win, games: meters.games + 1 };
      await saveMeters(tx, { id: machineId, storeId }, meters, at);
    });
    readings.push({ atMs: r.atMs, meters });
  }
  return readings;
}
