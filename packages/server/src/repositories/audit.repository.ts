import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { AuditRow, AuditTable } from '../db/schema.js';
import { AUDIT_COLUMNS } from './columns.js';

interface AuditFilter {
  storeId: number | null;
  accountId?: number | undefined;
  kinds?: readonly string[] | undefined;
  from: string;
  to: string;
}

/** The console trail's rows: a scope (`own`: see `trail`) and its optional filters; `from`/`to` ISO instants as `at` is written. */
export interface AuditTrailQuery {
  set: 'all' | readonly number[];
  own?: { role: string; accountId: number } | undefined;
  who?: string | undefined;
  kinds?: readonly string[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The append-only audit table: insert and read, never update or delete (the database refuses both). */
export const auditRepository = {
  async insert(db: Db, row: Insertable<AuditTable>): Promise<void> {
    await db.insertInto('audit').values(row).execute();
  },
  /** Newest first, at most `limit` rows; `storeId` null reads every store (the operator). */
  list(db: Db, f: AuditFilter, limit: number): Promise<AuditRow[]> {
    let q = db.selectFrom('audit').select(AUDIT_COLUMNS).where('at', '>=', f.from).where('at', '<', f.to);
    if (f.storeId !== null) q = q.where('store_id', '=', f.storeId);
    if (f.accountId !== undefined) q = q.where('actor_account_id', '=', f.accountId);
    if (f.kinds) {
      if (f.kinds.length === 0) return Promise.resolve([]);
      q = q.where('kind', 'in', f.kinds);
    }
    return q.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  },
  /**
   * The console's audit trail: newest first by id over a set of stores ('all': every store's and the
   * platform's rows), before an id, narrowed by the trail's filters; `own`: also the platform rows (no
   * store) that account wrote itself (a distributor's news). The filters only narrow the scope's rows.
   */
  trail(db: Db, t: AuditTrailQuery, beforeId: number | undefined, limit: number): Promise<AuditRow[]> {
    let q = db.selectFrom('audit').select(AUDIT_COLUMNS);
    if (t.set !== 'all') {
      const stores = t.set.length ? t.set : [-1];
      const own = t.own;
      q = own
        ? q.where((eb) => eb.or([eb('store_id', 'in', stores), eb.and([eb('store_id', 'is', null), eb('actor_role', '=', own.role), eb('actor_account_id', '=', own.accountId)])]))
        : q.where('store_id', 'in', stores);
    }
    // A name as people type it: any case (usernames are letters and digits).
    const who = t.who?.toLowerCase();
    if (who !== undefined) q = q.where((eb) => eb(eb.fn<string>('lower', ['actor_name']), '=', who));
    if (t.kinds !== undefined) q = q.where('kind', 'in', t.kinds.length ? t.kinds : ['']);
    if (t.from !== undefined) q = q.where('at', '>=', t.from);
    if (t.to !== undefined) q = q.where('at', '<', t.to);
    if (beforeId !== undefined) q = q.where('id', '<', beforeId);
    return q.orderBy('id', 'desc').limit(limit).execute();
  },
  async count(db: Db, f: AuditFilter): Promise<number> {
    let q = db.selectFrom('audit').select((eb) => eb.fn.countAll<number>().as('n')).where('at', '>=', f.from).where('at', '<', f.to);
    if (f.storeId !== null) q = q.where('store_id', '=', f.storeId);
    if (f.accountId !== undefined) q = q.where('actor_account_id', '=', f.accountId);
    if (f.kinds) {
      if (f.kinds.length === 0) return 0;
      q = q.where('kind', 'in', f.kinds);
    }
    return Number((await q.executeTakeFirstOrThrow()).n);
  },
};
