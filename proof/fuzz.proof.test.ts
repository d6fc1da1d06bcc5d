/**
 * Fuzzing (issue 12): fast-check sends hostile payloads to EVERY registered call (http/api/index.ts
 * allCalls), generated from the call's contract schema (testing/hostile.ts): fields plausible,
 * of the wrong type, missing or extra; huge and fractional numbers; long and odd Unicode; invalid
 * UTF-8; prototype-pollution keys; deep nesting. Most carry a valid session (a boss and a cashier
 * at their drawers, renewed when a fuzzed call ends them) and a fresh one-time key where the call
 * takes one, so they reach the business rules. Every reply: no HTTP 5xx, a JSON object with a
 * status from the catalogue, never 14 (an internal error), no stack or internal text; and a refused request
 * changes nothing in the ledger, the balances or the one-time keys (compared before and after).
 *
 * The platform console's calls (CONSOLE_CALLS, every one) get the same, signed in as an admin with a
 * TOTP-enrolled console session (renewed when a fuzzed call ends it): the same checks, and a refused
 * console call changes nothing in the console's tables either (audit trail, platform accounts and their credit, credit moves, stores' settings, alerts,
 * thresholds, webhooks, stores' hosts).
 *
 * FUZZ_RUNS (default 10,000 in npm run test:full, 2,000 in npm test: proof/sample.ts) is split over the two databases
 * (a quarter of each share given call by call, so every call is reached, the rest to calls drawn at random); so is CONSOLE_FUZZ_RUNS, the requests to
 * EACH console call (default 12: the console's share of the bounded proof tier); FUZZ_SEED repeats a run.
 */
import fc from 'fast-check';
import { CONSOLE_CALLS, SaType, statusMessages } from '@moneybox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls } from '../packages/server/src/http/api/index.js';
import type { Db } from '../packages/server/src/db/database.js';
import { openCounter } from '../packages/server/src/testing/customer-kit.js';
import { consoleAccount, type ConsoleSession } from '../packages/server/src/testing/console-kit.js';
import { createPlatformAccount } from '../packages/server/src/services/console/platform-accounts.service.js';
import { body, craftedCredentials, inputSchema, payload } from '../packages/server/src/testing/hostile.js';
import { fingerprint } from '../packages/server/src/testing/money-load.js';
import { startTestServer, type TestServer } from '../packages/server/src/testing/server.js';
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { SEED as SEED_ACTOR } from '../packages/server/src/services/audit/audit.js';
import { sampled } from './sample.js';

const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
const RUNS = int(process.env.FUZZ_RUNS, sampled(10_000, 2_000));
const CONSOLE_RUNS = int(process.env.CONSOLE_FUZZ_RUNS, 12);
const SEED = int(process.env.FUZZ_SEED, Date.now() % 1_000_000);
/** SQLite answers faster: it takes the larger share of the runs. */
const SHARE = { sqlite: 0.6, postgres: 0.4 } as const;

/** Text that must never reach a client: stacks, file paths, driver and SQL errors. */
const INTERNAL = /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\.js:\d+|SqliteError|SQLITE_|duplicate key|violates|relation "|syntax error|TypeError|ReferenceError|RangeError|Cannot read prop|undefined is not|kysely|pg_|ECONN/i;

/**
 * Fields whose values are random text the server makes (one-time keys, session tokens, PINs, enrolment
 * codes, QR payloads): left out of the internal-text check, which one in a few thousand would match
 * by chance (a key once held "Pg_").
 */
const RANDOM_FIELDS = new Set(['key', 'token', 'TOKEN', 'pin', 'code', 'qr', 'qrcode']);
const withoutRandomValues = (name: string, value: unknown) => (RANDOM_FIELDS.has(name) && typeof value === 'string' ? '' : value);

/** Fresh one-time keys put straight into the table (as /config/key does), so fuzzed money calls can pass the key check. */
async function insertKeys(db: Db, n: number): Promise<string[]> {
  const now = Date.now();
  const keys = Array.from({ length: n }, () => randomBytes(12).toString('base64url'));
  for (let i = 0; i < n; i += 500) {
    await db
      .insertInto('one_time_key')
      .values(keys.slice(i, i + 500).map((key) => ({ key, created_at: new Date(now).toISOString(), expires_at: new Date(now + 3_600_000).toISOString() })))
      .execute();
  }
  return keys;
}

/** The statuses of the catalogue (contract status.ts): the only ones a reply may carry. */
const CATALOGUED = new Set(Object.keys(statusMessages).map(Number));

/** What a refused console call must leave as it was: the money (as fingerprint) and the console's own tables, in one query. */
async function consoleFingerprint(db: Db): Promise<string> {
  const r = await sql<Record<string, unknown>>`SELECT
      (SELECT COUNT(*) FROM ledger) AS ledger_rows,
      (SELECT COALESCE(SUM(credit_cents), 0) FROM store) AS credit,
      (SELECT COALESCE(SUM(comps_budget_cents), 0) FROM store) AS budget,
      (SELECT COUNT(*) FROM audit) AS audit_rows,
      (SELECT COUNT(*) FROM platform_account) AS platform_accounts,
      (SELECT COALESCE(SUM(credit_cents), 0) FROM platform_account) AS platform_credit,
      (SELECT COUNT(*) FROM platform_account_store) AS bindings,
      (SELECT COUNT(*) FROM credit_transfer) AS credit_moves,
      (SELECT COUNT(*) FROM account) AS staff,
      (SELECT COUNT(*) FROM store) AS stores,
      (SELECT COALESCE(SUM(frozen), 0) FROM store) AS frozen,
      (SELECT COALESCE(SUM(max_drawers + max_machines + limit_day), 0) FROM store) AS quotas,
      (SELECT COALESCE(SUM(limit_hourly_cents + limit_daily_cents + limit_weekly_cents), 0) FROM store) AS limits,
      (SELECT COUNT(acknowledged_at) + COUNT(resolved_at) FROM alert) AS alert_acts,
      (SELECT COUNT(*) || ':' || COALESCE(SUM(value), 0) FROM alert_threshold) AS thresholds,
      (SELECT COUNT(*) || ':' || COUNT(removed_at) FROM webhook) AS webhooks,
      (SELECT COUNT(*) || ':' || COALESCE(SUM(layout), 0) || ':' || COUNT(store_id) FROM domain_layout) AS hosts`.execute(db);
  return JSON.stringify(Object.fromEntries(Object.entries(r.rows[0]!).map(([k, v]) => [k, String(v)])));
}

/**
 * Posts one fuzzed request and checks its reply: no HTTP 5xx, a JSON object with a numeric status
 * from the catalogue, never 14 (an internal error), no stack or internal text. Answers the status.
 */
async function send(s: TestServer, r: { path: string; bytes: Buffer; contentType: string }): Promise<{ status: number; where: string }> {
  const res = await fetch(`${s.url}/API${r.path}`, { method: 'POST', headers: { 'content-type': r.contentType }, body: new Uint8Array(r.bytes) });
  const text = await res.text();
  const where = `${r.path} ${r.bytes.subarray(0, 300).toString('utf8')} -> HTTP ${res.status} ${text.slice(0, 300)}`;
  expect(res.status, where).toBeLessThan(500);
  let reply: unknown;
  expect(() => (reply = JSON.parse(text)), where).not.toThrow();
  expect(reply !== null && typeof reply === 'object' && !Array.isArray(reply), where).toBe(true);
  const status = (reply as { status?: unknown }).status;
  expect(typeof status, where).toBe('number');
  expect(status, `${where}: internal error`).not.toBe(14);
  expect(CATALOGUED.has(status as number), `${where}: a status outside the catalogue`).toBe(true);
  expect(INTERNAL.test(JSON.stringify(reply, withoutRandomValues)), `${where}: internal text`).toBe(false);
  return { status: status as number, where };
}

describe.each(['sqlite', 'postgres'] as const)('fuzzing every call on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(dialect, { keyIpLimit: 1e9, loginIpLimit: 1e9, loginUserLimit: 1e9 });
  });
  afterAll(async () => {
    await s?.close();
  });

  it(`${Math.round(RUNS * SHARE[dialect])} hostile requests: no 5xx, a catalogued status, no internals, no change from a refusal`, async () => {
    const runs = Math.round(RUNS * SHARE[dialect]);
    const { db } = s.handle;
    const sessions = { boss: await openCounter(s, 1000, { saType: SaType.BOSS }), cashier: await openCounter(s, 1000) };
    const stale = new Set<keyof typeof sessions>();
    const customers = await db.selectFrom('customer').select('id').limit(20).execute();
    const ids = [1, 2, 3, 1001, sessions.boss.UID, sessions.cashier.UID, ...customers.map((c) => c.id)];
    const keys = await insertKeys(db, runs);
    const ctx = { ids, key: () => keys.pop() };

    const calls = allCalls.map((def) => ({ def, schema: inputSchema(def.input) }));
    /** Hostile requests to one of `among` (every call, or one). */
    const requests = (among: typeof calls) =>
      fc
        .constantFrom(...among)
        .chain(({ def, schema }) =>
          fc.record({
            path: fc.constant(def.path),
            access: fc.constant(def.access),
            who: fc.constantFrom<'boss' | 'cashier' | 'fuzzed' | 'crafted'>('boss', 'cashier', 'boss', 'cashier', 'fuzzed', 'crafted'),
            fields: payload(schema, ctx),
            contentType: fc.constantFrom('text/plain', 'application/json', 'application/x-www-form-urlencoded'),
          }),
        )
        .chain((r) => {
          if (r.access === 'session' && r.who === 'crafted') {
            // A real session's UID or TOKEN swapped for a crafted shape: never 14 (issue 25).
            return craftedCredentials(sessions.cashier)
              .chain((credentials) => body({ ...r.fields, ...credentials }))
              .map((bytes) => ({ ...r, bytes }));
          }
          const fields = r.access === 'session' && r.who !== 'fuzzed' && r.who !== 'crafted' ? { ...r.fields, UID: sessions[r.who].UID, TOKEN: sessions[r.who].TOKEN } : r.fields;
          return body(fields).map((bytes) => ({ ...r, bytes }));
        });

    const seen = new Map<string, number>();
    const property = (among: typeof calls) =>
      fc.asyncProperty(requests(among), async (r) => {
        // A fuzzed call may end the session it came with (logout, disable...): renew it.
        for (const who of stale) sessions[who] = await openCounter(s, 1000, { saType: who === 'boss' ? SaType.BOSS : SaType.CASHIER });
        stale.clear();
        const before = await fingerprint(db);
        const { status, where } = await send(s, r);
        if (status !== 0) expect(await fingerprint(db), `${where}: a refusal changed the books`).toBe(before);
        if (status === 5 && (r.who === 'boss' || r.who === 'cashier')) stale.add(r.who);
        seen.set(`${r.path} ${status}`, (seen.get(`${r.path} ${status}`) ?? 0) + 1);
      });
    const seed = SEED + (dialect === 'sqlite' ? 0 : 1);
    // Each call first gets requests of its own, so none is left out by chance (127 calls drawn 800
    // times at random left one out about one run in five); the rest of the runs go to calls at random.
    const perCall = Math.max(1, Math.floor(runs / (4 * calls.length)));
    for (const [i, call] of calls.entries()) await fc.assert(property([call]), { numRuns: perCall, seed: seed + 7919 * (i + 1), endOnFailure: true });
    await fc.assert(property(calls), { numRuns: Math.max(1, runs - perCall * calls.length), seed, endOnFailure: true });
    // Every call was reached, and some requests got through to a successful answer.
    const reached = new Set([...seen.keys()].map((k) => k.split(' ')[0]));
    expect(allCalls.filter((c) => !reached.has(c.path)).map((c) => c.path)).toEqual([]);
    expect([...seen.entries()].filter(([k]) => k.endsWith(' 0')).length).toBeGreaterThan(10);
    console.log(`${dialect}: ${runs} requests (seed ${SEED}), ${seen.size} call/status pairs, ${[...seen.entries()].filter(([k]) => k.endsWith(' 0')).length} calls answered 0 at least once`);
    await s.verify();
  }, 300_000);

  it(`${Math.round(CONSOLE_RUNS * SHARE[dialect])} hostile requests to each console call as a TOTP-enrolled admin: catalogued statuses only, no internals, no change from a refusal`, async () => {
    const perCall = Math.max(1, Math.round(CONSOLE_RUNS * SHARE[dialect]));
    const { db } = s.handle;
    let admin: ConsoleSession = await consoleAccount(s, 'admin');
    let stale = false;
    // A distributor to give credit to: it need not sign in.
    const dist = await createPlatformAccount({ handle: { db } }, SEED_ACTOR, { username: 'fuzzdist01', password: 'console123', role: 'distributor', stores: [1001] });
    // Something for the id-taking calls to find: open alerts of store 1001, webhooks, a staff account.
    const alerts: number[] = [];
    for (let i = 0; i < 5; i++) {
      const [a] = await db.insertInto('alert').values({ kind: 'lockouts', store_id: 1001, subject: `account:${8000 + i}`, open_key: `lockouts|account:${8000 + i}`, raised_at: new Date().toISOString() }).returning('id').execute();
      alerts.push(a!.id);
    }
    const hooks: number[] = [];
    for (let i = 0; i < 3; i++) hooks.push((await db.insertInto('webhook').values({ url: 'http://127.0.0.1:9/hook', secret: 'x', created_at: '2026-01-01', created_by: 'fuzz' }).returning('id').execute())[0]!.id);
    const boss = await db.selectFrom('account').select('id').where('store_id', '=', 1001).limit(1).executeTakeFirstOrThrow();
    const ctx = {
      ids: [1, 2, 1001, admin.UID, dist, boss.id, ...alerts, ...hooks],
      // The console's idempotency keys are the client's own: any fresh text.
      key: () => randomUUID(),
      values: { kid: [1001, 1001, 2002], distributor_id: [dist], id: [dist, boss.id, ...alerts, ...hooks] },
    };

    /** One call's hostile requests, most with the admin's session, some with none or a crafted one. */
    const requests = (path: string, anonymous: boolean, schema: ReturnType<typeof inputSchema>) =>
      fc
        .record({
          who: fc.constantFrom<'admin' | 'fuzzed' | 'crafted'>('admin', 'admin', 'admin', 'admin', 'fuzzed', 'crafted'),
          fields: payload(schema, ctx),
          contentType: fc.constantFrom('text/plain', 'application/json', 'application/x-www-form-urlencoded'),
        })
        .chain((r) => {
          if (!anonymous && r.who === 'crafted') return craftedCredentials(admin).chain((credentials) => body({ ...r.fields, ...credentials }).map((bytes) => ({ ...r, path, bytes })));
          return body(!anonymous && r.who === 'admin' ? { ...r.fields, UID: admin.UID, TOKEN: admin.TOKEN } : r.fields).map((bytes) => ({ ...r, path, bytes }));
        });

    /** The admin signs in again with a recovery code (its TOTP code of this step is taken); a new admin if its second factor was reset. */
    const renew = async (a: ConsoleSession): Promise<ConsoleSession> => {
      const login = await s.call('/operator/login', { username: a.username, password: a.password });
      const code = a.recovery.pop();
      if (login.status === 0 && login.next === 'second_factor' && code) {
        const r = await s.call('/operator/secondFactor', { ticket: login.ticket, code });
        if (r.status === 0) return { ...a, UID: r.uid as number, TOKEN: r.token as string };
      }
      return consoleAccount(s, 'admin');
    };

    // Each call of the console map its own runs, so none is left out however few they are.
    const seen = new Map<string, number>();
    for (const [i, [path, call]] of Object.entries(CONSOLE_CALLS).entries()) {
      const anonymous: boolean = call.who.anonymous;
      await fc.assert(
        fc.asyncProperty(requests(path, anonymous, inputSchema(call.input)), async (r) => {
          // A fuzzed call may end the admin's session (logout, its own second factor reset): sign in again.
          if (stale) admin = await renew(admin);
          stale = false;
          const before = await consoleFingerprint(db);
          const { status, where } = await send(s, r);
          if (status !== 0) expect(await consoleFingerprint(db), `${where}: a refusal changed something`).toBe(before);
          // A broken body reads as no session (5): only a session really ended is renewed.
          if (status === 5 && !anonymous && r.who === 'admin') stale = (await s.call('/operator/me', { UID: admin.UID, TOKEN: admin.TOKEN })).status !== 0;
          seen.set(`${path} ${status}`, (seen.get(`${path} ${status}`) ?? 0) + 1);
        }),
        { numRuns: perCall, seed: SEED + 1000 * i + (dialect === 'sqlite' ? 2 : 3), endOnFailure: true },
      );
    }
    // The admin's requests got through to successful answers on several calls.
    const answered = [...seen.entries()].filter(([k]) => k.endsWith(' 0')).length;
    expect(answered).toBeGreaterThan(5);
    console.log(`${dialect} console: ${perCall} requests to each of ${Object.keys(CONSOLE_CALLS).length} calls (seed ${SEED}), ${seen.size} call/status pairs, ${answered} calls answered 0 at least once`);
    await s.verify();
  }, 120_000);
});
