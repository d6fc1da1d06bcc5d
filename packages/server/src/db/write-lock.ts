/**
 * SQLite's writer, shared by the threads that write one file: the main thread and the money worker
 * (money/money-worker.ts) each have a connection of their own, and SQLite lets one of them write at
 * a time. Left to SQLite, the one that finds the file locked sleeps in its busy handler (1 ms, then
 * 2, 5, 10 …) with its thread blocked: the main thread's event loop would stall behind every
 * batch of the worker, and under load it might not get the lock for seconds. So every write
 * transaction first takes this lock: a ticket lock in shared memory, first come first served
 * across the threads, whose waiters wait without blocking their thread (Atomics.waitAsync).
 *
 * A thread that ends while it holds the lock or waits for it (the worker failed) leaves its turn
 * abandoned: `abandon` hands it on, so the other thread never waits for a dead one.
 */
export class WriteLock {
  private readonly cells: Int32Array;

  /** `shared`: the lock's memory, from `WriteLock.memory()`, the same buffer in every thread. */
  constructor(
    shared: SharedArrayBuffer,
    private readonly thread: number,
  ) {
    this.cells = new Int32Array(shared);
  }

  static memory(): SharedArrayBuffer {
    return new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT * CELLS);
  }

  /** Resolves once this thread may write; `release()` after its COMMIT or ROLLBACK. */
  async acquire(): Promise<void> {
    const c = this.cells;
    const ticket = Atomics.add(c, NEXT, 1);
    Atomics.store(c, WAITING + this.thread, ticket + 1);
    for (;;) {
      const serving = Atomics.load(c, SERVING);
      if (serving === ticket) break;
      const w = waitAsync(c, SERVING, serving);
      if (w.async) await w.value;
    }
    Atomics.store(c, WAITING + this.thread, 0);
    Atomics.store(c, HOLDER, this.thread);
  }

  release(): void {
    Atomics.store(this.cells, HOLDER, NOBODY);
    this.next();
  }

  /** The other thread ended: its turn, held or to come, is nobody's. */
  abandon(thread: number): void {
    const c = this.cells;
    const waiting = Atomics.exchange(c, WAITING + thread, 0);
    if (Atomics.load(c, HOLDER) === thread) return this.release();
    if (waiting === 0) return;
    if (Atomics.load(c, SERVING) === waiting - 1) return this.next();
    Atomics.store(c, ABANDONED, waiting);
  }

  private next(): void {
    const c = this.cells;
    const serving = Atomics.add(c, SERVING, 1) + 1;
    // An abandoned ticket (stored +1, so 0 means none) is skipped.
    if (Atomics.compareExchange(c, ABANDONED, serving + 1, 0) === serving + 1) Atomics.add(c, SERVING, 1);
    Atomics.notify(c, SERVING);
  }
}

/** The threads that take the lock. */
export const MAIN_THREAD = 1;
export const MONEY_WORKER_THREAD = 2;
const NOBODY = 0;

// The cells: the next ticket, the ticket served, who holds the lock, an abandoned ticket (+1),
// then each thread's ticket while it waits (+1).
const NEXT = 0;
const SERVING = 1;
const HOLDER = 2;
const ABANDONED = 3;
const WAITING = 3;
const CELLS = WAITING + MONEY_WORKER_THREAD + 1;

/** Atomics.waitAsync (Node 16+; in TypeScript's lib from ES2024, past this project's target). */
const waitAsync = (Atomics as unknown as { waitAsync(a: Int32Array, index: number, value: number): { async: boolean; value: Promise<unknown> | string } }).waitAsync;
