import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** SQLite's own threshold: a checkpoint once the WAL holds this many frames not yet in the database file. */
export const CHECKPOINT_PAGES = 1000;
/**
 * The main connection's wal_autocheckpoint while the worker runs: the bound on the WAL file.
 * SQLite starts the WAL over from its first frame only when a write begins with every frame already
 * copied to the database file. A PASSIVE checkpoint copies the frames committed before it started,
 * and under a steady load the main connection commits more while the worker copies, so the WAL is
 * seldom wholly checkpointed at that moment: on the purchase bench (several thousand frames a
 * second) it grew to this bound within seconds. There the main connection's next COMMIT
 * checkpoints the frames the worker has not copied yet (a few hundred; the worker keeps up to
 * CHECKPOINT_PAGES behind) and the WAL starts over: a checkpoint on the event loop every 20,000
 * frames instead of every 1,000, at the price of a WAL file of up to 80 MB (4 KiB pages), read
 * whole by the recovery after a crash. With less load the WAL starts over long before (an idle
 * moment after a complete checkpoint). Also the bound if the worker is stuck without having died.
 */
export const SAFETY_NET_PAGES = 20_000;
/** How often the worker looks at the WAL (a read of the -shm file's first 136 bytes). */
const POLL_MS = 50;
/**
 * The worker starts once the -wal file is this long (half of CHECKPOINT_PAGES' frames, before SQLite's
 * own first checkpoint): a worker costs about 50 ms of CPU to start and stop, which a database that
 * is opened for a little (a test, an `admin` command) need not pay.
 */
const START_BYTES = (CHECKPOINT_PAGES / 2) * 4096;

/**
 * The worker's code, run with `eval` so it needs no file of its own nor tsx's loader: the same under
 * tsx (`npm start`, the benches), vitest and plain node. It opens its own connection to the database
 * and runs `PRAGMA wal_checkpoint(PASSIVE)` when the WAL holds `pages` frames not yet checkpointed.
 *
 * The count comes from the wal-index (the -shm file, https://sqlite.org/walformat.html "the
 * wal-index header"): two copies of the header, each with mxFrame (the WAL's last valid frame) at
 * byte 16, then nBackfill (frames already copied to the database) at byte 96, in the machine's byte
 * order. A read that catches SQLite between its two copies is skipped (the next poll reads again);
 * no -shm file or a header this code does not know (another version) makes every poll checkpoint,
 * which is only more frequent. A PASSIVE checkpoint never waits for a lock and never blocks the writer; with
 * synchronous=NORMAL it syncs the WAL before copying frames and the database file after.
 */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const os = require('node:os');
const Database = require(workerData.sqlite);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = NORMAL');
let shm;
const head = Buffer.alloc(136);
const u32 = os.endianness() === 'LE' ? (o) => head.readUInt32LE(o) : (o) => head.readUInt32BE(o);
function waiting() {
  try {
    shm ??= fs.openSync(workerData.file + '-shm', 'r');
  } catch {
    return undefined;
  }
  if (fs.readSync(shm, head, 0, 136, 0) < 136) return undefined;
  if (!head.subarray(0, 48).equals(head.subarray(48, 96))) return 0;
  if (u32(0) !== 3007000 || head[12] !== 1) return undefined;
  return u32(16) - u32(96);
}
const timer = setInterval(() => {
  const n = waiting();
  if (n === undefined || n >= workerData.pages) {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ checkpointed: r.checkpointed, log: r.log });
  }
}, workerData.pollMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  if (shm !== undefined) fs.closeSync(shm);
  process.exit(0);
});
`;

const require = createRequire(import.meta.url);

/**
 * SQLite's automatic checkpoint (every 1000 WAL pages) ran inside a COMMIT on the main connection,
 * that is on the one JavaScript thread: a checkpoint's page copies and its two fsyncs stalled every
 * request meanwhile. Here a worker thread with a connection of its own checkpoints instead, and the
 * main connection's wal_autocheckpoint is raised to SAFETY_NET_PAGES. The worker starts once the WAL
 * has grown to START_BYTES (until then SQLite checkpoints as it always did).
 *
 * The WAL's fsync (db/wal-sync.ts) keeps its fd: after a complete checkpoint SQLite starts the WAL
 * over by writing from its start in the same file (same inode, not truncated), so an fdatasync of
 * that fd still covers every frame written before it.
 *
 * If the worker dies the failure is reported and the main connection checkpoints by itself again
 * (wal_autocheckpoint back to SQLite's 1000): slower, never a WAL without bound.
 */
export class WalCheckpointer {
  private worker: Worker | undefined;
  private exited: Promise<void> = Promise.resolve();
  private started = false;
  private closing = false;
  private alive = false;
  /** Checkpoints the worker ran and frames it copied, for the tests and the curious. */
  readonly stats = { checkpoints: 0, lastCheckpointed: 0, lastLog: 0 };
  /** Where a dead worker is reported (main.ts: the server's log). */
  onFailure: (err: Error) => void = (err) => process.emitWarning(err);

  constructor(
    private readonly file: string,
    private readonly sqlite: SQLite.Database,
  ) {}

  /** After each commit of the main connection: until the worker runs, whether the WAL has grown enough for it (a stat). */
  afterCommit(): void {
    if (this.started || this.closing) return;
    let size = 0;
    try {
      size = fs.statSync(`${this.file}-wal`).size;
    } catch {
      return;
    }
    if (size < START_BYTES) return;
    this.started = true;
    try {
      this.start();
    } catch (err) {
      this.fallBack(err as Error);
    }
  }

  private start(): void {
    this.sqlite.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
    const worker = (this.worker = new Worker(WORKER_CODE, {
      eval: true,
      // Plain JavaScript: not the parent's flags (tsx's loader, the server's heap sizes).
      execArgv: [],
      workerData: { file: this.file, sqlite: require.resolve('better-sqlite3'), pages: CHECKPOINT_PAGES, pollMs: POLL_MS },
    }));
    this.alive = true;
    // Never what keeps a process alive (a test that forgot close(), a CLI command that ended).
    worker.unref();
    let error: Error | undefined;
    worker.on('error', (err) => (error = err));
    worker.on('message', (m: { checkpointed: number; log: number }) => {
      this.stats.checkpoints++;
      this.stats.lastCheckpointed = m.checkpointed;
      this.stats.lastLog = m.log;
    });
    this.exited = new Promise((resolve) =>
      worker.on('exit', (code) => {
        this.alive = false;
        if (!this.closing) this.fallBack(error ?? new Error(`the WAL checkpointer stopped (exit code ${code})`));
        resolve();
      }),
    );
  }

  private fallBack(cause: Error): void {
    this.onFailure(new Error(`SQLite WAL checkpointer failed: ${cause.message}; the main connection checkpoints itself again (wal_autocheckpoint = ${CHECKPOINT_PAGES})`, { cause }));
    const restore = () => {
      if (!this.sqlite.open) return;
      try {
        this.sqlite.pragma(`wal_autocheckpoint = ${CHECKPOINT_PAGES}`);
      } catch {
        // The connection is busy (a select being streamed): again in a moment.
        setTimeout(restore, 10).unref();
      }
    };
    restore();
  }

  /** Stops the worker and closes its connection (before the main connection's, so the last one to close is the main one). */
  async close(): Promise<void> {
    this.closing = true;
    const worker = this.worker;
    if (!worker) return;
    // Waited for: an unref'd worker alone would let the process end before it closed its connection.
    worker.ref();
    worker.postMessage('close');
    const timeout = setTimeout(() => void worker.terminate(), 5000).unref();
    await this.exited;
    clearTimeout(timeout);
  }

  /** Whether the worker thread runs (started, not ended). */
  get running(): boolean {
    return this.alive;
  }

  /** Tests: the worker ends as if it had crashed. */
  async terminateForTest(): Promise<void> {
    await this.worker?.terminate();
  }
}
