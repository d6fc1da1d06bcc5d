/**
 * Terminals at scale: TERMINALS simulated terminals (1,000 by default) connected to ONE server
 * process over WebSockets, each with a customer seated and sending a round every 2 s for
 * BENCH_SECONDS (20). Reports rounds applied per second, p50/p99 acknowledgement latency (target p99
 * ≤ 20 ms) and the server's memory per connection (its RSS before and after connecting them).
 * Meanwhile LIVE_BROWSERS (20) signed-in browsers' live sockets (/API/live) hear the floor: messages a
 * second per browser (the server batches every 150 ms) and the push delay from a round's ack to the
 * change naming its customer (p50/p99).
 * Baseline in the same run: the same rounds applied directly through the round service and the
 * ledger (no network, no protocol), as fast as they go, on a copy of the same database.
 * On SQLite (the embedded default, synchronous=FULL) and, when reachable, PostgreSQL.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { round } from '../packages/server/src/services/terminal/play.service.js';
import { settingsFromEnv } from '../packages/server/src/settings.js';
import { newKeyPair } from '../packages/server/src/auth/terminal-key.js';
import { openSqlite, type DatabaseHandle, type Dialect } from '../packages/server/src/db/database.js';
import { freshDatabase } from '../packages/server/src/testing/databases.js';
import { migrate } from '../packages/server/src/money/migrate.js';
import { DEMO_KIOSK, seedDemoStore } from '../packages/server/src/cli/seed/seed.js';
import { post } from '../packages/server/src/money/ledger.js';
import { verifyLedger } from '../packages/server/src/money/verify.js';
import { TerminalSocket, type TerminalCredentials } from '../packages/server/src/simulator/terminal-socket.js';
import { startServerProcess } from '../packages/server/src/testing/server-process.js';
import { openLive, type LiveSocket } from '../packages/server/src/testing/live-kit.js';
import { DEMO_LOGINS } from '../packages/server/src/cli/seed/seed.js';
import { postgresReachable } from './lib/bench-db.js';
import { measure, percentile, type BenchRow } from './measure.js';

export const title = 'Terminals: rounds over WebSockets to one server process';

const TERMINALS = Number(process.env.TERMINALS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ROUND_EVERY_MS = 2000;
const LIVE_BROWSERS = Number(process.env.LIVE_BROWSERS ?? 20);
const PIN = '246810';

/** A PIN hash with light scrypt parameters (stored in the hash itself), so 1,000 logins do not take a minute of CPU. */
function lightPinHash(pin: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(pin, salt, 32, { N: 1024, r: 8, p: 1 });
  return `scrypt$1024$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

interface Floor {
  terminals: Array<{ id: number; credentials: TerminalCredentials; mobileId: string }>;
}

/** The demo store with TERMINALS enrolled machines and as many customers holding entries. */
async function prepare(handle: DatabaseHandle, n: number): Promise<Floor> {
  await migrate(handle);
  await seedDemoStore(handle);
  const { db } = handle;
  await db.updateTable('store').set({ max_machines: n + 100 }).where('id', '=', DEMO_KIOSK).execute();
  const at = new Date().toISOString();
  const pinHash = lightPinHash(PIN);
  const terminals: Floor['terminals'] = [];
  await db.transaction().execute(async (tx) => {
    for (let i = 0; i < n; i++) {
      const keys = newKeyPair();
      const m = await tx.insertInto('machine').values({ store_id: DEMO_KIOSK, machine_id: 10_000 + i, kind: 'game', public_key: keys.publicKeyB64, created_at: at }).returning('id').executeTakeFirstOrThrow();
      const mobileId = String(800_000_000 + i);
      const c = await tx
        .insertInto('customer')
        .values({ store_id: DEMO_KIOSK, mobile_id: mobileId, pin_hash: pinHash, first_name: 'Bench', last_name: `Player ${i}`, name_search: `bench player ${i}`, birthday: '1970-01-01', created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await post(tx, { storeId: DEMO_KIOSK, kind: 'adjust', channel: 'operator', amount: 1_000_000, customerId: c.id, entries: 1_000_000, note: 'bench entries', at });
      terminals.push({ id: m.id, credentials: { kioskId: DEMO_KIOSK, terminalId: m.id, privateKey: keys.privateKey }, mobileId });
    }
  });
  return { terminals };
}

let roundNo = 0;
function aRound(seq: number) {
  roundNo++;
  return { type: 'round', seq, round_no: `B${roundNo}`, serial_no: `S${roundNo}`, game_name: 'Bench Reels', begin_credits: 1000, end_credits: 1000, jp_bet: 1, game_bet: 8, extra_bet: 1, buy_bonus_cost: 0, win: roundNo % 3 === 0 ? 20 : 0 };
}

function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : Number.NaN;
}

/** The server's database: a SQLite file in a temp dir, or a fresh PostgreSQL database. */
async function benchDatabase(dialect: Dialect) {
  if (dialect === 'postgres') {
    const d = await freshDatabase('postgres');
    return { handle: d.handle, env: { DATABASE_URL: d.url! } as Record<string, string>, drop: () => d.drop() };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbx-bench-terminals-'));
  const file = path.join(dir, 'moneybox.sqlite');
  const handle = openSqlite(file);
  return {
    handle,
    env: { DATA_DIR: dir } as Record<string, string>,
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

async function overTheNetwork(dialect: Dialect): Promise<BenchRow[]> {
  const database = await benchDatabase(dialect);
  const floor = await prepare(database.handle, TERMINALS);
  // SQLite: the server process opens the file itself (one connection each, WAL).
  if (dialect === 'sqlite') await database.handle.close();
  // A whole floor from this one address: no per-address cap (a real floor behind one NAT address needs it raised too, README).
  const server = await startServerProcess(database.env as { DATA_DIR: string } | { DATABASE_URL: string }, { MAX_CONNECTIONS_PER_ADDRESS: '0' });
  const sockets: TerminalSocket[] = [];
  const customers: number[] = [];
  const browsers: LiveSocket[] = [];
  try {
    await new Promise((r) => setTimeout(r, 1000));
    const rssBefore = rssKb(server.pid);
    // Connect and seat everyone, a few dozen at a time.
    for (let i = 0; i < floor.terminals.length; i += 50) {
      const batch = floor.terminals.slice(i, i + 50);
      const opened = await Promise.all(
        batch.map(async (t) => {
          const { socket } = await TerminalSocket.connect(server.url, t.credentials);
          const ack = await socket.command({ type: 'login', seq: 1, mobile_id: t.mobileId, pin: PIN });
          if (!ack.ok) throw new Error(`login refused: ${JSON.stringify(ack)}`);
          return { socket, customer: ack.customer_id as number };
        }),
      );
      sockets.push(...opened.map((o) => o.socket));
      customers.push(...opened.map((o) => o.customer));
    }
    await new Promise((r) => setTimeout(r, 1000));
    const rssAfter = rssKb(server.pid);

    // The boss's screens: live sockets of one session; the first one times the pushes.
    const login = await fetch(`${server.url}/API/user/posLogin`, { method: 'POST', body: JSON.stringify({ mode: 'viewer', ...DEMO_LOGINS.boss, kiosk_id: DEMO_KIOSK }) }).then((r) => r.json() as Promise<{ uid: number; token: string }>);
    for (let i = 0; i < LIVE_BROWSERS; i++) browsers.push(openLive(server.url, { UID: login.uid, TOKEN: login.token }));
    await Promise.all(browsers.map((b) => b.next((m) => m.type === 'hello', 10_000)));
    const ackedAt = new Map<number, number>();
    const pushDelays: number[] = [];
    let timing = false;
    browsers[0]?.ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as { type: string; customers?: number[] | 'all' };
      if (!timing || m.type !== 'changed' || !Array.isArray(m.customers)) return;
      const now = performance.now();
      for (const id of m.customers) {
        const at = ackedAt.get(id);
        if (at === undefined) continue;
        pushDelays.push(now - at);
        ackedAt.delete(id);
      }
    });
    const pushedBefore = browsers.map((b) => b.received.length);
    timing = true;

    // Every terminal sends a round every 2 s (staggered), with heartbeats implied by the rounds.
    const latencies: number[] = [];
    let refused = 0;
    const start = performance.now();
    const until = start + SECONDS * 1000;
    await Promise.all(
      sockets.map(async (socket, i) => {
        let seq = 1;
        await new Promise((r) => setTimeout(r, (i / sockets.length) * ROUND_EVERY_MS));
        while (performance.now() < until) {
          const sent = performance.now();
          const ack = await socket.command(aRound(++seq));
          const acked = performance.now();
          latencies.push(acked - sent);
          if (!ack.ok) refused++;
          ackedAt.set(customers[i]!, acked);
          const wait = sent + ROUND_EVERY_MS - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        }
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    timing = false;
    const pushed = browsers.map((b, i) => b.received.length - pushedBefore[i]!);
    pushDelays.sort((a, b) => a - b);
    if (refused > 0) throw new Error(`${refused} rounds refused`);
    latencies.sort((a, b) => a - b);
    await Promise.all(sockets.map((s) => s.close()));
    await server.stop();
    const check = dialect === 'sqlite' ? openSqlite(path.join(database.env.DATA_DIR!, 'moneybox.sqlite')) : database.handle;
    const diffs = await verifyLedger(check.db);
    if (dialect === 'sqlite') await check.close();
    if (diffs.length) throw new Error(`ledger mismatch: ${JSON.stringify(diffs.slice(0, 3))}`);
    return [
      {
        measure: `${dialect}: ${TERMINALS} terminals, a round every 2 s each, ${SECONDS} s`,
        'rounds/s': latencies.length / seconds,
        'p50 ack ms': percentile(latencies, 50),
        'p99 ack ms': percentile(latencies, 99),
        'server KiB/connection': (rssAfter - rssBefore) / TERMINALS,
        rounds: latencies.length,
        browsers: LIVE_BROWSERS,
        'pushes/s per browser': LIVE_BROWSERS ? pushed.reduce((a, b) => a + b, 0) / LIVE_BROWSERS / seconds : 0,
        'p50 push ms': percentile(pushDelays, 50),
        'p99 push ms': percentile(pushDelays, 99),
      },
    ];
  } finally {
    for (const s of sockets) s.ws.terminate();
    for (const b of browsers) b.ws.terminate();
    await server.stop();
    await database.drop();
  }
}

/** The same rounds straight through the round service and the ledger: the ceiling without network or protocol. */
async function directly(): Promise<BenchRow> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbx-bench-rounds-'));
  const handle = openSqlite(path.join(dir, 'moneybox.sqlite'));
  try {
    const n = Math.min(TERMINALS, 200);
    const floor = await prepare(handle, n);
    for (const t of floor.terminals) {
      const c = await handle.db.selectFrom('customer').select('id').where('mobile_id', '=', t.mobileId).executeTakeFirstOrThrow();
      await handle.db.updateTable('customer').set({ playing_machine_id: t.id }).where('id', '=', c.id).execute();
      await handle.db.updateTable('machine').set({ customer_id: c.id }).where('id', '=', t.id).execute();
    }
    const seqs = new Map(floor.terminals.map((t) => [t.id, 0]));
    const deps = { handle, settings: settingsFromEnv() };
    const rounds = 4000;
    const sample = await measure(
      rounds,
      async (i) => {
        const t = floor.terminals[(i + rounds) % n]!;
        const seq = seqs.get(t.id)! + 1;
        seqs.set(t.id, seq);
        const ack = await round(deps, { id: t.id, storeId: DEMO_KIOSK }, { ...aRound(seq), type: 'round' as const, meters: undefined });
        if (!ack.ok) throw new Error(`refused: ${JSON.stringify(ack)}`);
      },
      { concurrency: 64, warmup: 0 },
    );
    return {
      measure: `sqlite baseline: round service + ledger, no network (${n} machines, 64 in flight)`,
      'rounds/s': rounds / (sample.totalMs / 1000),
      'p50 ack ms': percentile(sample.latencies, 50),
      'p99 ack ms': percentile(sample.latencies, 99),
      rounds,
    };
  } finally {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchRow[]> {
  const baseline = await directly();
  const rows = [...(await overTheNetwork('sqlite')), baseline];
  const databases = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
  if (databases.includes('postgres') && (await postgresReachable())) rows.push(...(await overTheNetwork('postgres')));
  return rows;
}
