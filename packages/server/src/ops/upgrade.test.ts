import { Status } from '@moneybox/contract';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres, openSqlite, type DatabaseHandle, type Dialect, type Db } from '../db/database.js';
import { migrationNames } from '../db/migrate.js';
import { migrate } from '../money/migrate.js';
import { DEMO_KIOSK, DEMO_LOGINS } from '../cli/seed/seed.js';
import { buildApp } from '../app.js';
import { verifyLedger } from '../money/verify.js';
import { settingsFromEnv } from '../settings.js';
import { TEST_PG_URL, dialects } from '../testing/databases.js';
import { readiness } from './health.js';

/**
 * The upgrade fixtures: databases written by the first release (commit 7661a99, migrations 001 and
 * 002: its own migrate, demo seed and money moved through its HTTP API; rebuilt by
 * testing/fixtures/build-first-release.sh). This release must migrate them with every cent intact.
 */
const FIXTURES = path.resolve(import.meta.dirname, '../testing/fixtures');

async function firstReleaseDatabase(dialect: Dialect): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbx-upgrade-'));
    fs.copyFileSync(path.join(FIXTURES, 'first-release.sqlite'), path.join(dir, 'moneybox.sqlite'));
    const handle = openSqlite(path.join(dir, 'moneybox.sqlite'));
    return { handle, drop: async () => { await handle.close(); fs.rmSync(dir, { recursive: true, force: true }); } };
  }
  const name = `mbx_up_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  // The plain dump (INSERTs, psql meta-commands stripped) replayed on its own connection.
  const loader = new pg.Client({ connectionString: url.toString() });
  await loader.connect();
  await loader.query(fs.readFileSync(path.join(FIXTURES, 'first-release.pg.sql'), 'utf8'));
  await loader.end();
  const handle = openPostgres(url.toString(), 4);
  return {
    handle,
    drop: async () => {
      await handle.close();
      const a = new pg.Client({ connectionString: TEST_PG_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** Every number a user could see: balances, shift totals, the ledger, in a comparable form. */
async function money(db: Db) {
  const n = (v: unknown) => Number(v);
  const stores = await db.selectFrom('store').select(['id', 'credit_cents', 'comps_budget_cents']).orderBy('id').execute();
  const customers = await db.selectFrom('customer').select(['id', 'mobile_id', 'entries_cents', 'winnings_cents']).orderBy('id').execute();
  const shifts = await db.selectFrom('shift').select(['id', 'account_id', 'balance_cents', 'ended_at']).orderBy('id').execute();
  const ledger = await db.selectFrom('ledger').select(['id', 'kind', 'amount_cents', 'd_drawer_cents', 'd_entries_cents', 'd_winnings_cents', 'd_credit_cents', 'd_budget_cents', 'key']).orderBy('id').execute();
  const accounts = await db.selectFrom('account').select(['id', 'username', 'password_hash']).orderBy('id').execute();
  return {
    stores: stores.map((r) => [n(r.id), n(r.credit_cents), n(r.comps_budget_cents)]),
    customers: customers.map((r) => [n(r.id), r.mobile_id, n(r.entries_cents), n(r.winnings_cents)]),
    shifts: shifts.map((r) => [n(r.id), n(r.account_id), n(r.balance_cents), r.ended_at]),
    ledger: ledger.map((r) => [n(r.id), r.kind, n(r.amount_cents), n(r.d_drawer_cents), n(r.d_entries_cents), n(r.d_winnings_cents), n(r.d_credit_cents), n(r.d_budget_cents), r.key]),
    accounts: accounts.map((r) => [n(r.id), r.username, r.password_hash]),
  };
}

describe.each(dialects)('a first-release database on %s migrates to this release with its data intact', (dialect) => {
  it('migrates 001+002 to the current migrations; every balance, shift, ledger row and login survives', { timeout: 60_000 }, async () => {
    const { handle, drop } = await firstReleaseDatabase(dialect);
    try {
      const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(handle.db);
      expect(applied.rows.map((r) => r.name)).toEqual(['001_initial', '002_money_path']);
      expect(await readiness(handle)).toMatchObject({ ok: false, error: expect.stringMatching(/^migrations pending: 003_/) });

      const before = await money(handle.db);
      // What the build script moved: a shift with init, fill and bleed, two customers with purchases and comps.
      expect(before.ledger.map((r) => r[1])).toEqual(expect.arrayContaining(['init', 'fill', 'bleed', 'purchase', 'special_comps']));
      expect(before.customers.filter((c) => c[2] === 5750)).toHaveLength(2);

      await migrate(handle);
      const after = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(handle.db);
      expect(after.rows.map((r) => r.name)).toEqual([...migrationNames].sort());
      expect(await readiness(handle)).toEqual({ ok: true });
      expect(await money(handle.db)).toEqual(before);
      expect(await verifyLedger(handle.db)).toEqual([]);

      // Logins of the first release work, and money moves on the upgraded database.
      const app = await buildApp({ handle, settings: settingsFromEnv({}) }, { logger: false });
      try {
        const call = async (p: string, body: Record<string, unknown>) => (await app.inject({ method: 'POST', url: `/API${p}`, payload: JSON.stringify(body), headers: { 'content-type': 'text/plain' } })).json() as Record<string, unknown>;
        const boss = await call('/user/posLogin', { mode: 'viewer', ...DEMO_LOGINS.boss, kiosk_id: DEMO_KIOSK });
        expect(boss.status).toBe(Status.OK);
        const cashier = await call('/user/posLogin', { mode: 'pos', ...DEMO_LOGINS.cashier, kiosk_id: DEMO_KIOSK });
        expect(cashier.status).toBe(Status.OK);
        const s = { UID: cashier.uid, TOKEN: cashier.token };
        // The cashier's shift of the first release is still open on drawer 1.
        expect((await call('/user/chooseDrawer', { ...s, moneybox: 1 })).status).toBe(Status.OK);
        const customer = before.customers.find((c) => c[2] === 5750)!;
        // A first-release customer has no birthday: the store's minimum age needs one before a purchase, filled in at the counter.
        expect(await call('/customer/purchase', { ...s, id: customer[0], amount: 10, key: (await call('/config/key', {})).key })).toMatchObject({ status: Status.CUSTOMER_ERROR, reason: 'birthday' });
        expect((await call('/customer/update', { ...s, id: customer[0], birthday: '1970-01-01' })).status).toBe(Status.OK);
        const key = (await call('/config/key', {})).key;
        const bought = await call('/customer/purchase', { ...s, id: customer[0], amount: 10, key });
        expect(bought.status).toBe(Status.OK);
        expect(bought.entries).toBe(67.5);
        expect(await verifyLedger(handle.db)).toEqual([]);
      } finally {
        await app.close();
      }
    } finally {
      await drop();
    }
  });
});
