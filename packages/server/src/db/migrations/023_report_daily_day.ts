import type { Kysely } from 'kysely';

/**
 * The console's cross-store report (services/console/report.service.ts) sums report_daily per day,
 * channel and kind over every store of the scope. report_daily's key leads with the store, so over
 * 1,000 stores that sum read the whole table (every day of every store); this index, led by the day
 * and holding the figures, lets it read the period's rows only, from the index alone. Only the
 * report refresher writes report_daily, so a purchase does not pay for it.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('report_daily_day').ifNotExists().on('report_daily').columns(['day', 'channel', 'kind', 'store_id', 'amount_cents', 'count']).execute();
}
