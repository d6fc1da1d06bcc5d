import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export const keyRepository = {
  insert(db: Db, key: string, at: string, expiresAt: string) {
    return db.insertInto('one_time_key').values({ key, created_at: at, expires_at: expiresAt }).execute();
  },
  /** Marks an unused, unexpired key used; false when it is unknown, used or expired. */
  async consume(db: Db, key: string, at: string): Promise<boolean> {
    // Plain SQL: every money call runs it, and the builder's CPU cost exceeded the statement's.
    const r = await sql`UPDATE one_time_key SET used_at = ${at} WHERE key = ${key} AND used_at IS NULL AND expires_at > ${at}`.execute(db);
    return Number(r.numAffectedRows) === 1;
  },
  /** Keys long expired carry no information: removing them keeps the table small. */
  purgeExpired(db: Db, before: string) {
    return db.deleteFrom('one_time_key').where('expires_at', '<', before).execute();
  },
};
