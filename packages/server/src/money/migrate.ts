import type { DatabaseHandle } from '../db/database.js';
import { migrateSchema } from '../db/migrate.js';
import { installMoneyFunctions } from './apply-movement.js';

/**
 * The database as this release runs it: the schema's migrations (db/migrate.ts), then the money
 * core's PostgreSQL functions, declared once beside their caller and re-created at every migrate.
 */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  await migrateSchema(handle);
  await installMoneyFunctions(handle);
}
