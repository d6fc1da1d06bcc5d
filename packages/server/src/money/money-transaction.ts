import { CompiledQuery } from 'kysely';
import type { DatabaseHandle, Db } from '../db/database.js';
import { movementTracker, observeGroupCommit } from './money-observer.js';

/**
 * The money transaction runner: every call that moves money runs its transaction through here
 * instead of `db.transaction()`.
 *
 * PostgreSQL: a plain transaction; concurrent calls run in parallel under row locks, and the
 * server already commits concurrent transactions with shared WAL flushes.
 *
 * SQLite (one connection): each commit waits for an fsync (db/wal-sync.ts), and with one commit
 * per call the disk, not the CPU, sets the pace. So calls that arrive while a transaction is running are
 * queued and then run together in ONE transaction, each inside its own SAVEPOINT ("group commit"):
 * one fsync for the whole batch. A call that refuses (or fails) rolls back to its savepoint only,
 * so its key stays unused and its neighbours are unaffected; the calls still run one after the
 * other, each seeing what the earlier ones wrote, exactly as if they had committed in that order.
 * Nobody is answered before the batch's COMMIT has returned: a reply of success means the money
 * movement is on disk. If the COMMIT itself fails, every call of the batch fails (none of it is
 * on disk).
 *
 * `fn` must use only the `tx` it is given: on SQLite the batch holds the only connection, so a
 * query on the outer `db` from inside `fn` would wait for the batch forever.
 */
export async function runMoneyTransaction<T>(handle: DatabaseHandle, fn: (tx: Db) => Promise<T>): Promise<T> {
  const movements = movementTracker(handle.db);
  const work = (tx: Db) => {
    movements.watch(tx);
    return fn(tx);
  };
  let result: T;
  if (handle.dialect === 'postgres') {
    result = await gateOf(handle).run(() => handle.db.transaction().execute(work));
  } else {
    let committer = committers.get(handle.db);
    if (!committer) committers.set(handle.db, (committer = new GroupCommitter(handle)));
    result = await committer.run(work);
  }
  movements.committed();
  return result;
}

/**
 * PostgreSQL: a money call that makes its own statements (no transaction of its own, or several:
 * money/customer-money.ts reads, then applies in autocommit), under the same per-pool gate as the
 * money transactions. Its movements in autocommit count as they are posted; a transaction it opens
 * is handed to `watch`, and what is posted in it counts once the call returned.
 */
export async function runMoneyCall<T>(handle: DatabaseHandle, fn: (watch: (tx: Db) => void) => Promise<T>): Promise<T> {
  const movements = movementTracker(handle.db);
  const result = await gateOf(handle).run(() => fn(movements.watch));
  movements.committed();
  return result;
}

function gateOf(handle: DatabaseHandle): Gate {
  let gate = gates.get(handle.db);
  if (!gate) gates.set(handle.db, (gate = new Gate(MONEY_TRANSACTIONS_IN_FLIGHT, handle.bounds?.acquireMs ?? 0)));
  return gate;
}

/**
 * How many money calls run in PostgreSQL at once (per pool of 20). When a purchase was a transaction
 * of about 11 round trips holding its shift and customer locks throughout, more in flight only
 * stretched every transaction and queued on those locks (on 2 cores: 20 in flight ran 10-40% slower
 * than 5), so the gate was 6. A counter call is now two autocommit statements holding no lock
 * between them (money/counter-call.ts): with 6 the pool idled while the calls waited for the gate
 * (purchases at 62-72% of pgbench); 12, 16 and 20 reached 87-136% (docs/DECISIONS.md). 12: the
 * throughput of 16 and 20 with fewer statements competing for the cores (terminal ack tails).
 */
export const MONEY_TRANSACTIONS_IN_FLIGHT = Number(process.env.MBX_MONEY_IN_FLIGHT ?? 12);

/**
 * A counting semaphore: callers beyond the limit wait in line, in arrival order, at most `waitMs`
 * (the database's acquire bound; 0: no bound): while the database hangs the line would otherwise only
 * grow, each call behind every earlier one's bound. A caller that waited too long fails untouched.
 */
class Gate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly limit: number,
    private readonly waitMs: number,
  ) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active < this.limit) this.active++;
    // A waiter is handed the finishing call's slot (active stays the same): nobody can overtake.
    else await this.line();
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  private line(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (this.waitMs <= 0) return void this.waiting.push(resolve);
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(turn), 1);
        reject(new Error(`no database connection for a money call within ${this.waitMs} ms`));
      }, this.waitMs);
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiting.push(turn);
    });
  }
}

const gates = new WeakMap<Db, Gate>();

/**
 * A write of ONE statement that must be durable but needs no transaction of its own (a new
 * one-time key): on SQLite it joins the group commit above (one fsync shared with the money calls
 * around it, instead of one fsync of its own per key); on PostgreSQL it runs alone in autocommit,
 * one round trip.
 */
export function runDurableWrite<T>(handle: DatabaseHandle, fn: (db: Db) => Promise<T>): Promise<T> {
  return handle.dialect === 'postgres' ? fn(handle.db) : runMoneyTransaction(handle, fn);
}

/**
 * Group commits so far on this database (SQLite; zero on PostgreSQL), by the main connection's
 * committer and its money worker's (money-worker.ts) alike: calls / batches is how many money calls
 * share each fsync, which the purchase bench reports.
 */
export function groupCommitStats(db: Db): { batches: number; calls: number } {
  const c = commitCounts.get(db);
  return { batches: c?.batches ?? 0, calls: c?.calls ?? 0 };
}

const commitCounts = new WeakMap<Db, { batches: number; calls: number }>();

/** Counts one group commit of `calls` money calls on this database's file. */
export function countGroupCommit(db: Db, calls: number): void {
  let c = commitCounts.get(db);
  if (!c) commitCounts.set(db, (c = { batches: 0, calls: 0 }));
  c.batches++;
  c.calls += calls;
}

/** A batch this large still answers within a few milliseconds; a bound keeps tail latency bounded. */
const MAX_BATCH = 64;

interface Waiting {
  fn: (tx: Db) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; err: unknown };

const committers = new WeakMap<Db, GroupCommitter>();

class GroupCommitter {
  private readonly queue: Waiting[] = [];
  private scheduled = false;

  constructor(private readonly handle: DatabaseHandle) {}

  run<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
      this.schedule();
    });
  }

  /**
   * better-sqlite3 is synchronous: a batch (its COMMIT included; not the fsync, which runs on the
   * thread pool, db/wal-sync.ts) runs without giving the event loop a turn, so requests that arrive meanwhile wait in the sockets. Starting each batch
   * from setImmediate lets the loop first read and authenticate every request already waiting;
   * their money calls queue up and go into the batch. A lone call pays one loop turn.
   */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => void this.drain());
  }

  private async drain(): Promise<void> {
    try {
      await this.commitBatch();
    } finally {
      this.scheduled = false;
      if (this.queue.length > 0) this.schedule();
    }
  }

  private async commitBatch(): Promise<void> {
    const outcomes: Outcome[] = [];
    let batch: Waiting[] = [];
    const wal = this.handle.sqliteWal;
    try {
      await this.handle.db.transaction().execute(async (tx) => {
        // Taken only once the connection is ours: calls that queued while we waited for it
        // (behind other queries, or the previous batch's COMMIT) join this batch.
        batch = this.queue.splice(0, MAX_BATCH);
        countGroupCommit(this.handle.db, batch.length);
        observeGroupCommit(batch.length);
        for (const call of batch) outcomes.push(await inSavepoint(tx, call.fn));
        // The COMMIT returns without the fsync; the batch waits for it below, the connection free.
        wal?.commitWithoutWaiting();
      });
    } catch (err) {
      // BEGIN, the COMMIT or a savepoint rollback failed: nothing of this batch reached the disk.
      // (When BEGIN failed the batch was never taken: fail the calls it would have held.)
      for (const call of batch.length > 0 ? batch : this.queue.splice(0, MAX_BATCH)) call.reject(err);
      return;
    }
    const answer = () =>
      batch.forEach((call, i) => {
        const o = outcomes[i]!;
        if (o.ok) call.resolve(o.value);
        else call.reject(o.err);
      });
    if (!wal) return answer();
    // Nobody hears of the batch before it is on disk; meanwhile the next batch may run (its own
    // fsync, started after this one's, covers both). A failed fsync fails the whole batch.
    wal.sync().then(answer, (err: unknown) => batch.forEach((call) => call.reject(err)));
  }
}

/**
 * Runs one call inside a savepoint of the batch. The call's own error is its outcome; an error of
 * the savepoint statements themselves means the transaction is unusable and fails the batch.
 */
async function inSavepoint(tx: Db, fn: (tx: Db) => Promise<unknown>): Promise<Outcome> {
  await tx.executeQuery(SAVEPOINT);
  let outcome: Outcome;
  try {
    outcome = { ok: true, value: await fn(tx) };
  } catch (err) {
    // A savepoint that cannot be rolled back to after SQLite's own error means SQLite already ended
    // the whole transaction (a full disk): the batch fails with that error, the real cause.
    await tx.executeQuery(ROLLBACK_TO_SAVEPOINT).catch((rollbackErr: unknown) => Promise.reject(isSqliteError(err) ? err : rollbackErr));
    outcome = { ok: false, err };
  }
  await tx.executeQuery(RELEASE_SAVEPOINT);
  return outcome;
}

function isSqliteError(err: unknown): boolean {
  return !!err && typeof err === 'object' && typeof (err as { code?: unknown }).code === 'string' && (err as { code: string }).code.startsWith('SQLITE_');
}

// Compiled once: they run around every money call of a batch.
const SAVEPOINT = CompiledQuery.raw('SAVEPOINT money_call');
const ROLLBACK_TO_SAVEPOINT = CompiledQuery.raw('ROLLBACK TO SAVEPOINT money_call');
const RELEASE_SAVEPOINT = CompiledQuery.raw('RELEASE SAVEPOINT money_call');
