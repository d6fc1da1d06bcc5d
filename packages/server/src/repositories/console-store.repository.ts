import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import { CREDIT_GIVEN_KIND } from '../money/ledger-kind.js';

/** Which stores a console read covers: every store, or the kiosk ids of an account's scope. */
export type StoreSet = 'all' | readonly number[];

/**
 * The platform console's cross-store reads (issue 22): one query per figure over every store of the
 * scope, never one per store. Each filters by the scope's kiosk ids (services/console/scope.ts).
 */
export const consoleStoreRepository = {
  stores(db: Db, set: StoreSet) {
    let q = db
      .selectFrom('store')
      .leftJoin('platform_account_store', 'platform_account_store.store_id', 'store.id')
      .leftJoin('platform_account', 'platform_account.id', 'platform_account_store.account_id')
      .select([
        'store.id',
        'store.name',
        'store.address',
        'store.city',
        'store.state',
        'store.zip',
        'store.phone',
        'store.timezone',
        'store.frozen',
        'store.freeze_msg',
        'store.credit_cents',
        'store.comps_budget_cents',
        'store.max_drawers',
        'store.max_machines',
        'store.limit_day',
        'store.cap_hourly_cents',
        'store.cap_daily_cents',
        'store.cap_weekly_cents',
        'store.min_amount_cents',
        'store.created_at',
        'platform_account.username as distributor',
      ])
      .orderBy('store.id');
    if (set !== 'all') q = q.where('store.id', 'in', set.length ? [...set] : [-1]);
    return q.execute();
  },
  /** What the stores screen and the cross-store report show of each store (the list reads 1,000 of them a call). */
  listed(db: Db, set: StoreSet) {
    let q = db
      .selectFrom('store')
      .leftJoin('platform_account_store', 'platform_account_store.store_id', 'store.id')
      .leftJoin('platform_account', 'platform_account.id', 'platform_account_store.account_id')
      .select(['store.id', 'store.name', 'store.city', 'store.timezone', 'store.frozen', 'store.freeze_msg', 'store.credit_cents', 'platform_account.username as distributor'])
      .orderBy('store.id');
    if (set !== 'all') q = q.where('store.id', 'in', set.length ? [...set] : [-1]);
    return q.execute();
  },
  async openShifts(db: Db, set: StoreSet) {
    let q = db.selectFrom('shift').select(['store_id', (eb) => eb.fn.countAll<number>().as('n')]).where('ended_at', 'is', null).groupBy('store_id');
    if (set !== 'all') q = q.where('store_id', 'in', set.length ? [...set] : [-1]);
    return q.execute();
  },
  async machines(db: Db, set: StoreSet) {
    let q = db
      .selectFrom('machine')
      .select(['store_id', (eb) => eb.fn.countAll<number>().as('enrolled'), (eb) => eb.fn.sum<number>('connected').as('connected')])
      .where('removed', '=', 0)
      .groupBy('store_id');
    if (set !== 'all') q = q.where('store_id', 'in', set.length ? [...set] : [-1]);
    return q.execute();
  },
  /**
   * Purchases, reverts and redeems of each store's day, in one statement (one snapshot): report_daily's
   * rows of the day of the store's zone (`d`, summed per store and kind; `days`: each day with the
   * zones it is today in) and the ledger rows above the refresher's watermark since `tailFrom` (`t`,
   * each with its instant: the caller keeps those of its store's day). `floor`: a watermark read
   * before (lets the planner take the id range; the store and the instant are kept off the indexes,
   * as in reportRepository.totalsOfStores).
   */
  async moneyOfDays(db: Db, set: StoreSet, days: ReadonlyArray<{ day: string; zones: readonly string[] }>, tailFrom: string, floor: number) {
    if (!days.length || (set !== 'all' && !set.length)) return [];
    const list = (values: ReadonlyArray<string | number>) => sql.join(values.map((v) => sql`${v}`));
    const of = (col: RawBuilder<unknown>) => (set === 'all' ? sql`` : sql` AND ${col} IN (${list(set)})`);
    const kinds = sql`('purchase', 'revert', 'redeem')`;
    const ofZone = sql.join(
      days.map((d) => sql`(d.day = ${d.day} AND s.timezone IN (${list(d.zones)}))`),
      sql` OR `,
    );
    const r = await sql<{ part: 'd' | 't'; store_id: number; kind: string; cents: number | string; at: string | null }>`
      SELECT 'd' AS part, d.store_id AS store_id, d.kind AS kind, SUM(d.amount_cents) AS cents, CAST(NULL AS text) AS at
        FROM report_daily d JOIN store s ON s.id = d.store_id
        WHERE d.day IN (${list(days.map((d) => d.day))}) AND d.kind IN ${kinds} AND (${ofZone})${of(sql`d.store_id`)}
        GROUP BY d.store_id, d.kind
      UNION ALL
      SELECT 't', l.store_id, l.kind, l.amount_cents, l.at FROM ledger l
        WHERE l.id > (SELECT w.ledger_id FROM report_watermark w WHERE w.id = 1) AND l.id > ${floor}
          AND l.at || '' >= ${tailFrom} AND l.kind IN ${kinds}${of(sql`+l.store_id`)}`.execute(db);
    return r.rows;
  },
  /**
   * Credit the counters used per store since `from` (purchases take it, reverts and redeems give it
   * back; the operator's store_credit is not use) and the last movement at or after `from` (null if
   * none), in one statement (one snapshot): credit_use_day's whole UTC days, corrected by the ledger
   * rows of `from`'s own day on the side of `from` that `edge` names, plus the ledger rows above the
   * refresher's watermark. `floor`: a watermark read before (lets the planner take the id range,
   * the store and the instant kept off the indexes).
   * `edge.whole`: the days from `from`'s day (`subtract` the rows before `from`) or from the next (`add` the rows from `from`).
   */
  async creditUseSince(db: Db, set: StoreSet, from: string, edge: { mode: 'add' | 'subtract'; dayStart: string; nextDayStart: string }, floor: number) {
    if (set !== 'all' && !set.length) return [];
    // Every store: no list of 1,000 ids to plan; the ledger's rows are still read store by store (its index leads with the store).
    const of = (col: RawBuilder<unknown>) => (set === 'all' ? sql`` : sql` AND ${col} IN (${sql.join(set.map((id) => sql`${id}`))})`);
    const onLedger = set === 'all' ? sql` AND l.store_id IN (SELECT s.id FROM store s)` : of(sql`l.store_id`);
    const watermark = sql`(SELECT w.ledger_id FROM report_watermark w WHERE w.id = 1)`;
    const use = sql`CASE WHEN l.kind = ${sql.lit(CREDIT_GIVEN_KIND)} THEN 0 ELSE l.d_credit_cents END`;
    const day = from.slice(0, 10);
    const edgeRows =
      edge.mode === 'add'
        ? sql`SELECT l.store_id AS store_id, ${use} AS used, l.at AS last_at FROM ledger l
            WHERE l.at >= ${from} AND l.at < ${edge.nextDayStart} AND l.id <= ${watermark}${onLedger}`
        : sql`SELECT l.store_id AS store_id, -(${use}) AS used, CAST(NULL AS text) AS last_at FROM ledger l
            WHERE l.at >= ${edge.dayStart} AND l.at < ${from} AND l.id <= ${watermark}${onLedger}`;
    const r = await sql<{ store_id: number; credit_cents: number | string; last_at: string | null }>`
      SELECT x.store_id AS store_id, SUM(x.used) AS credit_cents, MAX(x.last_at) AS last_at FROM (
        SELECT c.store_id AS store_id, c.used_cents AS used, c.last_at AS last_at FROM credit_use_day c
          WHERE c.day ${edge.mode === 'add' ? sql`>` : sql`>=`} ${day}${of(sql`c.store_id`)}
        UNION ALL ${edgeRows}
        UNION ALL
        SELECT l.store_id, ${use}, l.at FROM ledger l
          WHERE l.id > ${watermark} AND l.id > ${floor} AND l.at || '' >= ${from}${of(sql`+l.store_id`)}
      ) x GROUP BY x.store_id`.execute(db);
    // In subtract mode the first day's last movement may be before `from`: that is none in the week.
    return r.rows.map((row) => ({ store_id: Number(row.store_id), credit_cents: Number(row.credit_cents), last_at: row.last_at !== null && row.last_at >= from ? row.last_at : null }));
  },
  /**
   * Credit given to the stores in [from, to), for the cross-store report: THE definition of "credit
   * given" is the store's credit ledger, its ledger rows of kind CREDIT_GIVEN_KIND (the opening
   * credit of create-store, the CLI's add-credit, the console's gives by the operator or a
   * distributor, each one row; take-backs negative), d_credit_cents each. Such a row has no customer:
   * `customer_id IS NULL` lets both databases read just these rows by index (ledger_customer_at:
   * customer_id, kind, at) instead of every purchase of the window.
   */
  creditGiven(db: Db, set: StoreSet, fromIso: string, toIso: string) {
    let q = db
      .selectFrom('ledger')
      .select(['store_id', 'at', 'd_credit_cents'])
      .where('customer_id', 'is', null)
      .where('kind', '=', CREDIT_GIVEN_KIND)
      .where('at', '>=', fromIso)
      .where('at', '<', toIso);
    if (set !== 'all') q = q.where('store_id', 'in', set.length ? [...set] : [-1]);
    return q.execute();
  },
  bosses(db: Db, storeId: number) {
    return db
      .selectFrom('account')
      .select(['id', 'username', 'locked', 'disabled', 'last_login_at'])
      .where('store_id', '=', storeId)
      .where('sa_type', '=', 1)
      .where('removed', '=', 0)
      .orderBy('id')
      .execute();
  },
};
