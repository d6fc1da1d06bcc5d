import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres, openSqlite, type DatabaseHandle, type Dialect } from '../db/database.js';
import { migrate } from '../money/migrate.js';
import { templatesOfRun, type Templates } from './templates.js';

/** The PostgreSQL the tests use; `.ci/run` fails when it is unreachable. */
export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const dialects: Dialect[] = ['sqlite', 'postgres'];

export interface TestDatabase {
  handle: DatabaseHandle;
  /** PostgreSQL only: the database's URL, for a second server process on it. */
  url?: string;
  drop(): Promise<void>;
}

/** Runs one statement on the `test` database (CREATE and DROP DATABASE cannot run inside another). */
export async function onTestServer(sql: string): Promise<void> {
  await queryTestServer(sql);
}

/** One statement on the `test` database, on a connection of its own: its rows. */
async function queryTestServer<R extends object>(sql: string): Promise<R[]> {
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  try {
    return (await admin.query<R>(sql)).rows;
  } finally {
    await admin.end();
  }
}

let fileCopy: Promise<boolean> | undefined;
/**
 * `CREATE DATABASE name TEMPLATE template`, copying the template's files (STRATEGY FILE_COPY, PostgreSQL
 * 15 and later) rather than writing each of its pages to the WAL, PostgreSQL 15's default: a test
 * database is a 10 MB copy made hundreds of times a run, and the WAL copy took a third more of the
 * server's CPU to create and twice as long to drop (its pages left in shared buffers).
 */
export async function createFromTemplate(name: string, template: string): Promise<void> {
  fileCopy ??= queryTestServer<{ server_version_num: string }>('SHOW server_version_num').then(([row]) => Number(row?.server_version_num) >= 150_000);
  await onTestServer(`CREATE DATABASE ${name} TEMPLATE ${template}${(await fileCopy) ? ' STRATEGY FILE_COPY' : ''}`);
}

/** The URL of database `name` on the test PostgreSQL. */
export function testDatabaseUrl(name: string): string {
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh, migrated database: a new SQLite file in a temp dir, or a new PostgreSQL database dropped
 * afterwards. Under a vitest config with the templates' global set-up (testing/templates.ts) it is a
 * copy of the run's migrated template (or, `seeded`, of its template with the demo store); without
 * one it is migrated here and `seeded` is left to the caller.
 */
export async function freshDatabase(dialect: Dialect, opts: { seeded?: boolean } = {}): Promise<TestDatabase & { seeded: boolean }> {
  const templates = templatesOfRun();
  const template = templates && (opts.seeded ? templates.seeded : templates.migrated);
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbx-test-'));
    const file = path.join(dir, 'test.sqlite');
    if (template) fs.copyFileSync(template.sqlite, file);
    const handle = openSqlite(file);
    if (!template) await migrate(handle);
    return {
      handle,
      seeded: Boolean(template && opts.seeded),
      async drop() {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `mbx_t_${randomBytes(6).toString('hex')}`;
  await (template ? createFromTemplate(name, template.postgres) : onTestServer(`CREATE DATABASE ${name}`));
  const url = testDatabaseUrl(name);
  const handle = openPostgres(url, 10);
  if (!template) await migrate(handle);
  return {
    handle,
    url,
    seeded: Boolean(template && opts.seeded),
    async drop() {
      await handle.close();
      await onTestServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export type { Templates };
