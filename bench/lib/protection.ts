import { sql } from 'kysely';
import type { Db, Dialect } from '../../packages/server/src/db/database.js';

const SHARED = 10_000;

/**
 * Player protection (issue 24) on or off for every customer of the bench store, without refusing any
 * purchase: on sets the payout thresholds, personal limits far above any run, an ended cool-off, an ID
 * card and its hash, an ended shared exclusion, and the store's operator (none: owner 0) sharing
 * exclusions, with 10,000 running shared exclusions of other ID cards; off clears them all.
 */
export async function protectionRules(db: Db, dialect: Dialect, kiosk: number, on: boolean): Promise<void> {
  await setRules(db, kiosk, on);
  // The bulk change's own cost stays out of the timed run: SQLite's WAL written back, PostgreSQL's dead rows vacuumed.
  if (dialect === 'postgres') await sql`VACUUM ANALYZE customer, shared_exclusion`.execute(db);
  else await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
}

async function setRules(db: Db, kiosk: number, on: boolean): Promise<void> {
  const day = 86_400_000;
  const past = new Date(Date.now() - day).toISOString();
  const later = new Date(Date.now() + 365 * day).toISOString();
  await db.updateTable('store').set({ id_check_cents: on ? 500_00 : 0, large_payout_cents: on ? 1_000_00 : 0 }).where('id', '=', kiosk).execute();
  const big = on ? 1_000_000_000_00 : 0;
  await db
    .updateTable('customer')
    .set(() => ({
      plimit_hourly_cents: big,
      plimit_daily_cents: big,
      plimit_weekly_cents: big,
      protect_kind: on ? 'cool_off' : '',
      protect_since: on ? past : null,
      protect_until: on ? past : null,
      drivers_license: on ? sql<string>`'B' || CAST(id AS TEXT)` : '',
      id_hash: on ? sql<string>`'h' || CAST(id AS TEXT)` : '',
      shared_since: on ? past : null,
      shared_until: on ? past : null,
    }))
    .where('store_id', '=', kiosk)
    .execute();
  await db.deleteFrom('shared_exclusion').execute();
  await db.deleteFrom('exclusion_sharing').execute();
  if (!on) return;
  await db.insertInto('exclusion_sharing').values({ owner_id: 0, since: past, account_id: 0 }).execute();
  for (let i = 0; i < SHARED; i += 1000) {
    const rows = Array.from({ length: 1000 }, (_, j) => ({ owner_id: 0, id_hash: `other${i + j}`, store_id: kiosk, customer_id: 0, since: past, until: later }));
    await db.insertInto('shared_exclusion').values(rows).execute();
  }
}
