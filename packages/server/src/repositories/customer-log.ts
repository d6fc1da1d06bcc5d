import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** [from, to) in ISO-8601 UTC. */
interface TimeRange {
  from: string;
  to: string;
}

/** Whose log (of the store the query is given), over which time range. */
export interface CustomerLogFilter {
  customerId: number;
  range: TimeRange;
}

/** The tables that log what a customer did at the machines: each row has store_id, customer_id and at. */
type CustomerLogTable = 'round' | 'gift';

function inRange(db: Db, storeId: number, table: CustomerLogTable, f: CustomerLogFilter) {
  return db
    .selectFrom(table)
    .where('store_id', '=', storeId)
    .where('customer_id', '=', f.customerId)
    .where('at', '>=', f.range.from)
    .where('at', '<', f.range.to);
}

/**
 * One page of a customer's log, newest first (id breaks ties within the same instant); the caller
 * selects its table's columns. Typed by the one table so only that table's columns can be selected.
 */
export function customerLogPage<T extends CustomerLogTable>(db: Db, storeId: number, table: T, f: CustomerLogFilter, offset: number, limit: number) {
  return inRange(db, storeId, table, f).orderBy('at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit) as unknown as SelectQueryBuilder<Database, T, object>;
}

export async function countCustomerLog(db: Db, storeId: number, table: CustomerLogTable, f: CustomerLogFilter): Promise<number> {
  const r = await inRange(db, storeId, table, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
