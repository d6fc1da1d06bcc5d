import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type CompiledQuery, type DatabaseConnection, SqliteAdapter, SqliteDialect, type DialectAdapter, type Driver, type QueryResult, type RawBuilder, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { boundedClientClass, serverBounds, type DatabaseBounds } from './pg-bounds.js';
import { failoverClientClass, parsePgTarget, PrimaryFinder } from './pg-hosts.js';
import type { Database } from './schema.js';
import { SAFETY_NET_PAGES, WalCheckpointer } from './wal-checkpointer.js';
import { WalSync } from './wal-sync.js';
import { MAIN_THREAD, WriteLock } from './write-lock.js';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
  /** PostgreSQL's pool, for what needs a connection of its own (LISTEN in bus/server-bus.ts). */
  pgPool?: pg.Pool;
  /** SQLite on a file: the WAL's fsync, which the group commit (money/money-transaction.ts) awaits itself. */
  sqliteWal?: SqliteDurability;
  /** SQLite on a file: the WAL's checkpoints, run by a worker thread (db/wal-checkpointer.ts). */
  sqliteCheckpointer?: WalCheckpointer;
  /** SQLite on a file: the file, and the writer's lock every connection to it in this process takes (db/write-lock.ts). */
  sqliteFile?: { path: string; writeLock: SharedArrayBuffer };
  /** How long a call waits on this database (db/pg-bounds.ts); absent: unbounded (the CLI, the migrations, the tests' own handles). */
  bounds?: DatabaseBounds;
}

/** A second connection to a SQLite file in another thread of this process (money/money-worker.ts). */
export interface SqliteThreadOptions {
  /** The lock of the first connection's handle (`sqliteFile.writeLock`). */
  writeLock: SharedArrayBuffer;
  thread: number;
}

/**
 * SQLite's commits on a file reach the disk through db/wal-sync.ts: every Kysely commit and every
 * write outside a transaction waits for the WAL's fsync before its caller goes on. The group commit
 * instead marks its transaction (inside it, so the mark is its own) and awaits `sync()` after the
 * connection is free, so the next batch runs while this one's fsync is in flight.
 */
export interface SqliteDurability {
  /** Inside a transaction: its COMMIT does not wait for the fsync; the caller awaits `sync()` itself. */
  commitWithoutWaiting(): void;
  sync(): Promise<void>;
}

// BIGINT and COUNT() come back from pg as strings; every value we store fits in 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/** SQLite's wait for another connection's lock (the admin CLI writing beside the server) when no bound is given. */
const SQLITE_BUSY_MS = 5000;

export function openSqlite(file: string, other?: SqliteThreadOptions, bounds?: DatabaseBounds): DatabaseHandle {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // Money must survive a power cut: every commit reaches the disk before its caller goes on. On a
  // file SQLite writes the WAL and WalSync fsyncs it off the event loop (db/wal-sync.ts); in memory
  // there is no disk.
  const wal = file === ':memory:' ? undefined : new WalSync(`${file}-wal`);
  sqlite.pragma(`synchronous = ${wal ? 'NORMAL' : 'FULL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${bounds?.lockMs || SQLITE_BUSY_MS}`);
  const statements = withStatementCache(sqlite);
  // The WAL's checkpoints off the event loop, in a worker (db/wal-checkpointer.ts), once the WAL has
  // grown; a connection of another thread leaves them to the first one's checkpointer, with the same net.
  const checkpointer = wal && !other ? new WalCheckpointer(file, sqlite) : undefined;
  if (wal && other) sqlite.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
  const durability = wal ? walDurability(wal, () => checkpointer?.afterCommit()) : undefined;
  const writeLock = wal ? (other?.writeLock ?? WriteLock.memory()) : undefined;
  const writer = writeLock ? new WriteLock(writeLock, other?.thread ?? MAIN_THREAD) : undefined;
  const db = new Kysely<Database>({ dialect: new AtomicSqliteDialect({ database: statements }, durability && writer ? { ...durability, writer, sqlite, statements } : undefined) });
  const close = async () => {
    // The worker's connection first: the main one is then the last to close, which checkpoints
    // everything and removes the -wal file, as before.
    await checkpointer?.close();
    await db.destroy();
    await wal?.close();
  };
  return {
    db,
    dialect: 'sqlite',
    close,
    ...(durability ? { sqliteWal: durability.api } : {}),
    ...(checkpointer ? { sqliteCheckpointer: checkpointer } : {}),
    ...(writeLock ? { sqliteFile: { path: file, writeLock } } : {}),
    ...(bounds ? { bounds } : {}),
  };
}

function durableStatements(connection: DatabaseConnection, durability: FileDurability): DatabaseConnection {
  const { sqlite, statements, writer } = durability;
  return {
    streamQuery: connection.streamQuery.bind(connection),
    async executeQuery<R>(compiled: CompiledQuery) {
      // A write outside a transaction commits by itself: it takes the writer's lock for its statement.
      // (The statement is prepared once and cached: its `readonly` is SQLite's own answer.)
      const alone = !sqlite.inTransaction && !(statements.prepare(compiled.sql) as SQLite.Statement).readonly;
      if (alone) await writer.acquire();
      let r: QueryResult<R>;
      try {
        r = await connection.executeQuery<R>(compiled);
      } finally {
        if (alone) writer.release();
      }
      if (alone) await durability.afterWriteAlone();
      return r;
    },
  };
}

/** A file's durability and its writer's lock, as the driver uses them. */
interface FileDurability extends DriverDurability {
  writer: WriteLock;
  sqlite: SQLite.Database;
  statements: SqliteDatabase;
}

/** What the driver asks of the WAL's fsync (see SqliteDurability). */
interface DriverDurability {
  api: SqliteDurability;
  /** After a COMMIT: waits for the fsync unless the transaction asked not to. */
  afterCommit(): Promise<void>;
  afterRollback(): void;
  /** After a write outside any transaction, which committed by itself: waits for the fsync. */
  afterWriteAlone(): Promise<void>;
}

function walDurability(wal: WalSync, committed: () => void): DriverDurability {
  let skipNextWait = false;
  return {
    api: {
      commitWithoutWaiting: () => void (skipNextWait = true),
      sync: () => wal.sync(),
    },
    afterCommit() {
      committed();
      if (!skipNextWait) return wal.sync();
      skipNextWait = false;
      return Promise.resolve();
    },
    afterRollback() {
      skipNextWait = false;
    },
    afterWriteAlone() {
      committed();
      return wal.sync();
    },
  };
}

/** SQLite's answer to a ROLLBACK when it has already rolled the transaction back itself. */
function isNoTransactionActive(err: unknown): boolean {
  return err instanceof Error && /no transaction is active/.test(err.message);
}

/** SQLite's DDL is transactional, though Kysely's adapter does not say so. */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * Kysely's SQLite dialect, with two changes:
 * - The migrations run in one transaction, as on PostgreSQL: a kill during the first start leaves
 *   all of them or none, never half a schema the next start cannot migrate (issue 25).
 * - On some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM) SQLite rolls the whole transaction back
 *   itself; Kysely's ROLLBACK then failed with "cannot rollback - no transaction is active", and that
 *   error replaced the real cause in the log (a full disk showed as a rollback problem). A ROLLBACK
 *   with no transaction left to undo has nothing to do: the caller gets the original error.
 */
class AtomicSqliteDialect extends SqliteDialect {
  constructor(
    config: ConstructorParameters<typeof SqliteDialect>[0],
    private readonly durability?: FileDurability,
  ) {
    super(config);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const durability = this.durability;
    const rollback = driver.rollbackTransaction.bind(driver);
    // On a file every transaction holds the writer's lock from its BEGIN to its COMMIT or ROLLBACK (db/write-lock.ts).
    let holding = false;
    const letGo = () => {
      if (holding) durability?.writer.release();
      holding = false;
    };
    driver.rollbackTransaction = async (connection) => {
      durability?.afterRollback();
      try {
        await rollback(connection);
      } catch (err) {
        if (!isNoTransactionActive(err)) throw err;
      } finally {
        letGo();
      }
    };
    if (!durability) return driver;
    const begin = driver.beginTransaction.bind(driver);
    driver.beginTransaction = async (connection, settings) => {
      await durability.writer.acquire();
      holding = true;
      try {
        await begin(connection, settings);
      } catch (err) {
        letGo();
        throw err;
      }
    };
    const commit = driver.commitTransaction.bind(driver);
    driver.commitTransaction = async (connection) => {
      // A failed COMMIT is rolled back by Kysely next, which lets the lock go.
      await commit(connection);
      letGo();
      await durability.afterCommit();
    };
    // One connection on SQLite: wrapped once, so its statements outside a transaction wait for the fsync.
    const acquire = driver.acquireConnection.bind(driver);
    const wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
    driver.acquireConnection = async () => {
      const connection = await acquire();
      let w = wrapped.get(connection);
      if (!w) wrapped.set(connection, (w = durableStatements(connection, durability)));
      return w;
    };
    return driver;
  }
}

/** Distinct SQL texts kept prepared; the app has a few hundred, bulk inserts add one per row count. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely's SQLite driver prepares every query anew, and SQLite's prepare (parsing and planning
 * the SQL) cost more CPU than running the statement on the purchase path. Prepared statements are
 * kept by SQL text and reused: safe because better-sqlite3 runs each one to completion
 * synchronously on the one connection (Kysely holds the connection while it streams a select).
 * Oldest-first eviction bounds the cache.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(text: string) {
      let stmt = cache.get(text);
      if (!stmt) {
        stmt = sqlite.prepare(text);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(text, stmt);
      }
      return stmt;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}

export function openPostgres(url: string, max = 20, bounds?: DatabaseBounds): DatabaseHandle {
  // Connections once opened are kept (min = max): pg's default closes them after 10 s idle, and
  // the next burst then waited for new backends that plan every statement and compile the money
  // functions again (a 250 ms stall at 1,300 purchases/s; docs/DECISIONS.md "Pool keeps its connections").
  // Several hosts (a primary and its standby, docs/ops/standby.md): each new connection goes to the
  // read-write one, found again after a failover (db/pg-hosts.ts).
  const target = parsePgTarget(url);
  // With bounds (the server's, db/pg-bounds.ts): a call waits at most `acquireMs` for a connection, the
  // database cancels a statement or lock wait past its bound, and a connection that does not answer at
  // all is dropped.
  const Base = target.readWrite ? failoverClientClass(new PrimaryFinder(target)) : pg.Client;
  const Client = bounds ? boundedClientClass(Base, bounds) : Base;
  const pool = new pg.Pool({
    connectionString: target.url,
    max,
    min: max,
    ...(Client !== pg.Client ? { Client } : {}),
    ...(bounds ? { ...serverBounds(bounds), ...(bounds.acquireMs > 0 ? { connectionTimeoutMillis: bounds.acquireMs } : {}) } : {}),
  });
  // A connection the database ends (a restart, a failover, pg_terminate_backend, a network blip)
  // must never end the process. pg emits 'error' on the client; the pool listens only while the
  // client is idle, so every client gets a listener of its own for while it is checked out (a
  // transaction, the LISTEN connection). The query in flight fails with the error itself (its call
  // answers 14), and the pool drops the dead client when it is released and opens a new one.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy(), pgPool: pool, ...(bounds ? { bounds } : {}) };
}

/** The SQLite file of a data directory (admin backup and restore work on it too). */
export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, 'moneybox.sqlite');
}

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

/** The database of the settings; `bounds`: the server's waits on it (the CLI and the migrations go without). */
export function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string }, bounds?: DatabaseBounds): DatabaseHandle {
  if (isPostgresUrl(opts.databaseUrl)) return openPostgres(opts.databaseUrl, 20, bounds);
  return openSqlite(sqliteFile(opts.dataDir), undefined, bounds);
}

/** Runs `fn` in a transaction, joining the caller's when `db` already is one (an audited change). */
export function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

/** Names of the prepared statements, by SQL text (a few per money path variant). */
const statementNames = new Map<string, string>();

/**
 * Runs one of the money path's hottest statements. On PostgreSQL outside a transaction it goes
 * straight to the pool as a NAMED statement: each connection parses and plans it once, instead of
 * every call (Kysely sends unnamed statements, and on the 2-core machine planning the counter's
 * read cost the database as much as running it). Inside a transaction, and on SQLite (whose
 * statements are cached by text, see withStatementCache), it runs through Kysely as usual.
 */
export async function runPrepared<R>(handle: DatabaseHandle, db: Db, query: RawBuilder<R>): Promise<QueryResult<R>> {
  const compiled = query.compile(db);
  if (handle.dialect !== 'postgres' || !handle.pgPool || db.isTransaction) return db.executeQuery(compiled);
  let name = statementNames.get(compiled.sql);
  if (!name) statementNames.set(compiled.sql, (name = `mbx${statementNames.size + 1}`));
  const r = await handle.pgPool.query({ name, text: compiled.sql, values: compiled.parameters as unknown[] });
  return { rows: r.rows as R[], numAffectedRows: r.rowCount === null ? undefined : BigInt(r.rowCount) };
}
