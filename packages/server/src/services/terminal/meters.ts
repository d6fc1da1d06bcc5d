import type { Db } from '../../db/database.js';
import { dayCloseRepository } from '../../repositories/day-close.repository.js';
import { machineRepository, type Meters } from '../../repositories/machine.repository.js';
import { storeRepository } from '../../repositories/store.repository.js';
import { addDays, storeDayOf } from '../report/store-days.js';
import type { TerminalRef } from './sequence.js';

/**
 * The store day a meter reading at `at` counts on: its calendar day in the store's zone, or the next
 * day when that one was closed at or before `at` (an early close), as the ledger's rows after the close
 * belong to the next day's window (day-close/z-report.ts dayWindow). Read after the machine row's update:
 * on PostgreSQL a close holds the store's game machines while it runs, so this sees it once committed.
 */
async function readingDay(tx: Db, storeId: number, timeZone: string, at: string): Promise<string> {
  const day = storeDayOf(Date.parse(at), timeZone);
  const closedAt = await dayCloseRepository.closedAt(tx, storeId, day);
  return closedAt !== undefined && closedAt <= at ? addDays(day, 1) : day;
}

/**
 * A game machine's meters as read at `at` (the machine's own reading; a lower one than the last is a reset): on its row (the Machine screen's all-time reconciliation) and
 * as its store day's last reading (the Z report's meter movement of the day, migration 022). PostgreSQL's
 * `mbx_apply_command` does the same for a round it applies (money/apply-movement.ts).
 */
export async function saveMeters(tx: Db, t: TerminalRef, m: Meters, at: string): Promise<void> {
  // A reading lower than the last is a reset: the cumulative meters keep growing (machine.repository.ts meterReadingAssignments).
  const { meters, resets } = await machineRepository.readMeters(tx, t.id, m, at);
  const store = await storeRepository.find(tx, t.storeId);
  if (store) await machineRepository.recordDayMeters(tx, t.storeId, t.id, await readingDay(tx, t.storeId, store.timezone, at), meters, resets);
}
