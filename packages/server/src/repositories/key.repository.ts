import type { Db } from '../db/database.js';

export const keyRepository = {
  insert(db: Db, key: string, at: string, expiresAt: string) {
    return db.insertInto('one_time_key').values({ key, created_at: at, expires_at: expiresAt }).execute();
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
