/**
 * `node --max-semi-space-size=64 --import tsx bench/tools/openloop-probe.ts sqlite|postgres RATE`: one open-loop
 * purchase run (200 stores × 3 drawers, 10 s, latency from the due time, as open-loop.bench.ts) at a fixed rate,
 * with what the server's process did meanwhile: the event loop's delay, the GC pauses over 3 ms (kind: 1
 * scavenge, 4 mark-sweep), and the group commits (SQLite). For finding where an open-loop tail comes from;
 * BENCH_OPEN_LOOP_TRACE traces each purchase, PROBE_SQL runs a statement first (a PRAGMA to try), PROBE_SETTINGS
 * overrides server settings (JSON). Not part of `npm run bench`.
 */
import { PerformanceObserver, monitorEventLoopDelay, type PerformanceEntry } from 'node:perf_hooks';
import { startServer } from '../lib/api.js';
import { benchDatabase } from '../lib/bench-db.js';
import { insertKeys } from '../lib/counter.js';
import { openLoop, setupStores } from '../lib/open-loop.js';
import { percentile } from '../measure.js';
import { groupCommitStats } from '../../packages/server/src/money/money-transaction.js';

const dialect = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'postgres';
const rate = Number(process.argv[3] ?? 1400);
const database = await benchDatabase(dialect);
const { db } = database.handle;
const server = await startServer(database.handle, process.env.PROBE_SETTINGS ? JSON.parse(process.env.PROBE_SETTINGS) : {});
if (process.env.PROBE_SQL) await (await import('kysely')).sql.raw(process.env.PROBE_SQL).execute(db);
const many = await setupStores(db, server, { firstKiosk: 20_001, stores: 200, drawers: 3, customers: 10 });
const keys = await insertKeys(db, rate * 12);
const gcs: Array<{ kind: number; ms: number }> = [];
const obs = new PerformanceObserver((l) => {
  for (const e of l.getEntries()) gcs.push({ kind: (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0, ms: e.duration });
});
obs.observe({ entryTypes: ['gc'] });
const h = monitorEventLoopDelay({ resolution: 1 });
h.enable();
const gc0 = groupCommitStats(db);
const o = await openLoop({ base: server.base, targets: many, keys, warmupMs: 1000, measureMs: 10_000, amount: 1, connections: 256 }, rate);
h.disable(); obs.disconnect();
const gc1 = groupCommitStats(db);
console.log(`rate ${rate}: p50 ${percentile(o.latencies, 50).toFixed(2)} p99 ${percentile(o.latencies, 99).toFixed(2)} errors ${o.errors}`);
console.log(`loop delay p50 ${(h.percentile(50) / 1e6).toFixed(1)} p99 ${(h.percentile(99) / 1e6).toFixed(1)} max ${(h.max / 1e6).toFixed(1)} ms`);
const big = gcs.filter((g) => g.ms > 3);
console.log(`gc: ${gcs.length} pauses, total ${gcs.reduce((a, g) => a + g.ms, 0).toFixed(0)} ms, >3ms: ${big.length} (${big.map((g) => `${g.kind}:${g.ms.toFixed(1)}`).slice(0, 20).join(' ')})`);
console.log(`group commits: ${gc1.batches - gc0.batches}, ${((gc1.calls - gc0.calls) / Math.max(1, gc1.batches - gc0.batches)).toFixed(1)} calls each`);
await server.app.close();
await database.drop();
