import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import type { Dialect, DatabaseHandle } from '../db/database.js';
import { DEMO_KIOSK, DEMO_LOGINS, seedDemoStore } from '../cli/seed/seed.js';
import { allCalls } from '../http/api/index.js';
import { buildApp } from '../app.js';
import { verifyLedger } from '../money/verify.js';
import type { Deps } from '../services/deps.js';
import { settingsFromEnv, type Settings } from '../settings.js';
import { dialects, freshDatabase } from './databases.js';
import { startServerProcess, type ServerProcess } from './server-process.js';

export type Body = Record<string, unknown>;
export type Reply = Record<string, unknown> & { status: number };

export type Session = {
  UID: number;
  TOKEN: string;
};

/** A real server on a real port over a fresh database, seeded with the demo store. */
export interface TestServer {
  url: string;
  dialect: Dialect;
  handle: DatabaseHandle;
  /** PostgreSQL only: the database's URL, for a second server process on it. */
  databaseUrl: string | undefined;
  settings: Settings;
  /** The services' dependencies as the app completed them (its bus and live changes), for a service run beside the server. */
  deps: Deps;
  app: FastifyInstance;
  /** POST /API<path> with a JSON body as text/plain; returns the parsed reply. */
  call(path: string, body?: Body | string): Promise<Reply>;
  /** The raw HTTP response, for transport-level checks. */
  raw(path: string, init?: RequestInit): Promise<Response>;
  key(): Promise<string>;
  /** posLogin (mode pos) + chooseDrawer; returns the session. */
  loginAt(drawer: number, who?: { username: string; password: string }): Promise<Session>;
  login(who?: { username: string; password: string }, mode?: 'pos' | 'viewer'): Promise<Session & Reply>;
  /** The operator `verify`: throws when any balance differs from its ledger sum. */
  verify(): Promise<void>;
  close(): Promise<void>;
}

const replySchemas = new Map<string, { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }>([
  ...allCalls.map((c) => [c.path as string, c.reply] as const),
]);

/**
 * The contract is the contract: every status-0 reply an API test receives is parsed with its call's
 * reply schema, so a handler whose answer drifts from the contract fails the test that made the call.
 */
export function checkedReply(path: string, reply: Reply): Reply {
  const schema = replySchemas.get(path);
  if (reply.status !== 0 || !schema) return reply;
  const parsed = schema.safeParse(reply);
  if (!parsed.success) {
    const issues = parsed.error!.issues.map((i) => `${i.path.join('.') || 'reply'}: ${i.message}`).join('; ');
    throw new Error(`${path} answered outside its contract reply schema: ${issues}\n${JSON.stringify(reply).slice(0, 2000)}`);
  }
  return reply;
}

/**
 * `opts.serverHandle`: the server's own handle on the fresh PostgreSQL database (e.g. through a proxy,
 * with bounds); `handle` stays the test's direct one. Closed with the server.
 */
export async function startTestServer(
  dialect: Dialect,
  overrides: Partial<Settings> = {},
  opts: { seed?: boolean; logger?: object; serverHandle?: (databaseUrl: string) => DatabaseHandle } = {},
): Promise<TestServer> {
  const seed = opts.seed !== false;
  // A copy of the run's seeded template when there is one (testing/templates.ts), else seeded here.
  const database = await freshDatabase(dialect, { seeded: seed });
  const handle = database.handle;
  if (seed && !database.seeded) await seedDemoStore(handle);
  // No ledger digest job by default: a test digests when it means to (jobs/ledger-digests.ts digestLedger), so what verify prints does not hang on the clock.
  const settings: Settings = { ...settingsFromEnv({}), loginIpLimit: 1000, loginUserLimit: 1000, ledgerDigestMs: 0, ...overrides };
  const served = opts.serverHandle && database.url ? opts.serverHandle(database.url) : handle;
  const deps: Deps = { handle: served, settings };
  const app = await buildApp(deps, { logger: opts.logger ?? false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;

  const raw = (path: string, init?: RequestInit) => fetch(`${url}${path}`, init);
  const call = async (path: string, body: Body | string = {}) => {
    const res = await raw(`/API${path}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return checkedReply(path, (await res.json()) as Reply);
  };
  const key = async () => {
    const r = await call('/config/key');
    if (r.status !== 0) throw new Error(`no key: ${JSON.stringify(r)}`);
    return r.key as string;
  };
  const login = async (who: { username: string; password: string } = DEMO_LOGINS.cashier, mode: 'pos' | 'viewer' = 'pos') => {
    const r = await call('/user/posLogin', { mode, username: who.username, password: who.password, kiosk_id: DEMO_KIOSK });
    if (r.status !== 0) throw new Error(`login failed: ${JSON.stringify(r)}`);
    return { ...r, UID: r.uid as number, TOKEN: r.token as string };
  };
  const loginAt = async (drawer: number, who: { username: string; password: string } = DEMO_LOGINS.cashier) => {
    const s = await login(who);
    const r = await call('/user/chooseDrawer', { UID: s.UID, TOKEN: s.TOKEN, moneybox: drawer });
    if (r.status !== 0) throw new Error(`chooseDrawer failed: ${JSON.stringify(r)}`);
    return { UID: s.UID, TOKEN: s.TOKEN };
  };
  return {
    url,
    dialect,
    handle,
    databaseUrl: database.url,
    settings,
    deps,
    app,
    call,
    raw,
    key,
    login,
    loginAt,
    async verify() {
      const diffs = await verifyLedger(handle.db);
      if (diffs.length) throw new Error(`ledger mismatch: ${JSON.stringify(diffs)}`);
    },
    async close() {
      await app.close();
      if (served !== handle) await served.close();
      await database.drop();
    },
  };
}

export interface SuiteOptions {
  /** Settings over the test defaults (e.g. a short session idle time). */
  settings?: Partial<Settings>;
  /** false: an empty database (no demo store). */
  seed?: boolean;
  /** Run the operator `verify` after every test: each scenario must leave the books balanced. */
  verifyEach?: boolean;
  /** The server's pino options (default: no logging), for a test that reads what it logs. */
  logger?: object;
}

/**
 * The set-up every API test file shares: a real server over a fresh database of `dialect`, started
 * before the file's tests (before any `beforeAll` registered after this call) and closed after them;
 * with `verifyEach`, the ledger verified after every test. Returns a stand-in for that server, usable
 * in hooks and tests once it is started.
 */
export function useTestServer(dialect: Dialect, opts: SuiteOptions = {}): TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(dialect, opts.settings, { seed: opts.seed, logger: opts.logger });
  });
  afterAll(async () => {
    await server?.close();
  });
  if (opts.verifyEach) afterEach(async () => server?.verify());
  return onceStarted('test server', () => server);
}

/** A stand-in for what a `beforeAll` starts: usable in hooks and tests once it is there. */
function onceStarted<T extends object>(what: string, get: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_target, prop) {
      const target = get();
      if (!target) throw new Error(`the ${what} is not started yet (used ${String(prop)} outside a hook or test)`);
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** A server of its own for one test (settings or limits no other test may share): started, used, closed. */
export async function withTestServer<T>(dialect: Dialect, settings: Partial<Settings>, use: (s: TestServer) => Promise<T>): Promise<T> {
  const s = await startTestServer(dialect, settings);
  try {
    return await use(s);
  } finally {
    await s.close();
  }
}

export interface SecondServer extends ServerProcess {
  /** POST /API<path> to this server, as TestServer.call. */
  call(path: string, body?: Body): Promise<Reply>;
}

/**
 * Server B: another operating-system process on the PostgreSQL database of `first` (a useTestServer
 * registered before this call), for what crosses servers by LISTEN/NOTIFY or by the database's
 * rows. Started after `first` (with `env` over its environment), stopped before it is closed.
 */
export function useSecondServer(first: TestServer, env: Record<string, string> = {}): SecondServer {
  let second: SecondServer | undefined;
  beforeAll(async () => {
    const b = await startServerProcess({ DATABASE_URL: first.databaseUrl! }, env);
    const call = async (path: string, body: Body = {}) => {
      const res = await fetch(`${b.url}/API${path}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body) });
      return checkedReply(path, (await res.json()) as Reply);
    };
    second = { ...b, call };
  }, 60_000);
  afterAll(async () => {
    await second?.stop();
  });
  return onceStarted('second server', () => second);
}

/** `describe` once per database (SQLite and PostgreSQL), each with its own server (useTestServer). */
export function describeOnDatabases(title: string, body: (s: TestServer, dialect: Dialect) => void, opts: SuiteOptions = {}): void {
  describe.each(dialects)(`${title} on %s`, (dialect) => body(useTestServer(dialect, opts), dialect));
}
