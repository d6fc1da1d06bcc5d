/**
 * The purchase load through `wrk` (a C HTTP load generator) and bench/lib/wrk-purchase.lua.
 *
 * Why wrk: on a 2-core machine a Node load client takes CPU from the Node server it measures,
 * while the baselines' clients (better-sqlite3 in-process, pgbench in C) take almost none. wrk
 * keeps the comparison fair. The Node worker client (load.ts) stays as the fallback when wrk is
 * missing and cannot be installed, and for the /config/key + purchase pair, which wrk's stateless
 * request() cannot chain on one connection.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPT = path.join(import.meta.dirname, 'wrk-purchase.lua');

let located: string | null | undefined;

/**
 * The wrk binary: WRK, or wrk on PATH; when absent and we are root on Debian, `apt-get install -y
 * wrk` once. Null (use the Node client) when none of that works, or when BENCH_CLIENT=node.
 */
export function locateWrk(): string | null {
  if (located !== undefined) return located;
  if (process.env.BENCH_CLIENT === 'node') return (located = null);
  const find = () => [process.env.WRK, '/usr/bin/wrk', '/usr/local/bin/wrk'].find((p): p is string => !!p && fs.existsSync(p)) ?? null;
  located = find();
  if (located === null && process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    try {
      console.error('wrk not found: apt-get install -y wrk');
      execFileSync('apt-get', ['install', '-y', '-q', 'wrk'], { stdio: 'ignore', timeout: 180_000, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    } catch {
      // Offline or no package: the Node client measures instead (the table says which client ran).
    }
    located = find();
  }
  return located;
}

export interface WrkPurchaseLoad {
  base: string;
  connections: number;
  threads: number;
  seconds: number;
  sessions: Array<{ UID: number; TOKEN: string }>;
  customerIds: number[];
  keys: string[];
  /** Currency units per purchase. */
  amount: number;
}

export interface WrkResult {
  /** Purchases answered with status 0. */
  n: number;
  totalMs: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Replies that were not HTTP 200 with status 0, plus socket errors: any makes the run invalid. */
  errors: number;
  firstError: string;
  exhausted: boolean;
}

export async function wrkPurchase(wrk: string, load: WrkPurchaseLoad): Promise<WrkResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbx-wrk-'));
  const file = path.join(dir, 'load.txt');
  try {
    const lines = [
      ...load.sessions.map((s) => `S ${s.UID} ${s.TOKEN}`),
      ...load.customerIds.map((id) => `C ${id}`),
      ...load.keys.map((k) => `K ${k}`),
    ];
    fs.writeFileSync(file, lines.join('\n') + '\n');
    const { stdout } = await run(
      wrk,
      ['-t', String(load.threads), '-c', String(load.connections), '-d', `${load.seconds}s`, '--timeout', '10s', '-s', SCRIPT, `${load.base}/`, '--', file, String(load.threads), String(load.amount)],
      { maxBuffer: 4 * 1024 * 1024 },
    );
    const m = /wrk-result (.*)/.exec(stdout);
    if (!m) throw new Error(`wrk printed no result:\n${stdout}`);
    const f = Object.fromEntries(m[1]!.split(' ').map((kv) => kv.split('=') as [string, string]).map(([k, v]) => [k, Number(v)]));
    const firstError = /wrk-first-failure (.*)/.exec(stdout)?.[1]?.trim() ?? '';
    const errors = f.failures! + f.socket_errors!;
    return {
      n: f.ok!,
      totalMs: f.duration_us! / 1000,
      p50: f.p50_us! / 1000,
      p90: f.p90_us! / 1000,
      p99: f.p99_us! / 1000,
      max: f.max_us! / 1000,
      errors,
      firstError: firstError || (f.socket_errors ? `${f.socket_errors} socket errors` : ''),
      exhausted: f.exhausted === 1,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
