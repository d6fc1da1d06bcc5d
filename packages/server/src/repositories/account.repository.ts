import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { Account, AccountTable } from '../db/schema.js';
import { ACCOUNT_COLUMNS } from './columns.js';

export const accountRepository = {
  findByUsername(db: Db, username: string): Promise<Account | undefined> {
    return db.selectFrom('account').select(ACCOUNT_COLUMNS).where('username', '=', username).where('removed', '=', 0).executeTakeFirst();
  },
  find(db: Db, id: number): Promise<Account | undefined> {
    return db.selectFrom('account').select(ACCOUNT_COLUMNS).where('id', '=', id).executeTakeFirst();
  },
  async insert(db: Db, row: Insertable<AccountTable>): Promise<number> {
    const r = await db.insertInto('account').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },
  recordSuccess(db: Db, id: number, at: string) {
    return db.updateTable('account').set({ failed_logins: 0, last_login_at: at }).where('id', '=', id).execute();
  },
  setLocked(db: Db, id: number, locked: boolean) {
    return db.updateTable('account').set({ locked: locked ? 1 : 0, failed_logins: 0 }).where('id', '=', id).execute();
  },
  /** A name is taken on the whole platform, removed accounts included (they keep it in history). */
  async nameTaken(db: Db, username: string): Promise<boolean> {
    return (await accountRepository.holderOf(db, username)) !== undefined;
  },
  /** The account holding a name on the whole platform, removed and disabled ones included. */
  holderOf(db: Db, username: string): Promise<{ id: number; store_id: number; disabled: number; removed: number } | undefined> {
    return db.selectFrom('account').select(['id', 'store_id', 'disabled', 'removed']).where('username', '=', username).executeTakeFirst();
  },
  /** A new password set by the operator: the lock and the failed tries go with the old one. */
  setPassword(db: Db, id: number, passwordHash: string) {
    return db.updateTable('account').set({ password_hash: passwordHash, locked: 0, failed_logins: 0 }).where('id', '=', id).execute();
  },
  /** Ends the account's sessions at once (its next call answers 5), except `keepSessionId`. */
  revokeSessions(db: Db, accountId: number, at: string, keepSessionId?: number) {
    let q = db.updateTable('session').set({ revoked_at: at }).where('account_id', '=', accountId).where('revoked_at', 'is', null);
    if (keepSessionId !== undefined) q = q.where('id', '!=', keepSessionId);
    return q.execute();
  },
};
