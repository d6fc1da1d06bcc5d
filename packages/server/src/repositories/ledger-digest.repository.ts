import type { Db, Dialect } from '../db/database.js';
import type { DaySealTable, LedgerDigestTable } from '../db/schema.js';
import { LEDGER_FIELDS, type DigestRow } from '../money/ledger-digest.js';

/** A period's row (ledger_digest) and a day's seal (day_seal), as read. */
export type DigestRecord = LedgerDigestTable;
export type SealRecord = DaySealTable;

const DIGEST_COLUMNS = ['store_id', 'seq', 'prev_last_id', 'first_id', 'last_id', 'count', 'sum_cents', 'hour', 'prev_hash', 'hash', 'made_at'] as const;
const SEAL_COLUMNS = ['store_id', 'day', 'from_at', 'to_at', 'count', 'sum_cents', 'first_id', 'last_id', 'rows_hash', 'chain_last_id', 'chain_hash', 'public_key', 'signature', 'signed_at'] as const;

const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const asDigest = (r: Record<(typeof DIGEST_COLUMNS)[number], unknown>): DigestRecord => ({
  store_id: num(r.store_id), seq: num(r.seq), prev_last_id: num(r.prev_last_id), first_id: num(r.first_id), last_id: num(r.last_id),
  count: num(r.count), sum_cents: num(r.sum_cents), hour: String(r.hour), prev_hash: String(r.prev_hash), hash: String(r.hash), made_at: String(r.made_at),
});
const asSeal = (r: Record<(typeof SEAL_COLUMNS)[number], unknown>): SealRecord => ({
  store_id: num(r.store_id), day: String(r.day), from_at: String(r.from_at), to_at: String(r.to_at), count: num(r.count), sum_cents: num(r.sum_cents),
  first_id: numOrNull(r.first_id), last_id: numOrNull(r.last_id), rows_hash: String(r.rows_hash), chain_last_id: numOrNull(r.chain_last_id),
  chain_hash: r.chain_hash === null ? null : String(r.chain_hash), public_key: String(r.public_key), signature: String(r.signature), signed_at: String(r.signed_at),
});

/**
 * The ledger's digests, row hashes and day seals (migration 038): written by the digest job and the day
 * close, read by `verify` and the export. Reads of the ledger here take every field the digest rule
 * hashes (money/ledger-digest.ts LEDGER_FIELDS), in id order.
 */
export const ledgerDigestRepository = {
  /**
   * The highest ledger id below which every row is committed: SQLite's one writer makes what is visible
   * committed in id order; on PostgreSQL the reports' refresher's watermark (services/report/daily-totals.ts
   * holds it to ids no running transaction can still take).
   */
  async safeLedgerId(db: Db, dialect: Dialect): Promise<number> {
    if (dialect === 'sqlite') {
      const r = await db.selectFrom('ledger').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst();
      return Number(r?.m ?? 0);
    }
    const r = await db.selectFrom('report_watermark').select('ledger_id').where('id', '=', 1).executeTakeFirst();
    return Number(r?.ledger_id ?? 0);
  },
  async watermark(db: Db, dialect: Dialect, lock: boolean): Promise<number> {
    let q = db.selectFrom('ledger_digest_watermark').select('ledger_id').where('id', '=', 1);
    if (lock && dialect === 'postgres') q = q.forUpdate();
    return Number((await q.executeTakeFirstOrThrow()).ledger_id);
  },
  async setWatermark(db: Db, ledgerId: number): Promise<void> {
    await db.updateTable('ledger_digest_watermark').set({ ledger_id: ledgerId }).where('id', '=', 1).execute();
  },
  /** Ledger rows (every store's, or one's) with afterId < id <= uptoId, id order, at most `limit`. */
  async rowsAbove(db: Db, afterId: number, uptoId: number, limit: number, storeId?: number): Promise<DigestRow[]> {
    let q = db.selectFrom('ledger').select([...LEDGER_FIELDS]).where('id', '>', afterId).where('id', '<=', uptoId);
    if (storeId !== undefined) q = q.where('store_id', '=', storeId);
    return (await q.orderBy('id').limit(limit).execute()) as DigestRow[];
  },
  /** A store's rows with `at` in [from, to), id order: a store day's window. */
  async windowRows(db: Db, storeId: number, from: string, to: string): Promise<DigestRow[]> {
    return (await db.selectFrom('ledger').select([...LEDGER_FIELDS]).where('store_id', '=', storeId).where('at', '>=', from).where('at', '<', to).orderBy('id').execute()) as DigestRow[];
  },
  /** A store's rows with afterId < id <= uptoId (whole periods for the export), id order. */
  async storeRowsBetween(db: Db, storeId: number, afterId: number, uptoId: number): Promise<DigestRow[]> {
    return (await db.selectFrom('ledger').select([...LEDGER_FIELDS]).where('store_id', '=', storeId).where('id', '>', afterId).where('id', '<=', uptoId).orderBy('id').execute()) as DigestRow[];
  },
  /** Each store's last period (the chain's head), for the stores given. */
  async heads(db: Db, storeIds: readonly number[]): Promise<Map<number, DigestRecord>> {
    if (storeIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('ledger_digest as d')
      .select(DIGEST_COLUMNS.map((c) => `d.${c}` as const))
      .where('d.store_id', 'in', [...storeIds])
      .where((eb) => eb('d.seq', '=', eb.selectFrom('ledger_digest as e').select((e) => e.fn.max('e.seq').as('m')).whereRef('e.store_id', '=', 'd.store_id')))
      .execute();
    return new Map(rows.map((r) => [Number(r.store_id), asDigest(r)]));
  },
  /** A store's chain head (its last period), for the day close. */
  async head(db: Db, storeId: number): Promise<DigestRecord | undefined> {
    return (await ledgerDigestRepository.heads(db, [storeId])).get(storeId);
  },
  async insertDigests(db: Db, rows: readonly DigestRecord[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 200) await db.insertInto('ledger_digest').values(rows.slice(i, i + 200)).execute();
  },
  async insertRowHashes(db: Db, rows: ReadonlyArray<{ ledger_id: number; store_id: number; hash: string }>): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) await db.insertInto('ledger_row_hash').values(rows.slice(i, i + 500)).execute();
  },
  /** The stores with periods (or the one given, when it has any). */
  async digestStores(db: Db, storeId?: number): Promise<number[]> {
    let q = db.selectFrom('ledger_digest').select('store_id').distinct();
    if (storeId !== undefined) q = q.where('store_id', '=', storeId);
    return (await q.orderBy('store_id').execute()).map((r) => Number(r.store_id));
  },
  /** A store's periods after `afterSeq`, by seq, at most `limit` (verify pages through them). */
  async digestsAfter(db: Db, storeId: number, afterSeq: number, limit: number): Promise<DigestRecord[]> {
    return (await db.selectFrom('ledger_digest').select([...DIGEST_COLUMNS]).where('store_id', '=', storeId).where('seq', '>', afterSeq).orderBy('seq').limit(limit).execute()).map(asDigest);
  },
  /** A store's periods that cover any id in [lo, hi], by seq (the export's). */
  async digestsOverlapping(db: Db, storeId: number, lo: number, hi: number): Promise<DigestRecord[]> {
    return (await db.selectFrom('ledger_digest').select([...DIGEST_COLUMNS]).where('store_id', '=', storeId).where('last_id', '>=', lo).where('prev_last_id', '<', hi).orderBy('seq').execute()).map(asDigest);
  },
  /** A store's period ending at `lastId` (a seal's chain head). */
  async digestEndingAt(db: Db, storeId: number, lastId: number): Promise<DigestRecord | undefined> {
    const r = await db.selectFrom('ledger_digest').select([...DIGEST_COLUMNS]).where('store_id', '=', storeId).where('last_id', '=', lastId).executeTakeFirst();
    return r && asDigest(r);
  },
  /** Row hashes (every store's, or one's) with afterId < ledger_id <= uptoId, id order, at most `limit`. */
  async rowHashesAbove(db: Db, afterId: number, uptoId: number, limit: number, storeId?: number) {
    let q = db.selectFrom('ledger_row_hash').select(['ledger_id', 'store_id', 'hash']).where('ledger_id', '>', afterId).where('ledger_id', '<=', uptoId);
    if (storeId !== undefined) q = q.where('store_id', '=', storeId);
    return (await q.orderBy('ledger_id').limit(limit).execute()).map((r) => ({ ledger_id: Number(r.ledger_id), store_id: Number(r.store_id), hash: r.hash }));
  },
  /** A store's day seal once: false when the day was sealed already. */
  async insertSeal(db: Db, row: SealRecord): Promise<boolean> {
    const r = await db.insertInto('day_seal').values(row).onConflict((oc) => oc.columns(['store_id', 'day']).doNothing()).returning('day').executeTakeFirst();
    return r !== undefined;
  },
  async seal(db: Db, storeId: number, day: string): Promise<SealRecord | undefined> {
    const r = await db.selectFrom('day_seal').select([...SEAL_COLUMNS]).where('store_id', '=', storeId).where('day', '=', day).executeTakeFirst();
    return r && asSeal(r);
  },
  /** Every seal (or one store's, within [fromDay, toDay]), by store and day. */
  async seals(db: Db, storeId?: number, fromDay?: string, toDay?: string): Promise<SealRecord[]> {
    let q = db.selectFrom('day_seal').select([...SEAL_COLUMNS]);
    if (storeId !== undefined) q = q.where('store_id', '=', storeId);
    if (fromDay !== undefined) q = q.where('day', '>=', fromDay);
    if (toDay !== undefined) q = q.where('day', '<=', toDay);
    return (await q.orderBy('store_id').orderBy('day').execute()).map(asSeal);
  },
};
