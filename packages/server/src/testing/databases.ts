import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres, openSqlite, type DatabaseHandle, type Dialect } from '../db/database.js';
import { migrate } from '../money/migrate.js';

/** The PostgreSQL the tests use; `.ci/run` fails when it is unreachable. */
export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const dialects: Dialect[] = ['sqlite', 'postgres'];

export interface TestDatabase {
  handle: DatabaseHandle;
  /** PostgreSQL only: the database's URL, for a second server process on it. */
  url?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database: a new SQLite file in a temp dir, or a new PostgreSQL database
 * created from the `test` database and dropped afterwards.
 */
export async function freshDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbx-test-'));
    const handle = openSqlite(path.join(dir, 'test.sqlite'));
    await migrate(handle);
    return {
      handle,
      async drop() {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `mbx_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), 10);
  await migrate(handle);
  return {
    handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      const a = new pg.Client({ connectionString: TEST_PG_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
