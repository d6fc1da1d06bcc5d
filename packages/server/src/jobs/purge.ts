import type { DatabaseHandle, Db } from '../db/database.js';
import { isoAgo } from '../clock.js';
import { runDurableWrite } from '../money/money-transaction.js';
import { keyRepository } from '../repositories/key.repository.js';
import { purgeLoginAttemptsBefore } from '../repositories/login-attempt.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Rows one purge statement removes at most. One DELETE of 1.2 million expired keys held SQLite's
 * only connection, and every purchase behind it, for 1.1 s (issue 25); 1,000 rows take a few
 * milliseconds, about what one group commit of purchases takes (bench/purge.bench.ts).
 */
export const PURGE_BATCH_ROWS = 1000;

interface PurgeReport {
  keys: number;
  loginAttempts: number;
  /** Statements run: with batchRows b, removing n rows takes at least ceil(n / b). */
  batches: number;
}

/**
 * One-time keys and login attempts only grow (/config/key is public): rows past any use are removed.
 * Nothing financial is touched: the ledger is never purged.
 *
 * In batches of `batchRows`, each one a write in the money calls' queue (money/money-transaction.ts:
 * on SQLite it joins a group commit, sharing its fsync; on PostgreSQL it runs alone in autocommit),
 * and the event loop gets a turn between batches: a money call that arrives during a purge waits for
 * one batch at most, never for the whole purge.
 */
export async function purgeStaleRows(handle: DatabaseHandle, now = Date.now(), batchRows = PURGE_BATCH_ROWS, stop?: AbortSignal): Promise<PurgeReport> {
  const before = isoAgo(DAY_MS, now);
  const keys = await inBatches(handle, batchRows, stop, (db) => keyRepository.purgeExpired(db, before, batchRows));
  const attempts = await inBatches(handle, batchRows, stop, (db) => purgeLoginAttemptsBefore(db, before, batchRows));
  return { keys: keys.rows, loginAttempts: attempts.rows, batches: keys.batches + attempts.batches };
}

/** `stop`: a shutdown ends the purge before its next batch (the database is about to close). */
async function inBatches(handle: DatabaseHandle, batchRows: number, stop: AbortSignal | undefined, removeBatch: (db: Db) => Promise<number>): Promise<{ rows: number; batches: number }> {
  let rows = 0;
  let batches = 0;
  for (;;) {
    if (stop?.aborted) return { rows, batches };
    const removed = await runDurableWrite(handle, removeBatch);
    rows += removed;
    batches++;
    if (removed < batchRows) return { rows, batches };
    // Requests read meanwhile queue their money calls before the next batch does.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
