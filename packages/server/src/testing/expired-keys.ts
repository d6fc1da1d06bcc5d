// Expired one-time keys in bulk, as an attacker calling the public /config/key leaves them behind:
// one statement each database runs in a second or two, for the purge's test and bench.
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';

export async function insertExpiredKeys(handle: DatabaseHandle, n: number, expiresAt: string): Promise<void> {
  const rows =
    handle.dialect === 'postgres'
      ? sql`SELECT 'expired-' || i, ${expiresAt}, ${expiresAt} FROM generate_series(1, ${n}::int) AS i`
      : sql`WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ${n}) SELECT 'expired-' || i, ${expiresAt}, ${expiresAt} FROM seq`;
  await sql`INSERT INTO one_time_key (key, created_at, expires_at) ${rows}`.execute(handle.db);
}
