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
  /** Keys long expired carry no information: removes up to `limit` of them, returns how many it removed. */
  async purgeExpired(db: Db, before: string, limit: number): Promise<number> {
    const r = await db
      .deleteFrom('one_time_key')
      .where('key', 'in', (eb) => eb.selectFrom('one_time_key').select('key').where('expires_at', '<', before).limit(limit))
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  },
};
