import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { Account, AccountTable } from '../db/schema.js';

export const accountRepository = {
  findByUsername(db: Db, username: string): Promise<Account | undefined> {
    return db.selectFrom('account').selectAll().where('username', '=', username).where('removed', '=', 0).executeTakeFirst();
  },
  find(db: Db, id: number): Promise<Account | undefined> {
    return db.selectFrom('account').selectAll().where('id', '=', id).executeTakeFirst();
  },
  async insert(db: Db, row: Insertable<AccountTable>): Promise<number> {
    const r = await db.insertInto('account').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },
  /** Counts a failure atomically and locks the account when it reaches the store's limit; returns the new count. */
  async recordFailure(db: Db, id: number, maxFailures: number): Promise<{ failed: number; locked: boolean }> {
    const row = await db
      .updateTable('account')
      .set((eb) => ({
        failed_logins: eb('failed_logins', '+', 1),
        locked: eb.case().when('failed_logins', '>=', maxFailures - 1).then(1).else(eb.ref('locked')).end(),
      }))
      .where('id', '=', id)
      .returning(['failed_logins', 'locked'])
      .executeTakeFirstOrThrow();
    return { failed: row.failed_logins, locked: row.locked === 1 };
  },
  recordSuccess(db: Db, id: number, at: string) {
    return db.updateTable('account').set({ failed_logins: 0, last_login_at: at }).where('id', '=', id).execute();
  },
  setLocked(db: Db, id: number, locked: boolean) {
    return db.updateTable('account').set({ locked: locked ? 1 : 0, failed_logins: 0 }).where('id', '=', id).execute();
  },
  /** A name is taken on the whole platform, removed accounts included (they keep it in history). */
  async nameTaken(db: Db, username: string): Promise<boolean> {
    return (await db.selectFrom('account').select('id').where('username', '=', username).executeTakeFirst()) !== undefined;
  },
  /** Ends the account's sessions at once (its next call answers 5), except `keepSessionId`. */
  revokeSessions(db: Db, accountId: number, at: string, keepSessionId?: number) {
    let q = db.updateTable('session').set({ revoked_at: at }).where('account_id', '=', accountId).where('revoked_at', 'is', null);
    if (keepSessionId !== undefined) q = q.where('id', '!=', keepSessionId);
    return q.execute();
  },
};
