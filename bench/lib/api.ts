/** The real server on a port, and the calls a bench makes to prepare its load (not timed). */
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../packages/server/src/db/database.js';
import { buildApp } from '../../packages/server/src/app.js';
import { settingsFromEnv, type Settings } from '../../packages/server/src/settings.js';

export type Reply = Record<string, unknown> & { status: number };

export interface BenchServer {
  app: FastifyInstance;
  base: string;
  call(path: string, body?: object): Promise<Reply>;
}

export async function startServer(handle: DatabaseHandle, overrides: Partial<Settings> = {}): Promise<BenchServer> {
  // A bench logs in more often than a person would: the login rate limits would refuse it.
  const settings: Settings = { ...settingsFromEnv({}), loginIpLimit: 1e9, loginUserLimit: 1e9, keyIpLimit: 1e9, ...overrides };
  const app = await buildApp({ handle, settings }, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const call = async (path: string, body: object = {}) => {
    const res = await fetch(`${base}/API${path}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body) });
    const reply = (await res.json()) as Reply;
    if (reply.status !== 0) throw new Error(`${path}: ${JSON.stringify(reply)}`);
    return reply;
  };
  return { app, base, call };
}

/** Each cashier logs in, takes drawer n and counts an opening float: a shift ready for purchases. */
export async function openShifts(server: BenchServer, kiosk: number, cashiers: Array<{ username: string; password: string }>) {
  const sessions: Array<{ UID: number; TOKEN: string }> = [];
  for (const [i, c] of cashiers.entries()) {
    const login = await server.call('/user/posLogin', { mode: 'pos', username: c.username, password: c.password, kiosk_id: kiosk });
    const session = { UID: login.uid as number, TOKEN: login.token as string };
    await server.call('/user/chooseDrawer', { ...session, moneybox: i + 1 });
    const { key } = await server.call('/config/key');
    await server.call('/drawer/init', { ...session, amount: 100, key });
    sessions.push(session);
  }
  return sessions;
}
