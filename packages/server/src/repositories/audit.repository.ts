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
   * The console's audit view: newest first over a set of stores ('all': every store's and the
   * platform's rows), before an id; `own`: also the platform rows (no store) that account wrote itself
   * (a distributor's news).
   */
  page(db: Db, set: 'all' | readonly number[], beforeId: number | undefined, limit: number, own?: { role: string; accountId: number }): Promise<AuditRow[]> {
    let q = db.selectFrom('audit').select(AUDIT_COLUMNS);
    if (set !== 'all') {
      const stores = set.length ? set : [-1];
      q = own
        ? q.where((eb) => eb.or([eb('store_id', 'in', stores), eb.and([eb('store_id', 'is', null), eb('actor_role', '=', own.role), eb('actor_account_id', '=', own.accountId)])]))
        : q.where('store_id', 'in', stores);
    }
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
