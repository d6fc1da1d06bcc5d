import type { Db } from '../db/database.js';

export const loginAttemptRepository = {
  async record(db: Db, ip: string, username: string, ok: boolean, at: string): Promise<number> {
    const r = await db.insertInto('login_attempt').values({ ip, username, ok: ok ? 1 : 0, at }).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },
  /** An attempt is recorded as failed before the password check and marked ok when it succeeds. */
  markOk(db: Db, id: number) {
    return db.updateTable('login_attempt').set({ ok: 1 }).where('id', '=', id).execute();
  },
  async failuresFromIp(db: Db, ip: string, since: string): Promise<number> {
    const r = await db
      .selectFrom('login_attempt')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', ip)
      .where('ok', '=', 0)
      .where('at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },
  async attemptsForUser(db: Db, username: string, since: string): Promise<number> {
    const r = await db
      .selectFrom('login_attempt')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('username', '=', username)
      .where('at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },
};

/** Attempts older than every rate-limit window carry no information: removes up to `limit`, returns how many. */
export async function purgeLoginAttemptsBefore(db: Db, before: string, limit: number): Promise<number> {
  const r = await db.deleteFrom('login_attempt').where('id', 'in', loginAttemptsBefore(db, before, limit)).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The purge's batch: up to `limit` attempts older than `before`, found by the `login_attempt_at` index. */
export function loginAttemptsBefore(db: Db, before: string, limit: number) {
  return db.selectFrom('login_attempt').select('id').where('at', '<', before).limit(limit);
}
