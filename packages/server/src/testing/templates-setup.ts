import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { openPostgres, openSqlite, type DatabaseHandle } from '../db/database.js';
import { migrate } from '../money/migrate.js';
import { seedDemoStore } from '../cli/seed/seed.js';
import { createFromTemplate, onTestServer, testDatabaseUrl } from './databases.js';
import { TEMPLATES_ENV, type Templates } from './templates.js';

async function prepared(handle: DatabaseHandle, seed: boolean): Promise<void> {
  try {
    if (seed) await seedDemoStore(handle);
    else await migrate(handle);
  } finally {
    await handle.close();
  }
}

/**
 * Vitest global set-up (the server, proof and end-to-end configs): makes the run's templates
 * (testing/templates.ts) before any test file starts and drops them after the last. They are made
 * per run, not kept between runs, so the demo store's timestamps are as fresh as a seed at start.
 * The seed hashes its passwords at the cost the workers are given (the config's `env`).
 */
export default async function setup(project: { config: { env?: Record<string, string> } }): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbx-templates-'));
  const base = `mbx_tpl_${randomBytes(5).toString('hex')}`;
  const templates: Templates = {
    migrated: { sqlite: path.join(dir, 'migrated.sqlite'), postgres: `${base}_m` },
    seeded: { sqlite: path.join(dir, 'seeded.sqlite'), postgres: `${base}_s` },
  };
  const drop = async () => {
    for (const t of [templates.seeded, templates.migrated]) await onTestServer(`DROP DATABASE IF EXISTS ${t.postgres} WITH (FORCE)`);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const saved = { ...process.env };
  Object.assign(process.env, { NODE_ENV: process.env.NODE_ENV ?? 'test' }, project.config.env);
  try {
    await prepared(openSqlite(templates.migrated.sqlite), false);
    fs.copyFileSync(templates.migrated.sqlite, templates.seeded.sqlite);
    await prepared(openSqlite(templates.seeded.sqlite), true);
    await onTestServer(`CREATE DATABASE ${templates.migrated.postgres}`);
    await prepared(openPostgres(testDatabaseUrl(templates.migrated.postgres), 2), false);
    await createFromTemplate(templates.seeded.postgres, templates.migrated.postgres);
    await prepared(openPostgres(testDatabaseUrl(templates.seeded.postgres), 2), true);
  } catch (err) {
    await drop();
    throw err;
  } finally {
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
  }
  process.env[TEMPLATES_ENV] = JSON.stringify(templates);
  return async () => {
    delete process.env[TEMPLATES_ENV];
    await drop();
  };
}
