import type { Db } from '../../db/database.js';
import { machineRepository, type Meters } from '../../repositories/machine.repository.js';
import { storeRepository } from '../../repositories/store.repository.js';
import { storeDayOf } from '../report/store-days.js';
import type { TerminalRef } from './sequence.js';

/**
 * A game machine's meters as read at `at`: on its row (the Machine screen's all-time reconciliation) and
 * as its store day's last reading (the Z report's meter movement of the day, migration 022). PostgreSQL's
 * `mbx_apply_command` does the same for a round it applies (money/apply-movement.ts).
 */
export async function saveMeters(tx: Db, t: TerminalRef, m: Meters, at: string): Promise<void> {
  await machineRepository.setMeters(tx, t.id, m);
  const store = await storeRepository.find(tx, t.storeId);
  if (store) await machineRepository.recordDayMeters(tx, t.storeId, t.id, storeDayOf(Date.parse(at), store.timezone), m);
}
