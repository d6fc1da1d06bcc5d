import type { Db } from '../db/database.js';

export const loginAttemptRepository = {
  record(db: Db, ip: string, username: string, ok: boolean, at: string) {
    return db.insertInto('login_attempt').values({ ip, username, ok: ok ? 1 : 0, at }).execute();
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
