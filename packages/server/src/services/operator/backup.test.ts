import { Status } from '@moneybox/contract';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../db/database.js';
import { DEMO_KIOSK, DEMO_LOGINS } from '../../cli/seed/seed.js';
import { verifyLedger } from '../../money/verify.js';
import { OperatorError } from './operator.service.js';
import { startServerProcess } from '../../testing/server-process.js';
import { runAdmin, serverWithCounter } from '../../testing/ops-kit.js';
import { backupDatabase, inspectDatabase, restoreDatabase } from './backup.js';

const purchases = (file: string) => {
  const db = new SQLite(file, { readonly: true });
  try {
    return Number((db.prepare(`SELECT count(*) AS n FROM ledger WHERE kind = 'purchase'`).get() as { n: number }).n);
  } finally {
    db.close();
  }
};

describe('SQLite backup while the server takes money, and restore with the server stopped', { timeout: 120_000 }, () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mbx-backup-'));
  const dataDir = path.join(work, 'data');
  const backupFile = path.join(work, 'moneybox-backup.sqlite');
  let s: Awaited<ReturnType<typeof serverWithCounter>>;

  beforeAll(async () => {
    s = await serverWithCounter('sqlite', {}, dataDir);
    // The load below runs for as long as the backup takes (longer on a busy machine): without
    // purchase limits it never meets the demo store's hourly limit (35), which is not under test here.
    const handle = s.open();
    try {
      await handle.db.updateTable('store').set({ limit_hourly_cents: 0, limit_daily_cents: 0, limit_weekly_cents: 0 }).execute();
    } finally {
      await handle.close();
    }
  });
  afterAll(async () => {
    await s?.cleanup();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('backup during a load of purchases: exit 0, a whole, verified copy of a moment of the load', async () => {
    let stop = false;
    let answered = 0;
    // Eight counters' worth of concurrent purchases, until told to stop.
    const workers = Array.from({ length: 8 }, async () => {
      while (!stop) {
        const r = await s.call('/customer/purchase', { ...s.session, id: s.customerId, amount: 1, key: await s.key() });
        expect(r.status).toBe(Status.OK);
        answered++;
      }
    });
    while (answered < 40) await new Promise((r) => setTimeout(r, 20));
    const before = answered;
    const r = await runAdmin(['backup', backupFile], { DATA_DIR: dataDir });
    const during = answered;
    await new Promise((r) => setTimeout(r, 200));
    stop = true;
    await Promise.all(workers);

    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Backup written to .*moneybox-backup\.sqlite: \d+ ledger rows, migrations up to \d{3}_/);
    expect(during).toBeGreaterThan(before); // the server kept answering while the copy ran
    expect(fs.existsSync(`${backupFile}-wal`)).toBe(false);
    const inBackup = purchases(backupFile);
    expect(inBackup).toBeGreaterThanOrEqual(before);
    expect(inBackup).toBeLessThanOrEqual(answered);
    const copy = openSqlite(backupFile);
    try {
      expect(await verifyLedger(copy.db)).toEqual([]);
    } finally {
      await copy.close();
    }
    expect(answered).toBeGreaterThan(inBackup); // money moved after the snapshot
  });

  it('restore is refused while the server runs on the data directory', async () => {
    const r = await runAdmin(['restore', backupFile], { DATA_DIR: dataDir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^Refused: a server \\(pid ${s.server.pid}\\) is running on .*: stop it first`));
  });

  it('with the server stopped: restore puts the backup back, migrates and verifies; verify passes; the server starts on it', async () => {
    await s.server.stop();
    const live = purchases(path.join(dataDir, 'moneybox.sqlite'));
    const inBackup = purchases(backupFile);
    expect(live).toBeGreaterThan(inBackup);

    const r = await runAdmin(['restore', backupFile], { DATA_DIR: dataDir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Ledger verified: every balance equals its ledger sum.');
    expect(r.stdout).toMatch(/kept as .*moneybox\.sqlite\.before-restore-/);
    expect(purchases(path.join(dataDir, 'moneybox.sqlite'))).toBe(inBackup);
    // The database it replaced is kept whole.
    const aside = fs.readdirSync(dataDir).find((f) => /^moneybox\.sqlite\.before-restore-[^-]+.*\d{3}Z$/.test(f))!;
    expect(purchases(path.join(dataDir, aside))).toBe(live);

    const v = await runAdmin(['verify'], { DATA_DIR: dataDir });
    expect(v.code).toBe(0);
    expect(v.stdout).toContain('Ledger verified');

    const again = await startServerProcess({ DATA_DIR: dataDir });
    try {
      const res = await fetch(`${again.url}/API/user/posLogin`, { method: 'POST', body: JSON.stringify({ mode: 'pos', ...DEMO_LOGINS.cashier, kiosk_id: DEMO_KIOSK }) });
      expect(((await res.json()) as { status: number }).status).toBe(Status.OK);
    } finally {
      await again.stop();
    }
  });

  it('restore refuses a file that is not SQLite, not Moneybox, damaged or from a newer release; nothing is touched', async () => {
    const place = { dataDir, databaseUrl: undefined };
    const db = path.join(dataDir, 'moneybox.sqlite');
    const before = fs.readFileSync(db);
    const refused = async (file: string, why: RegExp) => {
      const err = await restoreDatabase(place, file).then(() => undefined, (e: unknown) => e);
      expect(err).toBeInstanceOf(OperatorError);
      expect((err as Error).message).toMatch(why);
    };
    const text = path.join(work, 'notes.txt');
    fs.writeFileSync(text, 'not a database at all, just some words to fill more than a header\n'.repeat(20));
    await refused(text, /is not a SQLite database/);
    await refused(path.join(work, 'missing.sqlite'), /no file/);

    const other = path.join(work, 'other.sqlite');
    const o = new SQLite(other);
    o.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)');
    o.close();
    await refused(other, /is not a Moneybox database \(no kysely_migration, store, account, customer, shift, ledger table\)/);

    const newer = path.join(work, 'newer.sqlite');
    fs.copyFileSync(backupFile, newer);
    const n = new SQLite(newer);
    n.prepare('INSERT INTO kysely_migration (name, timestamp) VALUES (?, ?)').run('999_future', new Date().toISOString());
    n.close();
    await refused(newer, /is from a newer release \(migrations 999_future\)/);

    const damaged = path.join(work, 'damaged.sqlite');
    const bytes = fs.readFileSync(backupFile);
    bytes.fill(0x5a, 4096 * 3, 4096 * 6); // three pages of garbage in the middle
    fs.writeFileSync(damaged, bytes);
    await refused(damaged, /damaged|not a Moneybox database|not a SQLite database/);

    expect(fs.readFileSync(db).equals(before)).toBe(true);
    expect(inspectDatabase(backupFile).migrations.length).toBeGreaterThan(0);
  });

  it('restores a backup of the first release: migrated to this release and verified', async () => {
    // A copy: opening the stored fixture itself would leave -wal and -shm files beside it.
    const fixture = path.join(work, 'first-release.sqlite');
    fs.copyFileSync(path.resolve(import.meta.dirname, '../../testing/fixtures/first-release.sqlite'), fixture);
    const r = await restoreDatabase({ dataDir, databaseUrl: undefined }, fixture);
    expect(r.ok).toBe(true);
    expect(r.lines[0]).toMatch(/ledger rows, migrated from 002_money_path to \d{3}_/);
    expect(r.lines).toContain('Ledger verified: every balance equals its ledger sum.');
    expect(purchases(path.join(dataDir, 'moneybox.sqlite'))).toBe(purchases(fixture));
  });

  it('on PostgreSQL both commands refuse and name pg_dump / pg_restore', async () => {
    const place = { dataDir, databaseUrl: 'postgres://postgres@127.0.0.1:5432/test' };
    await expect(backupDatabase(place, backupFile)).rejects.toThrow(/pg_dump -Fc/);
    await expect(restoreDatabase(place, backupFile)).rejects.toThrow(/pg_restore --clean/);
  });
});
