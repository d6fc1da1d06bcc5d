import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** PostgreSQL's replication positions (ops/report-replica.ts measures a report replica's lag with them). */
export const replicationRepository = {
  /** Where the primary's WAL has got to (`X/Y`). */
  async currentWalLsn(db: Db): Promise<string> {
    const r = await sql<{ lsn: string }>`SELECT pg_current_wal_lsn()::text AS lsn`.execute(db);
    return r.rows[0]!.lsn;
  },
  /** Whether the database is a standby, and how far it has replayed the primary's WAL (null: not a standby). */
  async replayed(db: Db): Promise<{ standby: boolean; lsn: string | null }> {
    const r = await sql<{ standby: boolean; lsn: string | null }>`SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS lsn`.execute(db);
    return r.rows[0]!;
  },
};
