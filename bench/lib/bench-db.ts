/**
 * Fresh databases for benches, opened the way the server opens them in production
 * (db/database.ts: SQLite WAL + synchronous=FULL; PostgreSQL with the server's default pool),
 * not with the smaller pool the tests use.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openPostgres, openSqlite, type DatabaseHandle, type Dialect } from '../../packages/server/src/db/database.js';
import { migrate } from '../../packages/server/src/money/migrate.js';
import { onTestServer, TEST_PG_URL } from '../../packages/server/src/testing/databases.js';

export interface BenchDatabase {
  handle: DatabaseHandle;
  /** The SQLite file, or the PostgreSQL URL. */
  location: string;
  drop(): Promise<void>;
}

export async function postgresReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: TEST_PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** A new, empty PostgreSQL database next to `test`; returns its URL and how to drop it. */
export async function createPgDatabase(prefix: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await onTestServer(`CREATE DATABASE ${name}`);
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => onTestServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A fresh, migrated database. SQLite lives in the temp dir, which here is on the same disk as the data dir. */
export async function benchDatabase(dialect: Dialect, opts: { pgPoolMax?: number } = {}): Promise<BenchDatabase> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbx-bench-'));
    const file = path.join(dir, 'bench.sqlite');
    const handle = openSqlite(file);
    await migrate(handle);
    return {
      handle,
      location: file,
      async drop() {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const database = await createPgDatabase('mbx_bench');
  const handle = openPostgres(database.url, opts.pgPoolMax);
  await migrate(handle);
  return {
    handle,
    location: database.url,
    async drop() {
      await handle.close();
      await database.drop();
    },
  };
}

/**
 * PostgreSQL: the planner's statistics of the data a bench has just loaded, as a database in service has
 * them (autovacuum's analyze runs once a tenth of a table changed) and as `pgbench -i` leaves its own tables
 * (it vacuums them after loading), so the API and its baseline are measured on databases in the same state.
 * Runs on one database with an ANALYZE between them averaged 2,002 purchases/s against 1,726 without
 * (bench/HISTORY.md, session 14). SQLite plans without statistics in service too: nothing to do there.
 */
export async function settleStatistics(handle: DatabaseHandle): Promise<void> {
  if (handle.dialect === 'postgres') await sql`VACUUM ANALYZE`.execute(handle.db);
}
