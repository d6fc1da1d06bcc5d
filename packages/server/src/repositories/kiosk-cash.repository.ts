import type { Db, Dialect } from '../db/database.js';

/** A store's kiosk collections with the kiosk's name and the collector's: what a slip and the Z report show. */
export function collectionsWithNames(db: Db, storeId: number) {
  return db
    .selectFrom('kiosk_collection')
    .innerJoin('machine', 'machine.id', 'kiosk_collection.machine_id')
    .innerJoin('account', 'account.id', 'kiosk_collection.account_id')
    .select([
      'kiosk_collection.id',
      'kiosk_collection.machine_id',
      'machine.machine_id as name',
      'kiosk_collection.at',
      'account.username as collector',
      'kiosk_collection.expected_cents',
      'kiosk_collection.counted_cents',
      'kiosk_collection.count_detail',
      'kiosk_collection.reason',
    ])
    .where('kiosk_collection.store_id', '=', storeId);
}

/** A reload kiosk's cash box: what it took and paid out (as reported, applied once) and its collections. */
export const kioskCashRepository = {
  async insert(tx: Db, row: { store_id: number; machine_id: number; seq: number; at: string; direction: 'in' | 'out'; amount_cents: number; meter_cents: number; detail: string }): Promise<number> {
    const r = await tx.insertInto('kiosk_cash').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  },
  /** The last collection of a kiosk: up to which cash row it counted. */
  async lastCollection(db: Db, storeId: number, machineId: number): Promise<{ id: number; up_to_cash_id: number; at: string } | undefined> {
    return db
      .selectFrom('kiosk_collection')
      .select(['id', 'up_to_cash_id', 'at'])
      .where('store_id', '=', storeId)
      .where('machine_id', '=', machineId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },
  /** Cash taken (in) and paid out (out) by a kiosk after cash row `afterId`, and the last row's id. */
  async since(db: Db, storeId: number, machineId: number, afterId: number): Promise<{ in_cents: number; out_cents: number; last_id: number }> {
    const r = await db
      .selectFrom('kiosk_cash')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('direction', '=', 'in').then(eb.ref('amount_cents')).else(0).end()), eb.lit(0)).as('in_cents'),
        eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('direction', '=', 'out').then(eb.ref('amount_cents')).else(0).end()), eb.lit(0)).as('out_cents'),
        eb.fn.coalesce(eb.fn.max('id'), eb.lit(afterId)).as('last_id'),
      ])
      .where('store_id', '=', storeId)
      .where('machine_id', '=', machineId)
      .where('id', '>', afterId)
      .executeTakeFirstOrThrow();
    return { in_cents: Number(r.in_cents), out_cents: Number(r.out_cents), last_id: Number(r.last_id) };
  },
  async insertCollection(
    tx: Db,
    storeId: number,
    row: { machine_id: number; at: string; account_id: number; up_to_cash_id: number; expected_cents: number; counted_cents: number | null; count_detail: string; reason: string; key: string },
  ): Promise<number> {
    const r = await tx.insertInto('kiosk_collection').values({ store_id: storeId, ...row }).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  },
  findCollection(db: Db, storeId: number, id: number) {
    return collectionsWithNames(db, storeId).where('kiosk_collection.id', '=', id).executeTakeFirst();
  },
  findByKey(db: Db, storeId: number, key: string) {
    return db.selectFrom('kiosk_collection').select(['id']).where('store_id', '=', storeId).where('key', '=', key).executeTakeFirst();
  },
  /**
   * Locks a reload kiosk's row for a collection's transaction, so two collections of one box (two
   * bosses, or one resent with a new key) follow each other and the second expects only what came
   * after the first (PostgreSQL; SQLite's writer is alone anyway). Undefined when no such kiosk.
   */
  lockKiosk(db: Db, storeId: number, id: number, dialect: Dialect) {
    let q = db.selectFrom('machine').select(['id', 'machine_id as name']).where('store_id', '=', storeId).where('id', '=', id).where('kind', '=', 'reload_kiosk').where('removed', '=', 0);
    if (dialect === 'postgres') q = q.forUpdate();
    return q.executeTakeFirst();
  },
  /** A store's reload kiosks on the floor. */
  kiosks(db: Db, storeId: number) {
    return db.selectFrom('machine').select(['id', 'machine_id as name']).where('store_id', '=', storeId).where('kind', '=', 'reload_kiosk').where('removed', '=', 0).orderBy('machine_id').execute();
  },
};
