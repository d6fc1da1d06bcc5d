/**
 * Customer search over 1,000,000 customers of one store, by id, phone prefix and name prefix:
 * the repository queries /customer/search uses, timed directly (many samples), and a smaller
 * sample through the real HTTP call. Target: p99 under 10 ms.
 *
 * The SQLite database is generated once and kept in data/bench/ (data/ is not in git); a rerun
 * reuses it. PostgreSQL gets a fresh database each run (generate_series, then dropped).
 * Env: BENCH_DATABASES (default "sqlite,postgres"), BENCH_SEARCH_CUSTOMERS (default 1000000),
 * BENCH_SEARCH_SAMPLES (repository samples per kind, default 2000).
 */
import fs from 'node:fs';
import path from 'node:path';
import { SaType } from '@moneybox/contract';
import { openSqlite, type DatabaseHandle, type Dialect } from '../packages/server/src/db/database.js';
import { migrate } from '../packages/server/src/money/migrate.js';
import { customerRepository } from '../packages/server/src/repositories/customer.repository.js';
import { createAccount } from '../packages/server/src/services/operator/operator.service.js';
import { startServer } from './lib/api.js';
import { benchDatabase, postgresReachable } from './lib/bench-db.js';
import { FIRST, LAST, SEARCH_KIOSK, generateSearchStore, phoneOf } from './lib/search-data.js';
import { measure, p50, p99, round, type BenchRow, type Sample } from './measure.js';
import { SEED } from '../packages/server/src/services/audit/audit.js';

export const title = 'Customer search over 1,000,000 customers of one store (target p99 < 10 ms)';

const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
const CUSTOMERS = int(process.env.BENCH_SEARCH_CUSTOMERS, 1_000_000);
const SAMPLES = int(process.env.BENCH_SEARCH_SAMPLES, 2000);
const HTTP_SAMPLES = Math.max(50, Math.round(SAMPLES / 5));
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const LIMIT = 20;
const CACHE = path.resolve(import.meta.dirname, '../data/bench', `search-${CUSTOMERS}.sqlite`);

/** A reproducible pseudo-random sequence, so reruns ask the same questions. */
function lcg(seed: number) {
  let s = seed;
  return () => (s = (s * 48271) % 2147483647) / 2147483647;
}

/** The three kinds of question a cashier asks, with realistic inputs. */
function questions(ids: { min: number; max: number }) {
  const r = lcg(12345);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  const someone = () => 1 + Math.floor(r() * CUSTOMERS);
  return {
    id: () => String(ids.min + Math.floor(r() * (ids.max - ids.min + 1))),
    // 3 to 7 leading digits of a real customer's phone.
    phone: () => phoneOf(someone()).slice(0, 3 + Math.floor(r() * 5)),
    // A first name's first 2-4 letters, or "first l..." as typed at the counter.
    name: () => (r() < 0.5 ? pick(FIRST).slice(0, 2 + Math.floor(r() * 3)) : `${pick(FIRST)} ${pick(LAST).slice(0, 1 + Math.floor(r() * 3))}`),
  };
}

async function sqliteHandle(): Promise<{ handle: DatabaseHandle; close(): Promise<void>; generated: string }> {
  const exists = fs.existsSync(CACHE);
  const started = performance.now();
  let handle = openSqlite(CACHE);
  await migrate(handle);
  const count = exists ? await customerRepository.count(handle.db, SEARCH_KIOSK) : 0;
  if (count !== CUSTOMERS) {
    await handle.close();
    for (const f of [CACHE, `${CACHE}-wal`, `${CACHE}-shm`]) fs.rmSync(f, { force: true });
    handle = openSqlite(CACHE);
    await migrate(handle);
    await generateSearchStore(handle, CUSTOMERS);
    return { handle, close: () => handle.close(), generated: `generated in ${round((performance.now() - started) / 1000, 1)} s, kept in data/bench/` };
  }
  return { handle, close: () => handle.close(), generated: 'reused from data/bench/' };
}

async function benchDialect(dialect: Dialect): Promise<BenchRow[]> {
  let handle: DatabaseHandle;
  let close: () => Promise<void>;
  let generated: string;
  if (dialect === 'sqlite') ({ handle, close, generated } = await sqliteHandle());
  else {
    const database = await benchDatabase('postgres');
    const started = performance.now();
    // A failed generation must not leave a 1M-row database behind.
    await generateSearchStore(database.handle, CUSTOMERS).catch(async (err: unknown) => {
      await database.drop();
      throw err;
    });
    ({ handle } = database);
    close = () => database.drop();
    generated = `generated in ${round((performance.now() - started) / 1000, 1)} s (generate_series)`;
  }
  const { db } = handle;
  const server = await startServer(handle);
  try {
    const range = await db
      .selectFrom('customer')
      .select((eb) => [eb.fn.min<number>('id').as('min'), eb.fn.max<number>('id').as('max')])
      .where('store_id', '=', SEARCH_KIOSK)
      .executeTakeFirstOrThrow();
    const ids = { min: Number(range.min), max: Number(range.max) };

    const q = questions(ids);
    let found = 0;
    const count = (rows: unknown[]) => (found += rows.length);
    const repo: Record<string, Sample> = {
      id: await measure(SAMPLES, async () => count((await customerRepository.find(db, SEARCH_KIOSK, Number(q.id()))) ? [1] : [])),
      phone: await measure(SAMPLES, async () => count(await customerRepository.byPhonePrefix(db, SEARCH_KIOSK, dialect, q.phone(), LIMIT))),
      name: await measure(SAMPLES, async () => count(await customerRepository.byNamePrefix(db, SEARCH_KIOSK, dialect, q.name(), LIMIT))),
    };
    if (found === 0) throw new Error('search found nobody: the generated data and the questions disagree');

    // Through HTTP: a boss looking in viewer mode (search needs a session, not a drawer).
    await createAccount({ handle: { db } }, SEED, { storeId: SEARCH_KIOSK, username: 'searchboss', password: 'search1234', saType: SaType.BOSS }).catch(() => undefined);
    const login = await server.call('/user/posLogin', { mode: 'viewer', username: 'searchboss', password: 'search1234', kiosk_id: SEARCH_KIOSK });
    const session = { UID: login.uid, TOKEN: login.token };
    const http: Record<string, Sample> = {};
    for (const type of ['id', 'phone', 'name'] as const) {
      http[type] = await measure(HTTP_SAMPLES, () => server.call('/customer/search', { ...session, type, rule: q[type](), limit: LIMIT }));
    }

    const rows: BenchRow[] = [];
    for (const type of ['id', 'phone', 'name'] as const) {
      for (const [via, s] of [['repository', repo[type]!], ['HTTP /customer/search', http[type]!]] as const) {
        rows.push({
          database: dialect,
          search: type === 'id' ? 'by id' : `by ${type} prefix`,
          via,
          n: s.n,
          'p50 ms': round(p50(s)),
          'p99 ms': round(p99(s)),
          'p99 < 10 ms': p99(s) < 10 ? 'yes' : 'NO',
        });
      }
    }
    rows[0]!.data = `${CUSTOMERS.toLocaleString('en-US')} customers, ${generated}`;
    return rows;
  } finally {
    await server.app.close();
    await close();
  }
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  if (DATABASES.includes('sqlite')) rows.push(...(await benchDialect('sqlite')));
  if (DATABASES.includes('postgres')) {
    if (await postgresReachable()) rows.push(...(await benchDialect('postgres')));
    else rows.push({ database: 'postgres', search: 'not reachable: skipped' });
  }
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const { formatTable } = await import('./run.js');
  console.log(formatTable(await run()));
}
