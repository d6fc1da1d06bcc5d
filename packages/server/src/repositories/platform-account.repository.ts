import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database.js';

/** The advisory lock's first key for a store's distributor binding (the second is the store). */
const STORE_BINDING_LOCK = 7_310_025;
/** The advisory lock of the platform accounts' disabling and removal (the last admin's guard). */
const ACCOUNTS_LOCK = 7_310_037;

const ACCOUNT_COLUMNS = [
  'id',
  'username',
  'password_hash',
  'role',
  'parent_id',
  'totp_secret',
  'totp_pending',
  'totp_last_step',
  'failed_logins',
  'locked',
  'disabled',
  'removed',
  'created_at',
  'last_login_at',
  'credit_cents',
] as const;

export interface PlatformSessionWithAccount {
  id: number;
  account_id: number;
  stage: string;
  last_seen_at: string;
  revoked_at: string | null;
  username: string;
  role: string;
  parent_id: number | null;
  disabled: number;
  locked: number;
}

/** The platform console's accounts, their store bindings, recovery codes and sessions (migration 012). */
export const platformAccountRepository = {
  find(db: Db, id: number) {
    return db.selectFrom('platform_account').select(ACCOUNT_COLUMNS).where('id', '=', id).executeTakeFirst();
  },
  findByUsername(db: Db, username: string) {
    return db.selectFrom('platform_account').select(ACCOUNT_COLUMNS).where('username', '=', username).executeTakeFirst();
  },
  list(db: Db) {
    return db.selectFrom('platform_account').select(ACCOUNT_COLUMNS).orderBy('id').execute();
  },
  async insert(db: Db, row: { username: string; password_hash: string; role: string; parent_id: number | null; created_at: string }): Promise<number> {
    const r = await db.insertInto('platform_account').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },
  unlock(db: Db, id: number) {
    return db.updateTable('platform_account').set({ locked: 0, failed_logins: 0 }).where('id', '=', id).execute();
  },
  /** A new password (its hash): the lock and the failed tries go with the old one. */
  setPassword(db: Db, id: number, passwordHash: string) {
    return db.updateTable('platform_account').set({ password_hash: passwordHash, locked: 0, failed_logins: 0 }).where('id', '=', id).execute();
  },
  setDisabled(db: Db, id: number, disabled: boolean) {
    return db.updateTable('platform_account').set({ disabled: disabled ? 1 : 0 }).where('id', '=', id).execute();
  },
  /** Takes an account off the console: removed and disabled; the row and its name stay (migration 037). */
  remove(db: Db, id: number) {
    return db.updateTable('platform_account').set({ removed: 1, disabled: 1 }).where('id', '=', id).execute();
  },
  /** The admins who can still sign in (not disabled, not removed). */
  async activeAdmins(db: Db): Promise<number> {
    const r = await db.selectFrom('platform_account').select((eb) => eb.fn.countAll<number>().as('n')).where('role', '=', 'admin').where('disabled', '=', 0).where('removed', '=', 0).executeTakeFirstOrThrow();
    return Number(r.n);
  },
  /** The accounts (not removed) whose parent this account is: its support accounts and sub-distributors. */
  async childrenOf(db: Db, id: number): Promise<number> {
    const r = await db.selectFrom('platform_account').select((eb) => eb.fn.countAll<number>().as('n')).where('parent_id', '=', id).where('removed', '=', 0).executeTakeFirstOrThrow();
    return Number(r.n);
  },
  recordSuccess(db: Db, id: number, at: string) {
    return db.updateTable('platform_account').set({ failed_logins: 0, last_login_at: at }).where('id', '=', id).execute();
  },
  setPendingSecret(db: Db, id: number, secret: string) {
    return db.updateTable('platform_account').set({ totp_pending: secret }).where('id', '=', id).execute();
  },
  /** Confirms the pending secret with the step of its first code. */
  async confirmSecret(db: Db, id: number, secret: string, step: number): Promise<boolean> {
    const r = await db
      .updateTable('platform_account')
      .set({ totp_secret: secret, totp_pending: null, totp_last_step: step })
      .where('id', '=', id)
      .where('totp_pending', '=', secret)
      .where('totp_secret', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  /** Takes a time step only if it is later than the last one taken: of two requests with one code, one wins. */
  async takeStep(db: Db, id: number, step: number): Promise<boolean> {
    const r = await db.updateTable('platform_account').set({ totp_last_step: step }).where('id', '=', id).where('totp_last_step', '<', step).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  resetSecondFactor(db: Db, id: number) {
    return db.updateTable('platform_account').set({ totp_secret: null, totp_pending: null }).where('id', '=', id).execute();
  },

  storesOf(db: Db, accountId: number) {
    return db.selectFrom('platform_account_store').select('store_id').where('account_id', '=', accountId).orderBy('store_id').execute();
  },
  /** A store's distributor binding, if it has one. */
  distributorOf(db: Db, storeId: number) {
    return db.selectFrom('platform_account_store').select('account_id').where('store_id', '=', storeId).executeTakeFirst();
  },
  /** The distributors of these stores (a store has at most one). */
  distributorsOf(db: Db, storeIds: number[]) {
    if (!storeIds.length) return Promise.resolve([]);
    return db.selectFrom('platform_account_store').select('account_id').distinct().where('store_id', 'in', storeIds).execute();
  },
  bindings(db: Db) {
    return db.selectFrom('platform_account_store').select(['account_id', 'store_id']).execute();
  },
  bindStore(db: Db, accountId: number, storeId: number) {
    return db.insertInto('platform_account_store').values({ account_id: accountId, store_id: storeId }).execute();
  },
  /**
   * PostgreSQL: holds the store's binding for the rest of the transaction (an advisory lock keyed by the
   * store, not its row: that row is every purchase's hot row), so two moves of one store run one after
   * the other, the second reading what the first wrote. SQLite runs one transaction at a time.
   */
  async holdBinding(db: Db, dialect: Dialect, storeId: number) {
    if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(${STORE_BINDING_LOCK}, ${storeId}::int)`.execute(db);
  },
  /**
   * PostgreSQL: holds the platform accounts' disabling and removal for the rest of the transaction, so two
   * admins disabling each other at once cannot both pass the last-admin check. SQLite runs one at a time.
   */
  async holdAccounts(db: Db, dialect: Dialect) {
    if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(${ACCOUNTS_LOCK}::bigint)`.execute(db);
  },
  /** Unbinds a store from its distributor, if it has one (the store becomes one of the operator's own). */
  unbindStore(db: Db, storeId: number) {
    return db.deleteFrom('platform_account_store').where('store_id', '=', storeId).execute();
  },

  async replaceRecoveryCodes(db: Db, accountId: number, hashes: string[]) {
    await db.deleteFrom('platform_recovery_code').where('account_id', '=', accountId).execute();
    if (hashes.length) await db.insertInto('platform_recovery_code').values(hashes.map((code_hash) => ({ account_id: accountId, code_hash }))).execute();
  },
  /** Uses an unused recovery code of the account: true once per code. */
  async useRecoveryCode(db: Db, accountId: number, hash: string, at: string): Promise<boolean> {
    const r = await db
      .updateTable('platform_recovery_code')
      .set({ used_at: at })
      .where('account_id', '=', accountId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  findSession(db: Db, tokenHash: string): Promise<PlatformSessionWithAccount | undefined> {
    return db
      .selectFrom('platform_session')
      .innerJoin('platform_account', 'platform_account.id', 'platform_session.account_id')
      .select([
        'platform_session.id',
        'platform_session.account_id',
        'platform_session.stage',
        'platform_session.last_seen_at',
        'platform_session.revoked_at',
        'platform_account.username',
        'platform_account.role',
        'platform_account.parent_id',
        'platform_account.disabled',
        'platform_account.locked',
      ])
      .where('platform_session.token_hash', '=', tokenHash)
      .executeTakeFirst();
  },
  async insertSession(db: Db, row: { account_id: number; token_hash: string; stage: string; at: string }): Promise<number> {
    const r = await db
      .insertInto('platform_session')
      .values({ account_id: row.account_id, token_hash: row.token_hash, stage: row.stage, created_at: row.at, last_seen_at: row.at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  },
  /** One active console session per account: every other one is revoked (all of them, or all but `except`). */
  revokeSessionsOf(db: Db, accountId: number, at: string, except?: number) {
    let q = db.updateTable('platform_session').set({ revoked_at: at }).where('account_id', '=', accountId).where('revoked_at', 'is', null);
    if (except !== undefined) q = q.where('id', '!=', except);
    return q.execute();
  },
  /** Ends a session once (a ticket used twice: the second finds it revoked). */
  async revokeSession(db: Db, id: number, at: string): Promise<boolean> {
    const r = await db.updateTable('platform_session').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  /** The ids among `ids` of sessions still open (not revoked, their account neither disabled nor locked). */
  async openSessions(db: Db, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectFrom('platform_session')
      .innerJoin('platform_account', 'platform_account.id', 'platform_session.account_id')
      .select('platform_session.id')
      .where('platform_session.id', 'in', ids)
      .where('platform_session.revoked_at', 'is', null)
      .where('platform_account.disabled', '=', 0)
      .where('platform_account.locked', '=', 0)
      .execute();
    return new Set(rows.map((r) => Number(r.id)));
  },
  touchSession(db: Db, id: number, at: string) {
    return db.updateTable('platform_session').set({ last_seen_at: at }).where('id', '=', id).execute();
  },
};
