import { sql } from 'kysely';
import type { Db } from '../db/database.js';

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
  /** Purchases, reverts and redeems per store since `from` (the stores of one time zone share their day's start). */
  async moneySince(db: Db, storeIds: readonly number[], from: string) {
    if (!storeIds.length) return [];
    return db
      .selectFrom('ledger')
      .select(['store_id', 'kind', (eb) => eb.fn.sum<number>('amount_cents').as('cents')])
      .where('store_id', 'in', [...storeIds])
      .where('at', '>=', from)
      .where('kind', 'in', ['purchase', 'revert', 'redeem'])
      .groupBy(['store_id', 'kind'])
      .execute();
  },
  /** Credit the counters used since `from` (purchases take it, reverts and redeems give it back) and the last movement, per store. */
  async creditUseSince(db: Db, set: StoreSet, from: string) {
    let q = db
      .selectFrom('ledger')
      .select([
        'store_id',
        (eb) => eb.fn.sum<number>(sql`case when kind in ('store_credit') then 0 else d_credit_cents end`).as('credit_cents'),
        (eb) => eb.fn.max('at').as('last_at'),
      ])
      .where('at', '>=', from)
      .groupBy('store_id');
    if (set !== 'all') q = q.where('store_id', 'in', set.length ? [...set] : [-1]);
    return q.execute();
  },
  /** Credit moved to the stores (fund 'credit', gives positive, take-backs negative) in [from, to), for the cross-store report. */
  creditMoves(db: Db, set: StoreSet, fromIso: string, toIso: string) {
    let q = db
      .selectFrom('credit_transfer')
      .select(['child_store_id', 'at', 'd_child_cents'])
      .where('fund', '=', 'credit')
      .where('child_store_id', 'is not', null)
      .where('at', '>=', fromIso)
      .where('at', '<', toIso);
    if (set !== 'all') q = q.where('child_store_id', 'in', set.length ? [...set] : [-1]);
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
