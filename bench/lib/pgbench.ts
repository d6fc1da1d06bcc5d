/**
 * The PostgreSQL baseline of the purchase bench: pgbench's built-in tpcb-like transaction (three
 * UPDATEs, a SELECT and an INSERT, with one hot branch row per scale unit, as our store row is) at
 * the same concurrency, on a fresh database initialised with `pgbench -i -s 1` and dropped afterwards.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { TEST_PG_URL } from '../../packages/server/src/testing/databases.js';
import { createPgDatabase } from './bench-db.js';
import type { Sample } from '../measure.js';

const run = promisify(execFile);
export const PGBENCH = process.env.PGBENCH ?? '/usr/bin/pgbench';

export function pgbenchAvailable(): boolean {
  return fs.existsSync(PGBENCH);
}

/** libpq reads the connection from the environment, so the password never shows in a process list. */
function pgEnv(): NodeJS.ProcessEnv {
  const u = new URL(TEST_PG_URL);
  return {
    ...process.env,
    PGHOST: u.hostname,
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username || 'postgres'),
    ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}),
  };
}

export interface PgbenchResult extends Sample {
  /** pgbench's own figure (excluding connection time). */
  tps: number;
  mode: string;
}

export async function pgbenchTpcb(opts: { clients: number; seconds: number; mode?: 'prepared' | 'simple' }): Promise<PgbenchResult> {
  const mode = opts.mode ?? 'prepared';
  const database = await createPgDatabase('mbx_pgbench');
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbx-pgbench-'));
  try {
    await runPgbench(['-i', '-s', '1', '-q', database.name]);
    const tps = tpsOf(
      await runPgbench(['-c', String(opts.clients), '-j', '2', '-T', String(opts.seconds), '-b', 'tpcb-like', '-M', mode, '-l', `--log-prefix=${path.join(logDir, 'tx')}`, database.name]),
    );
    // Per-transaction log lines: client_id transaction_no latency_us script_no epoch_s epoch_us.
    const latencies: number[] = [];
    for (const f of fs.readdirSync(logDir)) {
      for (const line of fs.readFileSync(path.join(logDir, f), 'utf8').split('\n')) {
        const us = Number(line.split(' ')[2]);
        if (line && Number.isFinite(us)) latencies.push(us / 1000);
      }
    }
    latencies.sort((a, b) => a - b);
    return { n: latencies.length, totalMs: (latencies.length / tps) * 1000, latencies, tps, mode };
  } finally {
    fs.rmSync(logDir, { recursive: true, force: true });
    await database.drop();
  }
}

/** Runs pgbench on the test server (its databases: TEST_PG_URL's host, port and user); its output. */
export async function runPgbench(args: string[]): Promise<string> {
  return (await run(PGBENCH, args, { env: pgEnv(), maxBuffer: 16 * 1024 * 1024 })).stdout;
}

/** The transactions per second a pgbench run printed (excluding connection time). */
export function tpsOf(stdout: string): number {
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1]);
  if (!Number.isFinite(tps)) throw new Error(`pgbench printed no tps:\n${stdout}`);
  return tps;
}
