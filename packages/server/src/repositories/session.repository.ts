import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { CallerLookup } from './customer-movement.repository.js';

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
  /**
   * The money calls' fast path (http/api/customer/money-session.ts): the session and its account are
   * read in the counter read's own statement (customer-movement.repository.ts CallerLookup), and
   * `admit` decides on them (money/fresh-session.ts provenFresh).
   */
  caller(tokenHash: string, admit: (s: SessionWithAccount) => boolean): CallerLookup {
    return {
      source: sql`(SELECT session.store_id, session.account_id, session.id AS session_id, session.mode, session.last_seen_at, session.revoked_at,
            account.username, account.sa_type, account.disabled, account.removed
          FROM session INNER JOIN account ON account.id = session.account_id WHERE session.token_hash = ${tokenHash})`,
      admits: (x) =>
        admit({
          id: Number(x.session_id),
          store_id: Number(x.store_id),
          account_id: Number(x.account_id),
          mode: x.mode as string,
          last_seen_at: x.last_seen_at as string,
          revoked_at: (x.revoked_at as string | null) ?? null,
          username: x.username as string,
          sa_type: Number(x.sa_type),
          disabled: Number(x.disabled),
          removed: Number(x.removed),
        }),
    };
  },
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
