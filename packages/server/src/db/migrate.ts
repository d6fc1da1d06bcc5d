import { Migrator, type Migration } from 'kysely';
import type { DatabaseHandle } from './database.js';
import * as m001 from './migrations/001_initial.js';
import * as m002 from './migrations/002_money_path.js';
import * as m003 from './migrations/003_money_rules_once.js';
import * as m005 from './migrations/005_staff_audit.js';
import * as m006 from './migrations/006_terminals.js';
import * as m007 from './migrations/007_reports.js';
import * as m008 from './migrations/008_bulletins.js';
import * as m009 from './migrations/009_terminal_apply.js';
import * as m010 from './migrations/010_player_protection.js';
import * as m011 from './migrations/011_day_close.js';
import * as m012 from './migrations/012_platform_accounts.js';
import * as m013 from './migrations/013_day_close_notes.js';
import * as m014 from './migrations/014_checked_payouts.js';
import * as m015 from './migrations/015_login_attempt_at.js';
import * as m016 from './migrations/016_credit_hierarchy.js';
import * as m017 from './migrations/017_alerts.js';
import * as m019 from './migrations/019_store_hosts.js';
import * as m020 from './migrations/020_round_machine.js';
import * as m021 from './migrations/021_shared_exclusions.js';
import * as m022 from './migrations/022_machine_meter_day.js';
import * as m023 from './migrations/023_report_daily_day.js';
import * as m024 from './migrations/024_console_daily_totals.js';
import * as m025 from './migrations/025_ledger_one_customer_index.js';
import * as m026 from './migrations/026_payout_day_total.js';
import * as m027 from './migrations/027_document_keys.js';
import * as m030 from './migrations/030_meter_resets.js';
import * as m031 from './migrations/031_name_probes.js';
import * as m032 from './migrations/032_store_usernames.js';
import * as m036 from './migrations/036_customer_last_name.js';
import * as m037 from './migrations/037_platform_account_removed.js';
import * as m038 from './migrations/038_ledger_digests.js';
import * as m039 from './migrations/039_customer_address.js';
import * as m040 from './migrations/040_customer_erased.js';
import * as m041 from './migrations/041_cash_log.js';
import * as m042 from './migrations/042_alert_stores.js';

/** Migrations in order; each receives the dialect so one list serves SQLite and PostgreSQL. */
const migrations = { '001_initial': m001, '002_money_path': m002, '003_money_rules_once': m003, '005_staff_audit': m005, '006_terminals': m006, '007_reports': m007, '008_bulletins': m008, '009_terminal_apply': m009, '010_player_protection': m010, '011_day_close': m011, '012_platform_accounts': m012, '013_day_close_notes': m013, '014_checked_payouts': m014, '015_login_attempt_at': m015, '016_credit_hierarchy': m016, '017_alerts': m017, '019_store_hosts': m019, '020_round_machine': m020, '021_shared_exclusions': m021, '022_machine_meter_day': m022, '023_report_daily_day': m023, '024_console_daily_totals': m024, '025_ledger_one_customer_index': m025, '026_payout_day_total': m026, '027_document_keys': m027, '030_meter_resets': m030, '031_name_probes': m031, '032_store_usernames': m032, '036_customer_last_name': m036, '037_platform_account_removed': m037, '038_ledger_digests': m038, '039_customer_address': m039, '040_customer_erased': m040, '041_cash_log': m041, '042_alert_stores': m042 };

/** This release's migrations, oldest first (GET /readyz and restore compare a database's with them). */
export const migrationNames: readonly string[] = Object.keys(migrations);

/**
 * The schema's migrations only. Servers, the CLI and tests call money/migrate.ts `migrate`, which
 * then re-creates the money core's PostgreSQL functions: the database layer knows no money rules.
 */
export async function migrateSchema(handle: DatabaseHandle): Promise<void> {
  const all: Record<string, Migration> = {};
  for (const [name, mod] of Object.entries(migrations)) {
    all[name] = { up: (db) => mod.up(db, handle.dialect) };
  }
  // Numbers are handed out per piece of work and land in any order (015 before 011): a database that
  // already ran a later number still gets an earlier one that landed after it.
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => all }, allowUnorderedMigrations: true });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
