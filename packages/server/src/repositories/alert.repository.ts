import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import type { Db, Dialect } from '../db/database.js';
import type { AlertTable, Database } from '../db/schema.js';
import { ALERT_COLUMNS, WEBHOOK_DELIVERY_COLUMNS } from './columns.js';
import type { StoreSet } from './console-store.repository.js';

/** The sweep's facts: what the alert rules (domain/alert-rules.ts) look at, one query per figure over every store. */
export const alertFactsRepository = {
  stores(db: Db) {
    return db.selectFrom('store').select(['id', 'credit_cents', 'large_diff_cents']).where('closed', '=', 0).execute();
  },
  openShifts(db: Db) {
    return db.selectFrom('shift').select(['id', 'store_id', 'drawer_id', 'started_at']).where('ended_at', 'is', null).execute();
  },
  /** Shifts closed with a count since `since`. */
  closedShifts(db: Db, since: string) {
    return db
      .selectFrom('shift')
      .select(['id', 'store_id', 'drawer_id', 'ended_at', 'balance_cents', 'counted_cents'])
      .where('ended_at', '>=', since)
      .where('counted_cents', 'is not', null)
      .execute();
  },
  machines(db: Db, storeIds: readonly number[]) {
    if (storeIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('machine')
      .select(['id', 'store_id', 'machine_id', 'kind', 'connected', 'last_seen_at', 'meter_played', 'meter_won', 'meter_games'])
      .where('removed', '=', 0)
      .where('store_id', 'in', storeIds)
      .execute();
  },
  storesWithGameMachines(db: Db) {
    return db
      .selectFrom('machine')
      .innerJoin('store', 'store.id', 'machine.store_id')
      .select(['store.id', 'store.exchange_rate'])
      .distinct()
      .where('machine.removed', '=', 0)
      .where('machine.kind', '=', 'game')
      .where('store.closed', '=', 0)
      .execute();
  },
  /** Lockouts of staff accounts since `since` (the login's audit rows), counted per account. */
  lockouts(db: Db, since: string) {
    return db
      .selectFrom('audit')
      .select((eb) => ['store_id', 'target_id', 'target_label', eb.fn.countAll<number>().as('n')])
      .where('kind', '=', 'login.locked')
      .where('at', '>=', since)
      .groupBy(['store_id', 'target_id', 'target_label'])
      .execute();
  },
  thresholds(db: Db) {
    return db.selectFrom('alert_threshold').select(['store_id', 'kind', 'value']).execute();
  },
  /**
   * Unusual activity's facts (domain/alert-rules.ts structuring): customers' cash movements since `since` at the
   * stores with a report threshold, each at most the threshold and at least `bandPercent` under it.
   */
  nearThresholdCash(db: Db, since: string, cash: CashOf, bandPercent: number) {
    return cashRows(db, since, cash)
      .where('store.cash_report_cents', '>', 0)
      .where('ledger.amount_cents', '<=', sql<number>`store.cash_report_cents`)
      .where(sql<boolean>`ledger.amount_cents * 100 >= store.cash_report_cents * ${100 - bandPercent}`)
      .execute();
  },
  /** The customers with a cash redeem since `since` (the little-play rule's candidates). */
  async redeemers(db: Db, since: string, cash: CashOf): Promise<number[]> {
    const rows = await db
      .selectFrom('ledger')
      .select('customer_id')
      .distinct()
      .where('kind', '=', 'redeem')
      .where('channel', 'in', cash.channels)
      .where('at', '>=', since)
      .where('customer_id', 'is not', null)
      .execute();
    return rows.map((r) => Number(r.customer_id));
  },
  /** These customers' cash movements since `since`, every amount. */
  cashOf(db: Db, since: string, cash: CashOf, customerIds: readonly number[]) {
    if (customerIds.length === 0) return Promise.resolve([]);
    return cashRows(db, since, cash).where('ledger.customer_id', 'in', customerIds).execute();
  },
  /** The entries these customers bet since `since`, summed per store and UTC minute (a minute falls in one store day in every zone). */
  betsOf(db: Db, since: string, customerIds: readonly number[]) {
    if (customerIds.length === 0) return Promise.resolve([]);
    const minute = sql<string>`substr(ledger.at, 1, 16)`;
    return db
      .selectFrom('ledger')
      .innerJoin('store', 'store.id', 'ledger.store_id')
      .select((eb) => ['ledger.customer_id', 'ledger.store_id', 'store.timezone', minute.as('minute'), eb.fn.sum<number>('ledger.amount_cents').as('cents')])
      .where('ledger.kind', '=', 'bet')
      .where('ledger.at', '>=', since)
      .where('ledger.customer_id', 'in', customerIds)
      .groupBy(['ledger.customer_id', 'ledger.store_id', 'store.timezone', minute])
      .execute();
  },
};

/** Which ledger rows are cash (money/cash-log.ts CASH_KINDS on CASH_CHANNELS), passed in by the sweep. */
export interface CashOf {
  kinds: readonly string[];
  channels: readonly string[];
}

function cashRows(db: Db, since: string, cash: CashOf) {
  return db
    .selectFrom('ledger')
    .innerJoin('store', 'store.id', 'ledger.store_id')
    .innerJoin('customer', 'customer.id', 'ledger.customer_id')
    .select([
      'ledger.id',
      'ledger.store_id',
      'store.name as store_name',
      'store.timezone',
      'store.cash_report_cents',
      'ledger.customer_id',
      'customer.first_name',
      'customer.last_name',
      'customer.id_hash',
      'ledger.kind',
      'ledger.amount_cents',
      'ledger.at',
    ])
    .where('ledger.at', '>=', since)
    .where('ledger.kind', 'in', cash.kinds)
    .where('ledger.channel', 'in', cash.channels);
}

/** The alert's stores (alert_store) outside a bounded scope: such an alert is not the scope's. */
function outside(selectFrom: ExpressionBuilder<Database, 'alert'>['selectFrom'], set: readonly number[]) {
  return selectFrom('alert_store').select('alert_store.alert_id').whereRef('alert_store.alert_id', '=', 'alert.id').where('alert_store.store_id', 'not in', set.length ? set : [-1]);
}

export type AlertRow = Awaited<ReturnType<typeof alertRepository.find>> & object;

/** Alerts: raised once per open key (its unique index), cleared, acknowledged, resolved; never deleted. */
export const alertRepository = {
  /** The alerts whose cause still stood at the last sweep, of these kinds. */
  standing(db: Db) {
    return db.selectFrom('alert').select(['id', 'kind', 'store_id', 'subject', 'open_key']).where('open_key', 'is not', null).execute();
  },
  /** Inserts the alert unless one with its open key stands; its id when this call raised it. */
  async raise(db: Db, row: Insertable<AlertTable>, stores: readonly number[] = []): Promise<number | undefined> {
    const r = await db
      .insertInto('alert')
      .values(row)
      .onConflict((oc) => oc.column('open_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (r !== undefined && stores.length > 1) await db.insertInto('alert_store').values(stores.map((store_id) => ({ alert_id: r.id, store_id }))).execute();
    return r?.id;
  },
  /** The stores of an alert that spans several ([] for one store's alert). */
  async storesOf(db: Db, id: number): Promise<number[]> {
    const rows = await db.selectFrom('alert_store').select('store_id').where('alert_id', '=', id).orderBy('store_id').execute();
    return rows.map((r) => Number(r.store_id));
  },
  /** Clears a standing alert (its cause went); false when another server did it first. */
  async clear(db: Db, id: number, openKey: string, at: string): Promise<boolean> {
    const r = await db.updateTable('alert').set({ open_key: null, cleared_at: at }).where('id', '=', id).where('open_key', '=', openKey).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
  find(db: Db, id: number) {
    return db.selectFrom('alert').select(ALERT_COLUMNS).where('id', '=', id).executeTakeFirst();
  },
  list(db: Db, set: StoreSet, opts: { open: boolean; storeId?: number | undefined; limit: number }) {
    let q = db
      .selectFrom('alert')
      .leftJoin('store', 'store.id', 'alert.store_id')
      .select([...ALERT_COLUMNS.map((c) => `alert.${c}` as const), 'store.name as store_name']);
    if (set !== 'all') q = q.where('alert.store_id', 'in', set.length ? set : [-1]).where(({ not, exists, selectFrom }) => not(exists(outside(selectFrom, set))));
    if (opts.storeId !== undefined) {
      const kid = opts.storeId;
      q = q.where(({ or, eb, exists, selectFrom }) => or([eb('alert.store_id', '=', kid), exists(selectFrom('alert_store').select('alert_store.alert_id').whereRef('alert_store.alert_id', '=', 'alert.id').where('alert_store.store_id', '=', kid))]));
    }
    if (opts.open) q = q.where('alert.cleared_at', 'is', null).where('alert.resolved_at', 'is', null);
    return q.orderBy('alert.raised_at', 'desc').orderBy('alert.id', 'desc').limit(opts.limit).execute();
  },
  async countOpen(db: Db, set: StoreSet): Promise<number> {
    let q = db.selectFrom('alert').select((eb) => eb.fn.countAll<number>().as('n')).where('cleared_at', 'is', null).where('resolved_at', 'is', null);
    if (set !== 'all') q = q.where('alert.store_id', 'in', set.length ? set : [-1]).where(({ not, exists, selectFrom }) => not(exists(outside(selectFrom, set))));
    return Number((await q.executeTakeFirstOrThrow()).n);
  },
  /** Acknowledges an alert neither acknowledged nor resolved; false when it already was. */
  async acknowledge(db: Db, id: number, by: string, at: string, note: string | undefined): Promise<boolean> {
    const r = await db
      .updateTable('alert')
      .set({ acknowledged_at: at, acknowledged_by: by, ...(note ? { note } : {}) })
      .where('id', '=', id)
      .where('acknowledged_at', 'is', null)
      .where('resolved_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
  /** Resolves an unresolved alert with its note; false when it already was. */
  async resolve(db: Db, id: number, by: string, at: string, note: string): Promise<boolean> {
    const r = await db.updateTable('alert').set({ resolved_at: at, resolved_by: by, note }).where('id', '=', id).where('resolved_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
};

export const thresholdRepository = {
  of(db: Db, storeId: number) {
    return db.selectFrom('alert_threshold').select(['kind', 'value']).where('store_id', '=', storeId).execute();
  },
  async set(db: Db, storeId: number, kind: string, value: number | null): Promise<void> {
    if (value === null) {
      await db.deleteFrom('alert_threshold').where('store_id', '=', storeId).where('kind', '=', kind).execute();
      return;
    }
    await db
      .insertInto('alert_threshold')
      .values({ store_id: storeId, kind, value })
      .onConflict((oc) => oc.columns(['store_id', 'kind']).doUpdateSet({ value }))
      .execute();
  },
};

export const webhookRepository = {
  async add(db: Db, url: string, secret: string, by: string, at: string): Promise<number> {
    const r = await db.insertInto('webhook').values({ url, secret, created_by: by, created_at: at }).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },
  active(db: Db) {
    return db.selectFrom('webhook').select(['id', 'url', 'created_at', 'created_by']).where('removed_at', 'is', null).orderBy('id').execute();
  },
  async remove(db: Db, id: number, at: string): Promise<boolean> {
    const r = await db.updateTable('webhook').set({ removed_at: at }).where('id', '=', id).where('removed_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
  /** Per webhook: deliveries pending and done, and the last error of a pending one. */
  stats(db: Db) {
    return db
      .selectFrom('webhook_delivery')
      .select((eb) => [
        'webhook_id',
        eb.fn.sum<number>(eb.case().when('delivered_at', 'is', null).then(1).else(0).end()).as('pending'),
        eb.fn.sum<number>(eb.case().when('delivered_at', 'is not', null).then(1).else(0).end()).as('delivered'),
        eb.fn.max(eb.case().when('delivered_at', 'is', null).then(eb.ref('last_error')).else('').end()).as('last_error'),
      ])
      .groupBy('webhook_id')
      .execute();
  },
};

/** The webhooks' durable outbox (services/alerts/webhook-delivery.ts). */
export const outboxRepository = {
  /** One row per active webhook for an alert event, in the caller's transaction. */
  async enqueue(db: Db, alertId: number, event: string, body: string, at: string): Promise<number> {
    const hooks = await db.selectFrom('webhook').select('id').where('removed_at', 'is', null).execute();
    if (hooks.length === 0) return 0;
    await db
      .insertInto('webhook_delivery')
      .values(hooks.map((h) => ({ webhook_id: h.id, alert_id: alertId, event, body, created_at: at, next_at: at })))
      .execute();
    return hooks.length;
  },
  /**
   * Claims up to `limit` due deliveries for `leaseMs`: one UPDATE whose subquery, on PostgreSQL, locks
   * the rows it picks and skips rows another server is claiming (FOR UPDATE SKIP LOCKED), so no row is
   * claimed twice; a claimed row is not due again until its lease ends (a server killed mid-delivery:
   * the row is sent again once its lease is over). The rows of the webhooks in `sending` (still
   * delivering on this server) are left for a later pass.
   */
  async claim(db: Db, dialect: Dialect, now: string, leaseUntil: string, limit: number, sending: readonly number[] = []) {
    const skip = sending.length > 0 ? sql`AND d.webhook_id NOT IN (${sql.join(sending)})` : sql``;
    const lock = dialect === 'postgres' ? sql`FOR UPDATE OF d SKIP LOCKED` : sql``;
    const r = await sql<{ id: number; webhook_id: number; alert_id: number; event: string; body: string; attempts: number; url: string; secret: string }>`
      UPDATE webhook_delivery SET claimed_until = ${leaseUntil}, attempts = attempts + 1
      WHERE id IN (
        SELECT d.id FROM webhook_delivery d JOIN webhook w ON w.id = d.webhook_id
        WHERE d.delivered_at IS NULL AND d.next_at <= ${now} AND (d.claimed_until IS NULL OR d.claimed_until < ${now}) AND w.removed_at IS NULL ${skip}
        ORDER BY d.next_at, d.id LIMIT ${limit} ${lock}
      )
      RETURNING id, webhook_id, alert_id, event, body, attempts,
        (SELECT url FROM webhook WHERE webhook.id = webhook_delivery.webhook_id) AS url,
        (SELECT secret FROM webhook WHERE webhook.id = webhook_delivery.webhook_id) AS secret`.execute(db);
    return r.rows.map((x) => ({ ...x, id: Number(x.id), webhook_id: Number(x.webhook_id), alert_id: Number(x.alert_id), attempts: Number(x.attempts) }));
  },
  async delivered(db: Db, id: number, at: string, status: number): Promise<void> {
    await db.updateTable('webhook_delivery').set({ delivered_at: at, claimed_until: null, last_status: status, last_error: '' }).where('id', '=', id).execute();
  },
  async failed(db: Db, id: number, nextAt: string, status: number | null, error: string): Promise<void> {
    await db.updateTable('webhook_delivery').set({ next_at: nextAt, claimed_until: null, last_status: status, last_error: error.slice(0, 300) }).where('id', '=', id).execute();
  },
  of(db: Db, alertId: number) {
    return db.selectFrom('webhook_delivery').select(WEBHOOK_DELIVERY_COLUMNS).where('alert_id', '=', alertId).orderBy('id').execute();
  },
};
