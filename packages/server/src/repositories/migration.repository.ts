import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export const migrationRepository = {
  /** The names of the migrations the database has applied (Kysely's own table; the readiness probe). */
  async appliedNames(db: Db): Promise<string[]> {
    const r = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
    return r.rows.map((row) => row.name);
  },
};
