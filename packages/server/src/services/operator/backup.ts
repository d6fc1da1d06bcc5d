import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { isPostgresUrl, openSqlite, sqliteFile } from '../../db/database.js';
import { migrationNames } from '../../db/migrate.js';
import { migrate } from '../../money/migrate.js';
import { verifyLedger } from '../../money/verify.js';
import { OperatorError } from './operator.service.js';
import { runningServer } from '../../ops/pidfile.js';

interface Place {
  dataDir: string;
  databaseUrl: string | undefined;
}

const PG_BACKUP = 'on PostgreSQL use pg_dump (README "Backup and restore"): pg_dump -Fc -f moneybox.dump "$DATABASE_URL"';
const PG_RESTORE = 'on PostgreSQL use pg_restore (README "Backup and restore"): pg_restore --clean --if-exists -d "$DATABASE_URL" moneybox.dump';

/** Tables every Moneybox database has had since the first release. */
const CORE_TABLES = ['kysely_migration', 'store', 'account', 'customer', 'shift', 'ledger'];

interface Inspection {
  migrations: string[];
  ledgerRows: number;
}

/**
 * Checks that `file` is a whole Moneybox SQLite database this release can run: a SQLite file,
 * intact (integrity_check), with the Moneybox tables, and no migration newer than this release's.
 */
export function inspectDatabase(file: string): Inspection {
  if (!fs.existsSync(file)) throw new OperatorError(`no file "${file}"`);
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    db.pragma('schema_version');
  } catch {
    throw new OperatorError(`"${file}" is not a SQLite database`);
  }
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new OperatorError(`"${file}" is damaged: ${String(integrity)}`);
    const tables = new Set((db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as Array<{ name: string }>).map((r) => r.name));
    const missing = CORE_TABLES.filter((t) => !tables.has(t));
    if (missing.length) throw new OperatorError(`"${file}" is not a Moneybox database (no ${missing.join(', ')} table)`);
    const migrations = (db.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as Array<{ name: string }>).map((r) => r.name);
    const newer = migrations.filter((n) => !migrationNames.includes(n));
    if (newer.length) throw new OperatorError(`"${file}" is from a newer release (migrations ${newer.join(', ')}); restore it with that release`);
    const ledgerRows = Number((db.prepare('SELECT count(*) AS n FROM ledger').get() as { n: number }).n);
    return { migrations, ledgerRows };
  } catch (err) {
    if (err instanceof OperatorError) throw err;
    throw new OperatorError(`"${file}" is not a Moneybox database: ${(err as Error).message}`);
  } finally {
    db.close();
  }
}

/** Copies the open database `src` into `dest` in one step: one read transaction, one consistent snapshot. */
async function copyDatabase(src: SQLite.Database, dest: string): Promise<void> {
  const tmp = `${dest}.partial-${process.pid}`;
  fs.rmSync(tmp, { force: true });
  try {
    // The first step only sizes the copy; the handler then asks for every page in ONE step, so the copy
    // is read in one transaction (WAL: a snapshot; writers carry on) and never restarted by a write.
    await src.backup(tmp, { progress: () => 0x7fffffff });
    // A self-contained file: no -wal beside it.
    const out = new SQLite(tmp);
    out.pragma('journal_mode = DELETE');
    out.close();
    fs.renameSync(tmp, dest);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/**
 * `admin backup <file>`: an online copy of the SQLite database (SQLite's backup API) while the server
 * runs and takes money; the copy is checked (integrity, Moneybox tables) before it is reported.
 */
export async function backupDatabase(place: Place, dest: string): Promise<string> {
  if (isPostgresUrl(place.databaseUrl)) throw new OperatorError(`backup copies the SQLite database; ${PG_BACKUP}`);
  const source = sqliteFile(place.dataDir);
  if (!fs.existsSync(source)) throw new OperatorError(`no database at ${source}`);
  const target = path.resolve(dest);
  if (target === path.resolve(source)) throw new OperatorError('the backup must go to another file than the database');
  if (!fs.existsSync(path.dirname(target))) throw new OperatorError(`no directory ${path.dirname(target)}`);
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await copyDatabase(db, target);
  } finally {
    db.close();
  }
  const i = inspectDatabase(target);
  return `Backup written to ${target}: ${i.ledgerRows} ledger rows, migrations up to ${i.migrations.at(-1)}.`;
}

/**
 * `admin restore <file>`: replaces the SQLite database with a checked backup, only while no server
 * runs on the data directory (its pid file names no live process). The database it replaces is kept
 * beside it as moneybox.sqlite.before-restore-<time>. The restored database is migrated to this
 * release and verified (every balance equals its ledger sum).
 */
export async function restoreDatabase(place: Place, file: string): Promise<{ lines: string[]; ok: boolean }> {
  if (isPostgresUrl(place.databaseUrl)) throw new OperatorError(`restore replaces the SQLite database; ${PG_RESTORE}`);
  const pid = runningServer(place.dataDir);
  if (pid !== undefined) throw new OperatorError(`a server (pid ${pid}) is running on ${place.dataDir}: stop it first (SIGTERM), then restore`);
  const source = path.resolve(file);
  const target = sqliteFile(place.dataDir);
  if (source === path.resolve(target)) throw new OperatorError('that file is the database itself');
  const inspected = inspectDatabase(source);

  fs.mkdirSync(place.dataDir, { recursive: true });
  const staged = `${target}.restoring`;
  const src = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await copyDatabase(src, staged);
  } finally {
    src.close();
  }
  const lines: string[] = [];
  if (fs.existsSync(target)) {
    const aside = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    // The main file with its WAL (a crashed server's last commits may be only there), as one database.
    for (const suffix of ['', '-wal', '-shm']) if (fs.existsSync(target + suffix)) fs.renameSync(target + suffix, aside + suffix);
    lines.push(`The database it replaces is kept as ${aside}.`);
  }
  fs.renameSync(staged, target);

  const handle = openSqlite(target);
  try {
    await migrate(handle);
    const diffs = await verifyLedger(handle.db);
    const from = inspected.migrations.at(-1);
    const to = migrationNames.at(-1);
    lines.unshift(`Restored ${source}: ${inspected.ledgerRows} ledger rows, ${from === to ? `already at this release's migrations (${to})` : `migrated from ${from} to ${to}`}.`);
    if (diffs.length === 0) lines.push('Ledger verified: every balance equals its ledger sum.');
    else lines.push(`Ledger NOT verified: ${diffs.length} balances differ (run "verify" for the list).`);
    return { lines, ok: diffs.length === 0 };
  } finally {
    await handle.close();
  }
}
