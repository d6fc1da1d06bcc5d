import type { Db } from './db/database.js';
import { isoAgo } from './clock.js';
import { keyRepository } from './repositories/key.repository.js';
import { purgeLoginAttemptsBefore } from './repositories/login-attempt.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One-time keys and login attempts only grow (/config/key is public): rows past any use are removed.
 * Nothing financial is touched: the ledger is never purged.
 */
export async function purgeStaleRows(db: Db, now = Date.now()): Promise<void> {
  await keyRepository.purgeExpired(db, isoAgo(DAY_MS, now));
  await purgeLoginAttemptsBefore(db, isoAgo(DAY_MS, now));
}

/** Runs the purge every 10 minutes; the timer does not keep the process alive. */
export function startHousekeeping(db: Db, log: (err: unknown) => void): () => void {
  const timer = setInterval(() => void purgeStaleRows(db).catch(log), 10 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
