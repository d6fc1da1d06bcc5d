import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { Account, AccountTable } from '../db/schema.js';
import { ACCOUNT_COLUMNS } from './columns.js';

export const accountRepository = {
  /** The store's live account of that name (names are the store's own: migration 032). */
  findInStore(db: Db, storeId: number, username: string): Promise<Account | undefined> {
    return db.selectFrom('account').select(ACCOUNT_COLUMNS).where('store_id', '=', storeId).where('username', '=', username).where('removed', '=', 0).executeTakeFirst();
  },
  /**
   * The live account of that name when one store alone has it: a sign-in that names no store (an API
   * client without the login URL's kiosk id). A name used in several stores finds none: the caller
   * then answers as for an unknown name, and learns nothing about the other stores.
   */
  async findOnlyOne(db: Db, username: string): Promise<Account | undefined> {
    const rows = await db.selectFrom('account').select(ACCOUNT_COLUMNS).where('username', '=', username).where('removed', '=', 0).limit(2).execute();
    return rows.length === 1 ? rows[0] : undefined;
  },
  /** Every store's account of that name, removed ones included (the operator's CLI, which sees every store). */
  holdersAnywhere(db: Db, username: string): Promise<{ id: number; store_id: number; removed: number }[]> {
    return db.selectFrom('account').select(['id', 'store_id', 'removed']).where('username', '=', username).orderBy('store_id').execute();
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
  /** A name is taken in the store, removed accounts included (they keep it in the store's history). */
  async nameTaken(db: Db, storeId: number, username: string): Promise<boolean> {
    return (await accountRepository.holderOf(db, storeId, username)) !== undefined;
  },
  /** The store's account holding a name, removed and disabled ones included. */
  holderOf(db: Db, storeId: number, username: string): Promise<{ id: number; store_id: number; disabled: number; removed: number } | undefined> {
    return db.selectFrom('account').select(['id', 'store_id', 'disabled', 'removed']).where('store_id', '=', storeId).where('username', '=', username).executeTakeFirst();
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
