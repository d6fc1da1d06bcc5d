/**
 * `npx tsx bench/tools/pg-read-cost.ts [calls]`: PostgreSQL's own CPU for a purchase's two statements,
 * on one connection (issue 25). Sets up the purchase bench's store (10 drawers, 10,000 customers), runs
 * 3 s of wrk purchases so the ledger and the hot rows look as under the bench, captures one purchase's
 * counter read and apply as the server sends them (runPrepared's named statements), then replays each
 * many times on one pg connection, another customer and key each call, and prints per call the wall
 * time, the backend's CPU (/proc/<pg_backend_pid()>/stat, utime + stime, 10 ms ticks) and this
 * process's CPU (the pg client's side). Variants of the read show what its parts cost; the apply runs
 * with synchronous_commit on (as the server) and off (its work without the commit's WAL flush).
 * Also prints the hot tables' HOT-update share and pages. Needs PostgreSQL on this machine (it reads
 * the backend's /proc entry). PG_READ_KEEP=1 keeps the database (its URL is printed).
 */
import pg from 'pg';
import { benchDatabase } from '../lib/bench-db.js';
import { openShifts, startServer } from '../lib/api.js';
import { insertKeys, setupCounterStore } from '../lib/counter.js';
import { procStat } from '../lib/proc-stat.js';
import { locateWrk, wrkPurchase } from '../lib/wrk.js';

const calls = Number(process.argv[2] ?? 3000);
const wrk = locateWrk();
if (!wrk) throw new Error('wrk is needed');
const database = await benchDatabase('postgres');
const server = await startServer(database.handle);

interface Captured {
  text: string;
  values: unknown[];
}
type PoolQuery = (c: unknown) => Promise<unknown>;

try {
  const store = await setupCounterStore(database.handle.db, { kiosk: 7001, drawers: 10, customers: 10_000 });
  const sessions = await openShifts(server, 7001, store.cashiers);
  const load = { base: server.base, connections: 50, threads: 2, sessions, customerIds: store.customerIds, amount: 1 };
  await wrkPurchase(wrk, { ...load, seconds: 3, keys: await insertKeys(database.handle.db, 40_000) });

  // One purchase's statements, as runPrepared sends them.
  const pool = database.handle.pgPool! as unknown as { query: PoolQuery };
  const seen: Captured[] = [];
  const query = pool.query.bind(pool);
  pool.query = (c: unknown) => {
    const q = c as Partial<Captured> & { name?: string };
    if (q && typeof q === 'object' && q.name && q.text) seen.push({ text: q.text, values: [...(q.values ?? [])] });
    return query(c);
  };
  const [key] = await insertKeys(database.handle.db, 1);
  const customer = store.customerIds[0]!;
  await server.call('/customer/purchase', { ...sessions[0], id: customer, amount: 1, key });
  pool.query = query;
  const read = seen.find((s) => s.text.includes('one_time_key k') && s.values.includes(key));
  const apply = seen.find((s) => s.text.includes('mbx_apply_movement') && s.values.includes(key));
  if (!read || !apply) throw new Error(`not captured: ${seen.map((s) => s.text.slice(0, 40)).join(' | ')}`);

  const keys = await insertKeys(database.handle.db, calls * 16);
  let nextKey = 0;
  const client = new pg.Client({ connectionString: database.location });
  await client.connect();
  const pid = ((await client.query('SELECT pg_backend_pid() AS pid')).rows[0] as { pid: number }).pid;
  const backendCpu = () => procStat(`/proc/${pid}/stat`).cpuUs;
  const ids = store.customerIds;
  const otherCustomer = (i: number) => ids[(i * 7919) % ids.length];

  /** Runs `text` n times as one named statement, values from `vary(i)`; prints µs per call. */
  async function time(label: string, text: string, vary: (i: number) => unknown[], n = calls) {
    const name = `t${Math.random().toString(36).slice(2, 8)}`;
    for (let i = 0; i < 20; i++) await client.query({ name, text, values: vary(i) });
    const c0 = backendCpu();
    const n0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) await client.query({ name, text, values: vary(i) });
    const wall = Number(process.hrtime.bigint() - t0) / 1e3 / n;
    const backend = (backendCpu() - c0) / n;
    const own = process.cpuUsage(n0);
    const us = (v: number) => v.toFixed(0).padStart(5);
    console.log(`${label.padEnd(40)} wall ${us(wall)} µs  backend CPU ${us(backend)} µs  client CPU ${us((own.user + own.system) / n)} µs`);
  }

  // The read: the captured call's customer and key replaced by another's each call.
  const readValues = (values: unknown[]) => (i: number) => {
    const k = keys[nextKey++ % keys.length];
    return values.map((x) => (x === key ? k : x === customer ? otherCustomer(i) : x));
  };
  const t = read.text;
  const windowsAt = t.indexOf('LEFT JOIN (SELECT COALESCE');
  const callerFrom = t.indexOf('FROM (SELECT session.store_id');
  const callerTo = t.indexOf(') AS caller') + 1;
  const variants: Array<[string, string, (i: number) => unknown[]]> = [
    ['SELECT 1 (a round trip)', 'SELECT 1', () => []],
    ['counter read (as sent)', t, readValues(read.values)],
    [
      'read without the limit windows',
      t.slice(0, windowsAt).replace(', w.hour AS used_hour, w.day AS used_day, w.week AS used_week', ''),
      (i) => readValues(read.values)(i).slice(0, 4),
    ],
    [
      'read with a known caller (no session)',
      `${t.slice(0, callerFrom)}FROM (SELECT CAST(7001 AS BIGINT) AS store_id, CAST(${sessions[0]!.UID} AS BIGINT) AS account_id, CAST($2 AS text) AS token_hash, 1 AS sa_type)${t.slice(callerTo)}`,
      readValues(read.values),
    ],
  ];
  for (let round = 0; round < 2; round++) for (const [label, text, vary] of variants) await time(label, text, vary);

  // The apply: a purchase by another customer and key each call (no version guard: p_customer_version null).
  const applyValues = (i: number) => {
    const k = keys[nextKey++ % keys.length];
    return apply.values.map((x, at) => (x === key ? k : at === 9 ? otherCustomer(i) : at === 18 ? null : at === 1 ? new Date().toISOString() : x));
  };
  const n = Math.min(calls, 2000);
  await time('apply (synchronous_commit on)', apply.text, applyValues, n);
  await client.query('SET synchronous_commit = off');
  await time('apply (synchronous_commit off)', apply.text, applyValues, n);
  await client.query('SET synchronous_commit = on');
  await time('apply (synchronous_commit on)', apply.text, applyValues, n);
  await client.query('SET synchronous_commit = off');
  await time('apply (synchronous_commit off)', apply.text, applyValues, n);

  const hot = await client.query(`SELECT relname, n_tup_upd AS upd, n_tup_hot_upd AS hot, pg_relation_size(relid) / 8192 AS pages
    FROM pg_stat_user_tables WHERE relname IN ('store', 'shift', 'customer', 'one_time_key') ORDER BY relname`);
  console.log(`updates HOT / pages: ${(hot.rows as Array<{ relname: string; upd: string; hot: string; pages: string }>).map((x) => `${x.relname} ${Math.round((100 * Number(x.hot)) / Math.max(1, Number(x.upd)))}% / ${x.pages}`).join(', ')}`);
  await client.end();
} finally {
  await server.app.close();
  if (process.env.PG_READ_KEEP === '1') {
    await database.handle.close();
    console.log(`kept: ${database.location}`);
  } else await database.drop();
}
