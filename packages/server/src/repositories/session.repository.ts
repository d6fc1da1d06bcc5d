import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export interface SessionWithAccount {
  id: number;
  store_id: number;
  account_id: number;
  mode: string;
  last_seen_at: string;
  revoked_at: string | null;
  username: string;
  sa_type: number;
  disabled: number;
  removed: number;
}

export const sessionRepository = {
  /** Every session call runs this first: plain SQL, not the builder, to keep its CPU cost low. */
  async findByTokenHash(db: Db, tokenHash: string): Promise<SessionWithAccount | undefined> {
    const r = await sql<SessionWithAccount>`SELECT session.id, session.store_id, session.account_id, session.mode, session.last_seen_at,
        session.revoked_at, account.username, account.sa_type, account.disabled, account.removed
      FROM session INNER JOIN account ON account.id = session.account_id
      WHERE session.token_hash = ${tokenHash}`.execute(db);
    return r.rows[0];
  },
  async insert(db: Db, row: { store_id: number; account_id: number; token_hash: string; mode: string; at: string }) {
    await db
      .insertInto('session')
      .values({
        store_id: row.store_id,
        account_id: row.account_id,
        token_hash: row.token_hash,
        mode: row.mode,
        created_at: row.at,
        last_seen_at: row.at,
      })
      .execute();
  },
  /** One active session per account: every other session of it is revoked. */
  revokeAllFor(db: Db, accountId: number, at: string) {
    return db.updateTable('session').set({ revoked_at: at }).where('account_id', '=', accountId).where('revoked_at', 'is', null).execute();
  },
  revoke(db: Db, id: number, at: string) {
    return db.updateTable('session').set({ revoked_at: at }).where('id', '=', id).execute();
  },
  /** What the live sockets need to know of their sessions, all in one query (http/live-hub.ts). */
  liveStates(db: Db, ids: number[]) {
    return db
      .selectFrom('session')
      .innerJoin('account', 'account.id', 'session.account_id')
      .select(['session.id', 'session.last_seen_at', 'session.revoked_at', 'account.disabled', 'account.removed'])
      .where('session.id', 'in', ids)
      .execute();
  },
  touch(db: Db, id: number, at: string) {
    return db.updateTable('session').set({ last_seen_at: at }).where('id', '=', id).execute();
  },
};
