/**
 * Login and drawer round trips through the real HTTP server (Fastify on a port, fetch as client)
 * over a fresh SQLite file and, when reachable, a fresh PostgreSQL database, each seeded with the
 * demo store. Baselines measured in the same run: a no-op GET /healthz round trip, and for
 * posLogin the bare scrypt verification it spends most of its time in.
 */
import { DEMO_LOGINS, seedDemoStore } from '../packages/server/src/cli/seed/seed.js';
import type { Dialect } from '../packages/server/src/db/database.js';
import { verifySecret, hashSecret } from '../packages/server/src/auth/password.js';
import { buildApp } from '../packages/server/src/app.js';
import { settingsFromEnv } from '../packages/server/src/settings.js';
import { TEST_PG_URL, freshDatabase } from '../packages/server/src/testing/databases.js';
import { postgresReachable } from './lib/bench-db.js';
import { measure, measurePair, row, sampleOf, type BenchRow } from './measure.js';

export const title = 'Login and drawer round trips (sequential, one client, HTTP on 127.0.0.1)';

const N = { healthz: 500, login: 20, cycle: 200, key: 500 };

async function benchDialect(dialect: Dialect): Promise<BenchRow[]> {
  const database = await freshDatabase(dialect);
  await seedDemoStore(database.handle);
  // Login rate limits would refuse a benchmark's hundreds of logins from one address.
  const settings = { ...settingsFromEnv({}), loginIpLimit: 1e9, loginUserLimit: 1e9 };
  const app = await buildApp({ handle: database.handle, settings }, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const call = async (path: string, body: object = {}) => {
    const res = await fetch(`${base}/API${path}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body) });
    const reply = (await res.json()) as Record<string, unknown> & { status: number };
    if (reply.status !== 0) throw new Error(`${path}: ${JSON.stringify(reply)}`);
    return reply;
  };

  try {
    const healthz = await measure(N.healthz, async () => (await fetch(`${base}/healthz`)).text());
    const stored = await hashSecret(DEMO_LOGINS.cashier.password);
    // Interleaved, so a noisy neighbour on the machine slows the baseline and the call alike.
    const [scrypt, login] = await measurePair(
      N.login,
      () => verifySecret(DEMO_LOGINS.cashier.password, stored),
      () => call('/user/posLogin', { mode: 'pos', ...DEMO_LOGINS.cashier }),
    );

    const me = await call('/user/posLogin', { mode: 'pos', ...DEMO_LOGINS.cashier });
    const session = { UID: me.uid, TOKEN: me.token };
    const choose: number[] = [];
    const close: number[] = [];
    const cycle = await measure(N.cycle, async () => {
      let t = performance.now();
      await call('/user/chooseDrawer', { ...session, moneybox: 1 });
      choose.push(performance.now() - t);
      t = performance.now();
      await call('/drawer/shift', session);
      close.push(performance.now() - t);
    });
    // The warm-up cycles are not part of the sample.
    const part = (xs: number[]) => sampleOf(xs.slice(-N.cycle));
    const key = await measure(N.key, () => call('/config/key'));

    const labels = (operation: string) => ({ database: dialect, operation });
    return [
      row(labels('GET /healthz (no-op)'), healthz, 'healthz', healthz),
      row(labels('scrypt verify (no HTTP)'), scrypt, 'healthz', healthz),
      row(labels('posLogin (includes scrypt)'), login, 'scrypt verify', scrypt),
      row(labels('chooseDrawer (opens shift)'), part(choose), 'healthz', healthz),
      row(labels('drawer/shift (closes shift)'), part(close), 'healthz', healthz),
      row(labels('chooseDrawer + shift close'), cycle, 'healthz', healthz),
      row(labels('config/key'), key, 'healthz', healthz),
    ];
  } finally {
    await app.close();
    await database.drop();
  }
}

export async function run(): Promise<BenchRow[]> {
  const rows = await benchDialect('sqlite');
  if (await postgresReachable()) rows.push(...(await benchDialect('postgres')));
  else rows.push({ database: 'postgres', operation: `not reachable at ${TEST_PG_URL}: skipped` });
  return rows;
}
