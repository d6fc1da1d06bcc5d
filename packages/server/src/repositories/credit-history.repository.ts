import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** Credit movements of a store summed per UTC hour and kind: few rows whatever the store's business. */
interface CreditHour {
  hour: string; // YYYY-MM-DDTHH (UTC)
  kind: string;
  credit_cents: number;
}

export const creditHistoryRepository = {
  hourly(db: Db, storeId: number, from: string): Promise<CreditHour[]> {
    const hour = sql<string>`substr(at, 1, 13)`;
    return db
      .selectFrom('ledger')
      .select([hour.as('hour'), 'kind', (eb) => eb.fn.sum<number>('d_credit_cents').as('credit_cents')])
      .where('store_id', '=', storeId)
      .where('at', '>=', from)
      .where('d_credit_cents', '!=', 0)
      .groupBy([hour, 'kind'])
      .execute();
  },
  /** The operator's top-ups (and take-backs) since `from`, newest first. */
  topups(db: Db, storeId: number, from: string) {
    return db
      .selectFrom('ledger')
      .select(['at', 'd_credit_cents', 'note'])
      .where('store_id', '=', storeId)
      .where('kind', '=', 'store_credit')
      .where('at', '>=', from)
      .orderBy('at', 'desc')
      .limit(200)
      .execute();
  },
  async counts(db: Db, storeId: number) {
    const drawers = await db.selectFrom('drawer').select((eb) => eb.fn.countAll<number>().as('n')).where('store_id', '=', storeId).executeTakeFirstOrThrow();
    const machines = await db
      .selectFrom('machine')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', storeId)
      .where('removed', '=', 0)
      .executeTakeFirstOrThrow();
    return { drawers: Number(drawers.n), machines: Number(machines.n) };
  },
};
