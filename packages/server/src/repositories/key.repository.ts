import type { Db } from '../db/database.js';

export const keyRepository = {
  insert(db: Db, key: string, at: string, expiresAt: string) {
    return db.insertInto('one_time_key').values({ key, created_at: at, expires_at: expiresAt }).execute();
  },
  /** Marks an unused, unexpired key used; false when it is unknown, used or expired. */
  async consume(db: Db, key: string, at: string): Promise<boolean> {
    const r = await db
      .updateTable('one_time_key')
      .set({ used_at: at })
      .where('key', '=', key)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  /** Keys long expired carry no information: removing them keeps the table small. */
  purgeExpired(db: Db, before: string) {
    return db.deleteFrom('one_time_key').where('expires_at', '<', before).execute();
  },
};
