import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DatabaseHandle } from '../db/database.js';
import { MONEY_WORKER_THREAD, WriteLock } from '../db/write-lock.js';
import { moveCustomerMoneyWithSession, type SessionMoneyCall, type SessionMoneyDone } from './fresh-session.js';
import { observeGroupCommit, observeMovement } from './money-observer.js';
import { countGroupCommit } from './money-transaction.js';
import { Refusal } from './refusal.js';
import type { WorkerAnswers, WorkerCalls } from './money-worker-messages.js';

/**
 * SQLite's money calls on a thread of their own. better-sqlite3 is synchronous, so on one thread
 * the JavaScript that serves HTTP and the SQLite work of every purchase (its read, its writes, the
 * group commit's COMMIT) took turns on one core, and that core was the limit (docs/DECISIONS.md
 * "The money worker"). The money worker is a worker thread with a connection of its own to the same
 * file: the main thread parses, authenticates the shape, validates and answers; the worker runs the
 * money core (the same code: read, rules, apply, group commit) and sends the answers back, one
 * message per batch. The two connections write in turns under db/write-lock.ts.
 *
 * With SQLITE_MONEY_WORKER=1 the HTTP money calls' fast path (a plainly fresh session, money/fresh-session.ts) goes here; every
 * other call stays on the main thread's connection. If the worker fails, its calls in flight answer
 * 14 and later calls run on the main thread, as before the worker (slower, never stopped).
 */
export class MoneyWorker {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve(done: SessionMoneyDone): void; reject(err: unknown): void }>();
  private outbox: WorkerCalls['calls'] = [];
  private nextId = 1;
  private flushing = false;
  private alive = true;
  private closing = false;
  private readonly exited: Promise<void>;
  /** Calls the worker answered, for the tests and the curious. */
  answered = 0;

  constructor(
    private readonly handle: DatabaseHandle,
    file: { path: string; writeLock: SharedArrayBuffer },
    private readonly onFailure: (err: Error) => void,
  ) {
    const lock = new WriteLock(file.writeLock, 0);
    this.worker = new Worker(THREAD_CODE, {
      eval: true,
      workerData: { file: file.path, writeLock: file.writeLock },
      execArgv: [],
      // The server's young generation (scripts/server-node-flags.mjs): the worker allocates per call too.
      resourceLimits: { maxYoungGenerationSizeMb: 192 },
    });
    this.worker.unref();
    let error: Error | undefined;
    this.worker.on('error', (err) => (error = err));
    this.worker.on('message', (m: WorkerAnswers) => this.answer(m));
    this.exited = new Promise((resolve) =>
      this.worker.on('exit', (code) => {
        this.alive = false;
        lock.abandon(MONEY_WORKER_THREAD);
        const cause = error ?? new Error(`the money worker stopped (exit code ${code})`);
        for (const w of this.waiting.values()) w.reject(cause);
        this.waiting.clear();
        if (!this.closing) this.onFailure(new Error(`SQLite money worker failed: ${cause.message}; money calls run on the main thread`, { cause }));
        resolve();
      }),
    );
  }

  /** Runs the call in the worker; undefined when the worker is gone (the caller runs it itself). */
  customerMoney(call: SessionMoneyCall): Promise<SessionMoneyDone> | undefined {
    if (!this.alive || this.closing) return undefined;
    const id = this.nextId++;
    this.outbox.push({ id, call, clockMs: Date.now() });
    // Every call read in this turn of the event loop goes in one message.
    if (!this.flushing) {
      this.flushing = true;
      setImmediate(() => this.flush());
    }
    if (this.waiting.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }));
  }

  private flush(): void {
    this.flushing = false;
    const calls = this.outbox;
    this.outbox = [];
    if (calls.length > 0) this.worker.postMessage({ calls } satisfies WorkerCalls);
  }

  private answer(m: WorkerAnswers): void {
    // Counted before anyone hears of the batch: /metrics is never behind a reply.
    for (const n of m.batches) {
      countGroupCommit(this.handle.db, n);
      observeGroupCommit(n);
    }
    for (const movement of m.movements) observeMovement(this.handle.db, movement);
    if (m.batches.length > 0) this.handle.sqliteCheckpointer?.afterCommit();
    this.answered += m.answers.length;
    for (const a of m.answers) {
      const w = this.waiting.get(a.id);
      if (!w) continue;
      this.waiting.delete(a.id);
      if ('done' in a) w.resolve(a.done);
      else if ('refusal' in a) w.reject(new Refusal(a.refusal.reason, a.refusal.kind, a.refusal.figures));
      else w.reject(Object.assign(new Error(a.error.message), { code: a.error.code }));
    }
    if (this.waiting.size === 0) this.worker.unref();
  }

  /** Once its calls are answered: the worker closes its connection (before the main one closes). */
  async close(): Promise<void> {
    this.closing = true;
    this.flush();
    this.worker.ref();
    this.worker.postMessage('close');
    const timeout = setTimeout(() => void this.worker.terminate(), 10_000).unref();
    await this.exited;
    clearTimeout(timeout);
  }

  /** Whether calls go to the worker (started, not ended, not closing). */
  get running(): boolean {
    return this.alive && !this.closing;
  }

  /** Tests: the worker ends as if it had crashed. */
  async terminateForTest(): Promise<void> {
    await this.worker.terminate();
  }
}

/**
 * The thread's start: money-worker.thread.ts, through tsx's loader when the sources are TypeScript
 * (npm start, the benches, the tests: `--import tsx` in a worker's execArgv does not reach its
 * entry module on Node 20, tsx's API does), directly once built to JavaScript.
 */
const THREAD_CODE = import.meta.url.endsWith('.ts')
  ? `import(${JSON.stringify(pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href)})
  .then((tsx) => tsx.register())
  .then(() => import(${JSON.stringify(new URL('./money-worker.thread.ts', import.meta.url).href)}));`
  : `import(${JSON.stringify(new URL('./money-worker.thread.js', import.meta.url).href)});`;

const workers = new WeakMap<DatabaseHandle, MoneyWorker>();

/** The money worker of a SQLite file's handle (none in memory, none on PostgreSQL). */
export function startMoneyWorker(handle: DatabaseHandle, onFailure: (err: Error) => void): MoneyWorker | undefined {
  if (!handle.sqliteFile) return undefined;
  const worker = new MoneyWorker(handle, handle.sqliteFile, onFailure);
  workers.set(handle, worker);
  return worker;
}

/** The handle's money worker, if it has one. */
export function moneyWorkerOf(handle: DatabaseHandle): MoneyWorker | undefined {
  return workers.get(handle);
}

/** A fast-path customer money call: in the handle's money worker when it has one, else here. */
export async function moveCustomerMoneyFast(handle: DatabaseHandle, call: SessionMoneyCall): Promise<SessionMoneyDone> {
  return (await workers.get(handle)?.customerMoney(call)) ?? moveCustomerMoneyWithSession(handle, call);
}
