import { Status } from '@moneybox/contract';
/**
 * Crash safety (issue 12): the real server as its own process under 40 concurrent clients of
 * purchases, redeems, fills and bleeds is killed with SIGKILL mid-load, five times per database,
 * and restarted on the same data. After each restart every request is sent again with its own
 * key, and the ledger is held to the answers (testing/money-load.ts checkLedgerAgainstAnswers):
 * accepted means exactly one ledger row and "already recorded" (12) on the resend, refused means
 * nothing, a lost request applies once or not at all, and every balance equals its ledger sum.
 *
 * SQLite also gets a power-cut check each round: the database file and its WAL are copied at a
 * random instant during the load (WAL first: the copy is what a cut at that instant leaves, give
 * or take a checkpoint); the copy opens, passes an integrity check and verify, and holds every
 * purchase answered 0 before the copy began.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite, type DatabaseHandle, type Dialect } from '../packages/server/src/db/database.js';
import { migrate } from '../packages/server/src/money/migrate.js';
import { verifyLedger } from '../packages/server/src/money/verify.js';
import { freshDatabase } from '../packages/server/src/testing/databases.js';
import {
  checkLedgerAgainstAnswers,
  openCounters,
  randomSource,
  retryAll,
  runMoneyLoad,
  setupLoadStore,
  type SentRequest,
} from '../packages/server/src/testing/money-load.js';
import { startServerProcess, type ServerProcess } from '../packages/server/src/testing/server-process.js';
import { sampled } from './sample.js';

const KILLS = sampled(5, 1);
const CLIENTS = 40;
const KIOSK = 7301;
/** Requests accepted in a round before its kill, at least. */
const MIN_ACCEPTED = 40;
/** The load runs for a random time in this range before the kill. */
const LOAD_MS = [500, 1500] as const;
/** Limits for one address sized for a load test, not for people. */
const ENV = { KEY_IP_LIMIT: '100000000', LOGIN_IP_LIMIT: '100000', LOGIN_USER_LIMIT: '100000' };
const root = path.resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

interface CrashDatabase {
  handle: DatabaseHandle;
  env: { DATABASE_URL: string } | { DATA_DIR: string };
  /** SQLite: the data directory. */
  dir?: string;
  drop(): Promise<void>;
}

async function crashDatabase(dialect: Dialect): Promise<CrashDatabase> {
  if (dialect === 'postgres') {
    const d = await freshDatabase('postgres');
    return { handle: d.handle, env: { DATABASE_URL: d.url! }, drop: () => d.drop() };
  }
  // The server's own file name in its data directory, so the process opens this very file.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbx-crash-'));
  const handle = openSqlite(path.join(dir, 'moneybox.sqlite'));
  await migrate(handle);
  return {
    handle,
    env: { DATA_DIR: dir },
    dir,
    async drop() {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The power cut: the WAL, then the database file, copied as they are this instant. */
function copyLikePowerCut(dir: string, to: string) {
  fs.mkdirSync(to, { recursive: true });
  const wal = path.join(dir, 'moneybox.sqlite-wal');
  const walBytes = fs.existsSync(wal) ? fs.readFileSync(wal) : null;
  const dbBytes = fs.readFileSync(path.join(dir, 'moneybox.sqlite'));
  fs.writeFileSync(path.join(to, 'moneybox.sqlite'), dbBytes);
  if (walBytes) fs.writeFileSync(path.join(to, 'moneybox.sqlite-wal'), walBytes);
}

/** Opens the copy as SQLite would after the cut, checks it and returns the keys it holds. */
async function checkPowerCutCopy(to: string): Promise<Set<string>> {
  const handle = openSqlite(path.join(to, 'moneybox.sqlite'));
  try {
    const check = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(handle.db);
    expect(check.rows.map((r) => r.integrity_check)).toEqual(['ok']);
    expect(await verifyLedger(handle.db)).toEqual([]);
    const rows = await handle.db.selectFrom('ledger').select('key').where('store_id', '=', KIOSK).where('key', 'is not', null).execute();
    return new Set(rows.map((r) => r.key!));
  } finally {
    await handle.close();
  }
}

/** The operator's `npm run admin -- verify` on the same database, as a process of its own. */
async function operatorVerify(env: Record<string, string>) {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'packages/server/src/cli/main.ts', 'verify'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', ...env },
  });
  return stdout;
}

describe.each(['sqlite', 'postgres'] as const)('crash safety on %s', (dialect) => {
  let database: CrashDatabase | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill();
    await database?.drop();
  });

  it(`${KILLS} kills with SIGKILL under ${CLIENTS} clients: every accepted request in the ledger once, nothing twice, verify passes`, async () => {
    database = await crashDatabase(dialect);
    const store = await setupLoadStore(database.handle.db, { kiosk: KIOSK, drawers: 8, customers: 24 });
    server = await startServerProcess(database.env, ENV);
    const counters = await openCounters(server.url, store);
    const random = randomSource(dialect === 'sqlite' ? 11 : 29);
    const all: SentRequest[] = [];

    for (let round = 1; round <= KILLS; round++) {
      const loadMs = LOAD_MS[0] + Math.floor(random() * (LOAD_MS[1] - LOAD_MS[0]));
      let stop!: () => void;
      const until = new Promise<void>((r) => (stop = r));
      const sent: SentRequest[] = [];
      const load = runMoneyLoad({ bases: [server.url], counters, customerIds: store.customerIds, clients: CLIENTS, seed: round + (dialect === 'sqlite' ? 0 : 100), until, sent });

      let cut: { at: number; to: string } | undefined;
      if (database.dir) {
        const cutMs = 100 + Math.floor(random() * (loadMs - 150));
        await sleep(cutMs);
        const to = path.join(database.dir, `cut-${round}`);
        cut = { at: performance.now(), to };
        copyLikePowerCut(database.dir, to);
        await sleep(loadMs - cutMs);
      } else {
        await sleep(loadMs);
      }
      // A cold process (first round) answers slowly at first: the kill waits for a real load.
      while (sent.filter((s) => s.status === 0).length < MIN_ACCEPTED) await sleep(20);
      await server.kill();
      stop();
      await load;

      server = await startServerProcess(database.env, ENV);
      await retryAll([server.url], sent);
      expect(await checkLedgerAgainstAnswers(database.handle.db, KIOSK, [...all, ...sent])).toEqual([]);
      all.push(...sent);
      const accepted = sent.filter((s) => s.status === 0);
      const lost = sent.filter((s) => s.status === null);
      console.log(
        `${dialect} kill ${round} after ${loadMs} ms: ${sent.length} sent, ${accepted.length} accepted, ${lost.length} lost in flight ` +
          `(${lost.filter((s) => s.retry === 12).length} had been applied, ${lost.filter((s) => s.retry === 0).length} applied by the resend)`,
      );
      expect(accepted.length, `round ${round}: accepted requests before the kill`).toBeGreaterThanOrEqual(MIN_ACCEPTED);

      if (cut) {
        const keys = await checkPowerCutCopy(cut.to);
        const answeredBefore = sent.filter((s) => s.status === 0 && s.answeredAt! < cut.at);
        expect(answeredBefore.filter((s) => !keys.has(s.key)).map((s) => s.key), 'answered 0 before the copy, missing from it').toEqual([]);
      }
    }
    // The kills hit requests in flight: some were never answered (and were settled by the resend).
    expect(all.filter((s) => s.status === null).length).toBeGreaterThan(0);

    await server.stop();
    server = undefined;
    expect(await operatorVerify(database.env)).toContain('Ledger verified');
  }, 240_000);
});

/** The check the crash rounds rely on must itself catch each way the books could disagree with the answers. */
describe('the ledger-against-answers check', () => {
  it('finds an accepted request missing, a refused one applied, a row nobody asked for and a balance off its ledger', async () => {
    const database = await crashDatabase('sqlite');
    try {
      const { db } = database.handle;
      const store = await setupLoadStore(db, { kiosk: KIOSK, drawers: 1, customers: 1 });
      const server = await startServerProcess(database.env, ENV);
      let sent: SentRequest[];
      try {
        const counters = await openCounters(server.url, store);
        sent = await runMoneyLoad({ bases: [server.url], counters, customerIds: store.customerIds, clients: 4, seed: 1, until: sleep(300) });
        await retryAll([server.url], sent);
      } finally {
        await server.stop();
      }
      expect(await checkLedgerAgainstAnswers(db, KIOSK, sent)).toEqual([]);
      const accepted = sent.find((s) => s.status === 0)!;
      // An accepted request whose row is gone (as if answered before COMMIT)...
      const missing = await checkLedgerAgainstAnswers(db, KIOSK, sent.map((s) => (s === accepted ? { ...s, key: 'never-written-key' } : s)));
      expect(missing.some((p) => p.includes('never-written-key') && p.includes('0 ledger rows'))).toBe(true);
      expect(missing.some((p) => p.includes(accepted.key) && p.includes('no accepted request explains'))).toBe(true);
      // ...an answer of refusal for a request that was applied...
      const refused = await checkLedgerAgainstAnswers(db, KIOSK, sent.map((s) => (s === accepted ? { ...s, status: Status.DRAWER_BALANCE_ERROR, retry: 38 } : s)));
      expect(refused.some((p) => p.includes('not accepted, yet 1 ledger row'))).toBe(true);
      // ...and a cached balance that no longer equals its ledger sum.
      await db.updateTable('customer').set((eb) => ({ entries_cents: eb('entries_cents', '+', 1) })).where('id', '=', store.customerIds[0]!).execute();
      expect((await checkLedgerAgainstAnswers(db, KIOSK, sent)).some((p) => p.startsWith('verify:'))).toBe(true);
    } finally {
      await database.drop();
    }
  }, 60_000);
});
