import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database.js';
import { withNames, type ShiftWithNames } from './shift.repository.js';

/**
 * Which ledger rows of the store a report reads (every query takes the store first, bound once in
 * report-scope.ts); `ownerAccountId` (a cashier) narrows to the rows of that account's shifts.
 */
export interface LedgerFilter {
  fromIso: string;
  toIso: string;
  kind?: string | undefined;
  channel?: string | undefined;
  customerIds?: number[] | undefined;
  drawerId?: number | undefined;
  accountId?: number | undefined;
  ownerAccountId?: number | undefined;
}

/** The position after which the next page starts (newest first: at desc, id desc). */
export interface Keyset {
  at: string;
  id: number;
}

export interface TransactionRecord {
  id: number;
  at: string;
  kind: string;
  channel: string;
  shift_id: number | null;
  customer_id: number | null;
  amount_cents: number;
  d_drawer_cents: number;
  reverts_id: number | null;
  note: string;
  drawer_number: number | null;
  machine_name: number | null;
  username: string | null;
  mobile_id: string | null;
  first_name: string | null;
  last_name: string | null;
}

/** A ledger row as the daily totals count it. */
export interface CountedRow {
  id: number;
  store_id: number;
  at: string;
  channel: string;
  kind: string;
  amount_cents: number;
}

/** A ledger row as the refresher folds it: the daily totals' figures and the credit it moved. */
export interface RefreshedRow extends CountedRow {
  d_credit_cents: number;
}

/** A total of report_daily or of ledger rows: per day, channel and kind. */
export interface DailyTotal {
  day: string;
  channel: string;
  kind: string;
  amount_cents: number;
  count: number;
}

/** `after`: a page's keyset; its `at` then is the upper bound (one bound, so SQLite's planner takes the tight one). */
function filtered(db: Db, storeId: number, f: LedgerFilter, after?: Keyset) {
  let q = db.selectFrom('ledger as l').where('l.store_id', '=', storeId).where('l.at', '>=', f.fromIso);
  if (after && after.at < f.toIso) {
    q = q.where('l.at', '<=', after.at).where((eb) => eb(eb.refTuple('l.at', 'l.id'), '<', eb.tuple(after.at, after.id)));
  } else {
    q = q.where('l.at', '<', f.toIso);
    if (after) q = q.where((eb) => eb(eb.refTuple('l.at', 'l.id'), '<', eb.tuple(after.at, after.id)));
  }
  if (f.kind !== undefined) q = q.where('l.kind', '=', f.kind);
  if (f.channel !== undefined) q = q.where('l.channel', '=', f.channel);
  if (f.customerIds !== undefined) q = q.where('l.customer_id', 'in', f.customerIds.length ? f.customerIds : [-1]);
  if (f.drawerId !== undefined) q = q.where('l.drawer_id', '=', f.drawerId);
  if (f.accountId !== undefined) q = q.where('l.account_id', '=', f.accountId);
  if (f.ownerAccountId !== undefined) {
    const owner = f.ownerAccountId;
    q = q.where('l.shift_id', 'in', (eb) => eb.selectFrom('shift').select('shift.id').where('shift.store_id', '=', storeId).where('shift.account_id', '=', owner));
  }
  return q;
}

/** The refresher's watermark: ledger rows folded up to `ledger_id`; PostgreSQL's sequence sample waiting to become the next target. */
export interface WatermarkState {
  ledger_id: number;
  pending_id: number | null;
  pending_at: string | null;
}

export const reportRepository = {
  /** Customers of the store whose id or mobile id is `pinId`. */
  async customerIdsByPin(db: Db, storeId: number, pinId: string): Promise<number[]> {
    const asId = /^\d{1,15}$/.test(pinId) ? Number(pinId) : -1;
    const rows = await db
      .selectFrom('customer')
      .select('id')
      .where('store_id', '=', storeId)
      .where((eb) => eb.or([eb('id', '=', asId), eb('mobile_id', '=', pinId)]))
      .execute();
    return rows.map((r) => Number(r.id));
  },
  async drawerIdByNumber(db: Db, storeId: number, number: number): Promise<number | undefined> {
    const r = await db.selectFrom('drawer').select('id').where('store_id', '=', storeId).where('number', '=', number).executeTakeFirst();
    return r === undefined ? undefined : Number(r.id);
  },
  /** Staff accounts keep their rows when removed (the ledger names them), so removed ones are found too. */
  async accountIdByUsername(db: Db, storeId: number, username: string): Promise<number | undefined> {
    const r = await db.selectFrom('account').select('id').where('store_id', '=', storeId).where('username', '=', username).executeTakeFirst();
    return r === undefined ? undefined : Number(r.id);
  },

  /** One page, newest first: after `after` (keyset) or from `offset`. */
  transactions(db: Db, storeId: number, f: LedgerFilter, page: { after?: Keyset | undefined; offset: number; limit: number }): Promise<TransactionRecord[]> {
    const after = page.after;
    return filtered(db, storeId, f, after)
      .leftJoin('drawer as d', 'd.id', 'l.drawer_id')
      .leftJoin('machine as m', 'm.id', 'l.machine_id')
      .leftJoin('account as a', 'a.id', 'l.account_id')
      .leftJoin('customer as c', 'c.id', 'l.customer_id')
      .select([
        'l.id',
        'l.at',
        'l.kind',
        'l.channel',
        'l.shift_id',
        'l.customer_id',
        'l.amount_cents',
        'l.d_drawer_cents',
        'l.reverts_id',
        'l.note',
        'd.number as drawer_number',
        'm.machine_id as machine_name',
        'a.username',
        'c.mobile_id',
        'c.first_name',
        'c.last_name',
      ])
      .orderBy('l.at', 'desc')
      .orderBy('l.id', 'desc')
      .offset(after ? 0 : page.offset)
      .limit(page.limit)
      .execute();
  },
  /** The store's large payouts (issue 24: flagged when paid) in [from, to), oldest first, with who paid them and the customer. */
  largePayouts(db: Db, storeId: number, fromIso: string, toIso: string) {
    return db
      .selectFrom('payout_check as p')
      .innerJoin('customer as c', 'c.id', 'p.customer_id')
      .leftJoin('account as a', 'a.id', 'p.account_id')
      .leftJoin('ledger as l', 'l.id', 'p.ledger_id')
      .leftJoin('drawer as d', 'd.id', 'l.drawer_id')
      .select(['p.ledger_id', 'p.at', 'p.amount_cents', 'p.day_total_cents', 'p.id_type', 'p.id_number', 'p.customer_id', 'c.mobile_id', 'c.first_name', 'c.last_name', 'a.username', 'd.number as drawer_number'])
      .where('p.store_id', '=', storeId)
      .where('p.large', '=', 1)
      .where('p.at', '>=', fromIso)
      .where('p.at', '<', toIso)
      .orderBy('p.at')
      .orderBy('p.id')
      .execute();
  },
  async count(db: Db, storeId: number, f: LedgerFilter): Promise<number> {
    const r = await filtered(db, storeId, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /**
   * Purchases and reverts of the given shifts (to link a reverted purchase and its revert): those of
   * the given customers (`withoutCustomer`: and those of none), and the reverts naming one of
   * `revertedIds`. A shift holds thousands of rows; a page links only its own customers'.
   */
  purchasesAndReverts(
    db: Db,
    storeId: number,
    of: { shiftIds: number[]; customerIds: number[]; withoutCustomer: boolean; revertedIds: number[] },
  ): Promise<Array<{ id: number; kind: string; shift_id: number | null; customer_id: number | null; reverts_id: number | null }>> {
    if (of.shiftIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('ledger')
      .select(['id', 'kind', 'shift_id', 'customer_id', 'reverts_id'])
      .where('shift_id', 'in', of.shiftIds)
      // `+`: the shift index (shift_id, id) finds these; the store's period index would walk the whole store.
      .where(sql<boolean>`+store_id = ${storeId}`)
      .where('kind', 'in', ['purchase', 'revert'])
      .where((eb) =>
        eb.or([
          eb('customer_id', 'in', of.customerIds.length ? of.customerIds : [-1]),
          ...(of.withoutCustomer ? [eb('customer_id', 'is', null)] : []),
          eb('reverts_id', 'in', of.revertedIds.length ? of.revertedIds : [-1]),
        ]),
      )
      .orderBy('id')
      .execute();
  },

  /** Shifts that started in [from, to), oldest first; only one account's when `accountId` is given. */
  shiftsStarted(db: Db, storeId: number, fromIso: string, toIso: string, accountId: number | undefined): Promise<ShiftWithNames[]> {
    let q = withNames(db)
      .where('shift.store_id', '=', storeId)
      .where('shift.started_at', '>=', fromIso)
      .where('shift.started_at', '<', toIso);
    if (accountId !== undefined) q = q.where('shift.account_id', '=', accountId);
    return q.orderBy('shift.started_at').orderBy('shift.id').execute();
  },

  /** The rows of a period, as the daily totals count them (a filtered scan: one customer's). */
  countedRows(db: Db, storeId: number, f: LedgerFilter): Promise<CountedRow[]> {
    return filtered(db, storeId, f).select(['l.id', 'l.store_id', 'l.at', 'l.channel', 'l.kind', 'l.amount_cents']).execute();
  },

  /** Ledger rows (all stores) in (afterId, uptoId], oldest first, for the daily totals. */
  rowsAbove(db: Db, afterId: number, uptoId: number, limit: number): Promise<RefreshedRow[]> {
    return db
      .selectFrom('ledger')
      .select(['id', 'store_id', 'at', 'channel', 'kind', 'amount_cents', 'd_credit_cents'])
      .where('id', '>', afterId)
      .where('id', '<=', uptoId)
      .orderBy('id')
      .limit(limit)
      .execute();
  },
  async maxLedgerId(db: Db): Promise<number> {
    const r = await db.selectFrom('ledger').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst();
    return Number(r?.m ?? 0);
  },
  async storeTimezones(db: Db): Promise<Map<number, string>> {
    const rows = await db.selectFrom('store').select(['id', 'timezone']).execute();
    return new Map(rows.map((r) => [Number(r.id), r.timezone]));
  },
  /** Adds totals to report_daily (one statement per chunk of rows). */
  async addDailyTotals(db: Db, rows: Array<DailyTotal & { store_id: number }>): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto('report_daily')
        .values(rows.slice(i, i + 500))
        .onConflict((oc) =>
          oc.columns(['store_id', 'day', 'channel', 'kind']).doUpdateSet({
            amount_cents: sql`report_daily.amount_cents + excluded.amount_cents`,
            count: sql`report_daily.count + excluded.count`,
          }),
        )
        .execute();
    }
  },
  /** Adds totals summed over the stores to report_daily_all (the refresher's step, beside addDailyTotals). */
  async addAllStoresTotals(db: Db, rows: DailyTotal[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto('report_daily_all')
        .values(rows.slice(i, i + 500))
        .onConflict((oc) =>
          oc.columns(['day', 'channel', 'kind']).doUpdateSet({
            amount_cents: sql`report_daily_all.amount_cents + excluded.amount_cents`,
            count: sql`report_daily_all.count + excluded.count`,
          }),
        )
        .execute();
    }
  },
  /** Adds credit used per store and UTC day to credit_use_day, keeping the day's last movement. */
  async addCreditUse(db: Db, rows: Array<{ store_id: number; day: string; used_cents: number; last_at: string }>): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto('credit_use_day')
        .values(rows.slice(i, i + 500))
        .onConflict((oc) =>
          oc.columns(['store_id', 'day']).doUpdateSet({
            used_cents: sql`credit_use_day.used_cents + excluded.used_cents`,
            last_at: sql`CASE WHEN excluded.last_at > credit_use_day.last_at THEN excluded.last_at ELSE credit_use_day.last_at END`,
          }),
        )
        .execute();
    }
  },
  /** The refresher's watermark row; `lock`: locked for the refresher's transaction (PostgreSQL; SQLite's writer is alone anyway). */
  async watermarkState(db: Db, dialect: Dialect, lock: boolean): Promise<WatermarkState> {
    let q = db.selectFrom('report_watermark').select(['ledger_id', 'pending_id', 'pending_at']).where('id', '=', 1);
    if (lock && dialect === 'postgres') q = q.forUpdate();
    const r = await q.executeTakeFirstOrThrow();
    return { ledger_id: Number(r.ledger_id), pending_id: r.pending_id === null ? null : Number(r.pending_id), pending_at: r.pending_at };
  },
  async setWatermark(db: Db, w: WatermarkState): Promise<void> {
    await db.updateTable('report_watermark').set(w).where('id', '=', 1).execute();
  },
  /**
   * PostgreSQL: the last id the ledger's sequence handed out, then the database clock. Every id up
   * to it was taken by a transaction that had started before that time.
   */
  async sequenceSample(db: Db): Promise<{ id: number; at: string }> {
    const seq = await sql<{ last_value: number; is_called: boolean }>`SELECT last_value, is_called FROM ledger_id_seq`.execute(db);
    const row = seq.rows[0]!;
    const clock = await sql<{ at: string }>`SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at`.execute(db);
    return { id: Number(row.last_value) - (row.is_called ? 0 : 1), at: clock.rows[0]!.at };
  },
  /** PostgreSQL: when the oldest transaction still running in this database (other than ours) began; null if none. */
  async oldestRunningTransaction(db: Db): Promise<string | null> {
    const r = await sql<{ at: string | null }>`SELECT to_char(min(t) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at FROM (
        SELECT xact_start AS t FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid() AND xact_start IS NOT NULL
        UNION ALL SELECT prepared FROM pg_prepared_xacts WHERE database = current_database()) x`.execute(db);
    return r.rows[0]?.at ?? null;
  },

  /**
   * report_daily's totals of a store's days and the live tail (the ledger rows above the watermark in
   * [from, to)) in ONE statement: one snapshot on both databases, so a refresher step that commits
   * meanwhile is neither missed nor counted twice. Tail rows come with `at` (to bucket), totals with `day`.
   *
   * `floor`: the watermark read just before, as a constant. The watermark only rises, so `id > floor`
   * drops no tail row; it is there for PostgreSQL's planner, which cannot see the subquery's value,
   * guesses a third of the ledger above it and then starts parallel workers for an empty tail (about
   * 8 ms idle, 50 ms and more on a busy machine). With the constant it sees a few rows at the index's end.
   */
  async totalsWithTail(db: Db, storeId: number, days: { firstDay: string; lastDay: string; fromIso: string; toIso: string }, channel?: string): Promise<Array<{ day: string | null; at: string | null; channel: string; kind: string; amount_cents: number; count: number }>> {
    const floor = await reportRepository.watermark(db);
    const onDaily = channel === undefined ? sql`` : sql` AND d.channel = ${channel}`;
    const onLedger = channel === undefined ? sql`` : sql` AND l.channel = ${channel}`;
    const r = await sql<{ day: string | null; at: string | null; channel: string; kind: string; amount_cents: number; count: number }>`
      SELECT d.day AS day, NULL AS at, d.channel AS channel, d.kind AS kind, d.amount_cents AS amount_cents, d.count AS count
        FROM report_daily d WHERE d.store_id = ${storeId} AND d.day >= ${days.firstDay} AND d.day <= ${days.lastDay}${onDaily}
      UNION ALL
      SELECT NULL, l.at, l.channel, l.kind, l.amount_cents, 1
        FROM ledger l WHERE l.id > (SELECT w.ledger_id FROM report_watermark w WHERE w.id = 1) AND l.id > ${floor}
         AND +l.store_id = ${storeId} AND l.at || '' >= ${days.fromIso} AND l.at || '' < ${days.toIso}${onLedger}`.execute(db);
    return r.rows;
  },
  /**
   * The cross-store report's figures (platform console) in ONE statement, one snapshot as
   * totalsWithTail: report_daily's totals of the selected stores' days summed per day, channel and
   * kind (part 't'); the page's stores' own report_daily rows (part 'p'); the live tail of every
   * selected store (part 'l', the ledger rows above the watermark in [fromIso, toIso), with `at` to
   * bucket). `stores` 'all': every store (no store filter). Only the report's kinds and channels.
   */
  async totalsOfStores(
    db: Db,
    stores: 'all' | readonly number[],
    pageStores: readonly number[],
    days: { firstDay: string; lastDay: string; fromIso: string; toIso: string },
    kinds: readonly string[],
    channels: readonly string[],
  ): Promise<Array<{ part: string; store_id: number | null; day: string | null; at: string | null; channel: string; kind: string; amount_cents: number; count: number }>> {
    const floor = await reportRepository.watermark(db);
    const list = (ids: readonly number[]) => sql.join((ids.length ? ids : [-1]).map((id) => sql`${id}`));
    // Every store's totals are kept summed (report_daily_all): a period's few hundred rows, not every store's.
    const totalsOf = stores === 'all' ? sql`report_daily_all` : sql`report_daily`;
    const onDaily = stores === 'all' ? sql`` : sql` AND d.store_id IN (${list(stores)})`;
    const onLedger = stores === 'all' ? sql`` : sql` AND +l.store_id IN (${list(stores)})`;
    const ofKinds = (col: string) => sql` AND ${sql.ref(col)}.kind IN (${sql.join(kinds.map((k) => sql`${k}`))}) AND ${sql.ref(col)}.channel IN (${sql.join(channels.map((c) => sql`${c}`))})`;
    const r = await sql<{ part: string; store_id: number | null; day: string | null; at: string | null; channel: string; kind: string; amount_cents: number; count: number }>`
      SELECT 't' AS part, CAST(NULL AS bigint) AS store_id, d.day AS day, CAST(NULL AS text) AS at, d.channel AS channel, d.kind AS kind, SUM(d.amount_cents) AS amount_cents, SUM(d.count) AS count
        FROM ${totalsOf} d WHERE d.day >= ${days.firstDay} AND d.day <= ${days.lastDay}${onDaily}${ofKinds('d')}
        GROUP BY d.day, d.channel, d.kind
      UNION ALL
      SELECT 'p', d.store_id, d.day, NULL, d.channel, d.kind, d.amount_cents, d.count
        FROM report_daily d WHERE d.store_id IN (${list(pageStores)}) AND d.day >= ${days.firstDay} AND d.day <= ${days.lastDay}${ofKinds('d')}
      UNION ALL
      SELECT 'l', l.store_id, NULL, l.at, l.channel, l.kind, l.amount_cents, 1
        FROM ledger l WHERE l.id > (SELECT w.ledger_id FROM report_watermark w WHERE w.id = 1) AND l.id > ${floor}
         AND l.at || '' >= ${days.fromIso} AND l.at || '' < ${days.toIso}${onLedger}${ofKinds('l')}`.execute(db);
    return r.rows;
  },
  async watermark(db: Db): Promise<number> {
    const r = await db.selectFrom('report_watermark').select('ledger_id').where('id', '=', 1).executeTakeFirst();
    return Number(r?.ledger_id ?? 0);
  },
};
