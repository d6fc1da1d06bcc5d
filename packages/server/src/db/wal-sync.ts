import fs from 'node:fs';

/**
 * The fsync of SQLite's write-ahead log, off the event loop. SQLite runs with synchronous=NORMAL
 * (a commit writes its WAL frames but does not fsync them; checkpoints and the WAL header are still
 * synced by SQLite) and whoever committed waits for `sync()` before going on: the same data on disk
 * as synchronous=FULL gives, because a WAL is written in order and one fdatasync of the file covers
 * every frame written before it started. With FULL, better-sqlite3 blocked the one JavaScript thread
 * for each commit's fsync (a group commit of 40 purchases: 1-2 ms, about a tenth of the loop's time
 * under load); here the fsync runs on libuv's thread pool while the loop parses the next requests
 * and runs the next batch (docs/DECISIONS.md "Money path performance").
 *
 * Calls that ask while a sync is running share the next one (it starts once the running one ends,
 * so it covers their commits): at most one fsync in flight and one waiting, however many ask.
 */
export class WalSync {
  private fd: number | undefined;
  private running: Promise<void> | undefined;
  private next: Promise<void> | undefined;

  constructor(private readonly walFile: string) {}

  /** Resolves once everything committed before this call is on disk. */
  sync(): Promise<void> {
    if (!this.running) return (this.running = this.start());
    // The running sync may have started before the caller's commit: the caller needs the next one.
    this.next ??= this.running.then(
      () => (this.running = this.start()),
      () => (this.running = this.start()),
    );
    return this.next;
  }

  private async start(): Promise<void> {
    this.next = undefined;
    try {
      await fdatasync(this.open());
    } finally {
      if (!this.next) this.running = undefined;
    }
  }

  /**
   * The WAL file stays the same file while the connection is open: SQLite deletes it only when the
   * last connection closes, and after a complete checkpoint (db/wal-checkpointer.ts) it starts the WAL
   * over by writing from the start of the same file (same inode, never truncated: no
   * journal_size_limit), so this fd's fdatasync still covers every frame written before it.
   */
  private open(): number {
    this.fd ??= fs.openSync(this.walFile, 'r');
    return this.fd;
  }

  /** After the syncs asked for so far (their fd must stay open until they ran). */
  async close(): Promise<void> {
    await Promise.allSettled([this.running, this.next]);
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }
}

function fdatasync(fd: number): Promise<void> {
  return new Promise((resolve, reject) => fs.fdatasync(fd, (err) => (err ? reject(err) : resolve())));
}
