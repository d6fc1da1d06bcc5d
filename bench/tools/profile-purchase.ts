/**
 * `npx tsx bench/tools/profile-purchase.ts sqlite|postgres [seconds]`: the purchase load through wrk
 * with the server's CPU profiled (node:inspector) during the timed run only; prints the functions
 * with the most self time and writes the .cpuprofile (open it in Chrome DevTools) to the temp dir.
 * A tool for finding the server's per-purchase CPU cost, not part of `npm run bench`.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { sql } from 'kysely';
import type { Dialect } from '../../packages/server/src/db/database.js';
import { openShifts, startServer } from '../lib/api.js';
import { benchDatabase } from '../lib/bench-db.js';
import { insertKeys, setupCounterStore } from '../lib/counter.js';
import { procStat } from '../lib/proc-stat.js';
import { locateWrk, wrkPurchase } from '../lib/wrk.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

const dialect = (process.argv[2] ?? 'sqlite') as Dialect;
const seconds = Number(process.argv[3] ?? 5);
const wrk = locateWrk();
if (!wrk) throw new Error('wrk is needed');
// PROFILE_POOL: the PostgreSQL pool size to try (default: the server's).
const database = await benchDatabase(dialect, process.env.PROFILE_POOL ? { pgPoolMax: Number(process.env.PROFILE_POOL) } : {});
const server = await startServer(database.handle);
try {
  const store = await setupCounterStore(database.handle.db, { kiosk: 7001, drawers: 10, customers: 10_000 });
  const sessions = await openShifts(server, 7001, store.cashiers);
  // PROFILE_SQL: a statement to try before the load (an index or constraint experiment).
  if (process.env.PROFILE_SQL) await sql.raw(process.env.PROFILE_SQL).execute(database.handle.db);
  const load = { base: server.base, connections: Number(process.env.PROFILE_CONNECTIONS ?? 50), threads: 2, sessions, customerIds: store.customerIds, amount: 1 };
  await wrkPurchase(wrk, { ...load, seconds: 2, keys: await insertKeys(database.handle.db, 20_000) });
  const keys = await insertKeys(database.handle.db, 8000 * seconds);
  const inspector = new Session();
  inspector.connect();
  // PROFILE_CPU=0: the figures without the profiler's own cost.
  const profiling = process.env.PROFILE_CPU !== '0';
  if (profiling) {
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.start');
  }
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  // CPU time of this process (the server; wrk is another) per purchase: on a shared machine a steadier
  // figure than the rate, which the other processes' load moves.
  const stat = () => fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  // PostgreSQL's own CPU when it runs on this machine: the bench database's backends, and the server's
  // background processes (WAL writer, checkpointer, ...); other databases' backends are not counted.
  const dbName = dialect === 'postgres' ? new URL(database.location).pathname.slice(1) : '';
  const pgCpu = () => {
    const used = { backends: 0, background: 0 };
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const p = procStat(`/proc/${pid}/stat`);
        if (p.name !== 'postgres') continue;
        const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        const mine = cmd.includes(` ${dbName} `);
        if (!mine && !/: (walwriter|checkpointer|background writer|autovacuum launcher|logical replication launcher|stats collector)/.test(cmd)) continue;
        used[mine ? 'backends' : 'background'] += p.cpuUs;
      } catch {
        // gone meanwhile
      }
    }
    return used;
  };
  // The WAL's writes and syncs (pg_stat_wal, the whole server's): how many commits share one sync.
  const wal = async () =>
    dialect === 'postgres'
      ? (await sql<{ records: string; syncs: string; writes: string; bytes: string }>`SELECT wal_records AS records, wal_sync AS syncs, wal_write AS writes, wal_bytes AS bytes FROM pg_stat_wal`.execute(database.handle.db)).rows[0]
      : undefined;
  const walBefore = await wal();
  const pgBefore = dialect === 'postgres' ? pgCpu() : undefined;
  const statBefore = stat();
  const threadsBefore = threadCpu();
  const cpuBefore = process.cpuUsage();
  const r = await wrkPurchase(wrk, { ...load, seconds, keys });
  const cpu = process.cpuUsage(cpuBefore);
  const threadsAfter = threadCpu();
  const statAfter = stat().map((v, i) => v - statBefore[i]!);
  const pgAfter = pgBefore ? pgCpu() : undefined;
  const walAfter = await wal();
  const ticks = statAfter.reduce((a, b) => a + b, 0);
  console.log(`machine: busy ${((100 * (ticks - statAfter[3]! - statAfter[4]!)) / ticks).toFixed(0)}% (user ${((100 * statAfter[0]!) / ticks).toFixed(0)}%, system ${((100 * statAfter[2]!) / ticks).toFixed(0)}%, iowait ${((100 * statAfter[4]!) / ticks).toFixed(0)}%)`);
  loopDelay.disable();
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  console.log(`event loop delay: p50 ${ms(loopDelay.percentile(50))} ms, p99 ${ms(loopDelay.percentile(99))} ms, max ${ms(loopDelay.max)} ms`);
  console.log(`CPU per purchase: ${Math.round((cpu.user + cpu.system) / r.n)} µs (user ${Math.round(cpu.user / r.n)}, system ${Math.round(cpu.system / r.n)})`);
  // Per thread (the main thread, the money worker, the checkpointer, libuv's pool).
  const perThread = [...threadsAfter].map(([tid, t]) => ({ tid, name: t.name, us: (t.cpuUs - (threadsBefore.get(tid)?.cpuUs ?? 0)) / r.n })).filter((t) => t.us >= 1);
  console.log(`CPU per purchase by thread: ${perThread.map((t) => `${t.tid === process.pid ? 'main' : `${t.name}:${t.tid}`} ${Math.round(t.us)} µs`).join(', ')}`);
  if (pgBefore && pgAfter) {
    const per = (k: 'backends' | 'background') => Math.round((pgAfter[k] - pgBefore[k]) / r.n);
    console.log(`PostgreSQL's CPU per purchase: ${per('backends') + per('background')} µs (the database's backends ${per('backends')}, background processes ${per('background')})`);
    const d = (k: 'records' | 'syncs' | 'writes' | 'bytes') => (Number(walAfter![k]) - Number(walBefore![k])) / r.n;
    console.log(`WAL per purchase (whole server): ${d('records').toFixed(1)} records, ${Math.round(d('bytes'))} bytes, ${d('writes').toFixed(2)} writes, ${d('syncs').toFixed(2)} syncs`);
  }
  if (dialect === 'postgres') {
    // The hot rows' updates: HOT (no index entry written) or not, and the pages the tables take (the
    // statistics reach the view within a second).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const t = await sql<{ relname: string; upd: string; hot: string; pages: string }>`SELECT relname, n_tup_upd AS upd, n_tup_hot_upd AS hot,
        pg_relation_size(relid) / 8192 AS pages FROM pg_stat_user_tables WHERE relname IN ('store', 'shift', 'customer', 'one_time_key') ORDER BY relname`.execute(database.handle.db);
    console.log(`updates HOT (since the database was made) / pages: ${t.rows.map((x) => `${x.relname} ${Math.round((100 * Number(x.hot)) / Math.max(1, Number(x.upd)))}% / ${x.pages}`).join(', ')}`);
  }
  console.log(`${r.n} purchases, ${Math.round((r.n * 1000) / r.totalMs)}/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors} ${r.firstError}`);
  if (profiling) {
    const { profile } = (await inspector.post('Profiler.stop')) as { profile: { nodes: ProfileNode[] } };
    const file = path.join(os.tmpdir(), `purchase-${dialect}-${Date.now()}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    const self = new Map<string, number>();
    let total = 0;
    for (const n of profile.nodes) {
      const hits = n.hitCount ?? 0;
      total += hits;
      const where = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*node_modules\//, '').replace(/^.*\/packages\//, '')}:${n.callFrame.lineNumber + 1}`;
      self.set(where, (self.get(where) ?? 0) + hits);
    }
    for (const [where, hits] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${((100 * hits) / total).toFixed(1).padStart(5)}%  ${where}`);
    console.log(`profile: ${file}`);
  }
} finally {
  await server.app.close();
  await database.drop();
}

/** This process's threads: name and CPU used (µs) from /proc/self/task. */
function threadCpu(): Map<number, { name: string; cpuUs: number }> {
  const out = new Map<number, { name: string; cpuUs: number }>();
  for (const tid of fs.readdirSync('/proc/self/task')) {
    try {
      out.set(Number(tid), procStat(`/proc/self/task/${tid}/stat`));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return out;
}
