/**
 * Fuzzing (issue 12): fast-check sends hostile payloads to EVERY registered call (http/api/index.ts
 * allCalls), generated from the call's contract schema (testing/hostile.ts): fields plausible,
 * of the wrong type, missing or extra; huge and fractional numbers; long and odd Unicode; invalid
 * UTF-8; prototype-pollution keys; deep nesting. Most carry a valid session (a boss and a cashier
 * at their drawers, renewed when a fuzzed call ends them) and a fresh one-time key where the call
 * takes one, so they reach the business rules. Every reply: no HTTP 5xx, a JSON object with a
 * numeric status, never 14 (an internal error), no stack or internal text; and a refused request
 * changes nothing in the ledger, the balances or the one-time keys (compared before and after).
 *
 * FUZZ_RUNS (default 10,000) is split over the two databases; FUZZ_SEED repeats a run.
 */
import fc from 'fast-check';
import { SaType } from '@moneybox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls } from '../packages/server/src/http/api/index.js';
import type { Db } from '../packages/server/src/db/database.js';
import { openCounter } from '../packages/server/src/testing/customer-kit.js';
import { body, craftedCredentials, inputSchema, payload } from '../packages/server/src/testing/hostile.js';
import { fingerprint } from '../packages/server/src/testing/money-load.js';
import { startTestServer, type TestServer } from '../packages/server/src/testing/server.js';
import { randomBytes } from 'node:crypto';

const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
const RUNS = int(process.env.FUZZ_RUNS, 10_000);
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

describe.each(['sqlite', 'postgres'] as const)('fuzzing every call on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(dialect, { keyIpLimit: 1e9, loginIpLimit: 1e9, loginUserLimit: 1e9 });
  });
  afterAll(async () => {
    await s?.close();
  });

  it(`${Math.round(RUNS * SHARE[dialect])} hostile requests: no 5xx, a numeric status, no internals, no change from a refusal`, async () => {
    const runs = Math.round(RUNS * SHARE[dialect]);
    const { db } = s.handle;
    const sessions = { boss: await openCounter(s, 1000, { saType: SaType.BOSS }), cashier: await openCounter(s, 1000) };
    const stale = new Set<keyof typeof sessions>();
    const customers = await db.selectFrom('customer').select('id').limit(20).execute();
    const ids = [1, 2, 3, 1001, sessions.boss.UID, sessions.cashier.UID, ...customers.map((c) => c.id)];
    const keys = await insertKeys(db, runs);
    const ctx = { ids, key: () => keys.pop() };

    const calls = allCalls.map((def) => ({ def, schema: inputSchema(def.input) }));
    const request = fc
      .constantFrom(...calls)
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
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        // A fuzzed call may end the session it came with (logout, disable...): renew it.
        for (const who of stale) sessions[who] = await openCounter(s, 1000, { saType: who === 'boss' ? SaType.BOSS : SaType.CASHIER });
        stale.clear();
        const before = await fingerprint(db);
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
        expect(INTERNAL.test(JSON.stringify(reply, withoutRandomValues)), `${where}: internal text`).toBe(false);
        if (status !== 0) expect(await fingerprint(db), `${where}: a refusal changed the books`).toBe(before);
        if (status === 5 && (r.who === 'boss' || r.who === 'cashier')) stale.add(r.who);
        seen.set(`${r.path} ${status}`, (seen.get(`${r.path} ${status}`) ?? 0) + 1);
      }),
      { numRuns: runs, seed: SEED + (dialect === 'sqlite' ? 0 : 1), endOnFailure: true },
    );
    // Every call was reached, and some requests got through to a successful answer.
    const reached = new Set([...seen.keys()].map((k) => k.split(' ')[0]));
    expect(allCalls.filter((c) => !reached.has(c.path)).map((c) => c.path)).toEqual([]);
    expect([...seen.entries()].filter(([k]) => k.endsWith(' 0')).length).toBeGreaterThan(10);
    console.log(`${dialect}: ${runs} requests (seed ${SEED}), ${seen.size} call/status pairs, ${[...seen.entries()].filter(([k]) => k.endsWith(' 0')).length} calls answered 0 at least once`);
    await s.verify();
  }, 300_000);
});
