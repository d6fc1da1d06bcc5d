import { sql, type Kysely } from 'kysely';

/**
 * Two daily totals the platform console reads instead of the ledger or of every store's
 * report_daily rows (issue 22), both written by the report refresher in the step that folds the
 * same ledger rows into report_daily, so both hold exactly the ledger rows up to the watermark:
 * - report_daily_all: report_daily summed over every store (the cross-store report of all stores
 *   reads a period's few hundred rows, not every store's);
 * - credit_use_day: per store and UTC day, the credit the counters used (d_credit_cents of every
 *   kind but the operator's store_credit) and the day's last ledger row, for the stores screen's
 *   week of credit use and last activity.
 * Both are filled here from what is already counted: report_daily, and the ledger up to the watermark.
 * Reads of a list of stores' days (a distributor's report, a page of stores, the stores screen's
 * today) take report_daily_store, led by the store and holding the figures: from the index alone
 * (report_daily_day, led by the day, read every store's rows of the period and kept a tenth).
 * The report's credit given over a period takes credit_transfer_at (it read every transfer ever made).
 * The stores screen counts every store's open shifts: shift_open holds only the open ones (the
 * shift table keeps every shift ever worked, which that count read in full).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('report_daily_all')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('report_daily_all_pk', ['day', 'channel', 'kind'])
    .execute();
  await sql`INSERT INTO report_daily_all (day, channel, kind, amount_cents, count)
    SELECT day, channel, kind, SUM(amount_cents), SUM(count) FROM report_daily GROUP BY day, channel, kind`.execute(db);

  await db.schema
    .createTable('credit_use_day')
    .addColumn('store_id', 'bigint', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('used_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('credit_use_day_pk', ['store_id', 'day'])
    .execute();
  // Every store's week is a range of days: led by the day, holding the figures (read from the index alone).
  await db.schema.createIndex('credit_use_day_day').on('credit_use_day').columns(['day', 'store_id', 'used_cents', 'last_at']).execute();
  await sql`INSERT INTO credit_use_day (store_id, day, used_cents, last_at)
    SELECT store_id, substr(at, 1, 10), SUM(CASE WHEN kind = 'store_credit' THEN 0 ELSE d_credit_cents END), MAX(at)
      FROM ledger WHERE id <= (SELECT ledger_id FROM report_watermark WHERE id = 1)
      GROUP BY store_id, substr(at, 1, 10)`.execute(db);
  await db.schema.createIndex('report_daily_store').on('report_daily').columns(['store_id', 'day', 'channel', 'kind', 'amount_cents', 'count']).execute();
  await db.schema.createIndex('credit_transfer_at').on('credit_transfer').column('at').execute();
  await db.schema.createIndex('shift_open').on('shift').column('store_id').where(sql.ref('ended_at'), 'is', null).execute();
}
