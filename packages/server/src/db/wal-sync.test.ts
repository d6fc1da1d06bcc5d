import fs from 'node:fs';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runMoneyTransaction } from '../money/money-transaction.js';
import { freshDatabase } from '../testing/databases.js';

/**
 * SQLite's commits reach the disk through the WAL's fsync run off the event loop (db/wal-sync.ts):
 * nobody may hear of a commit before that fsync returned. The fsyncs are held here to see it.
 */
function holdFsyncs() {
  const held: Array<() => void> = [];
  const real = fs.fdatasync;
  vi.spyOn(fs, 'fdatasync').mockImplementation(((fd: number, cb: (err: NodeJS.ErrnoException | null) => void) => {
    held.push(() => real(fd, cb));
  }) as typeof fs.fdatasync);
  return {
    get count() {
      return held.length;
    },
    release: () => held.splice(0).forEach((go) => go()),
  };
}

const settled = (p: Promise<unknown>) => {
  const state = { done: false };
  void p.finally(() => (state.done = true)).catch(() => undefined);
  return state;
};

async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; !ok(); i++) {
    if (i > 500) throw new Error('waited 5 s');
    await new Promise((r) => setTimeout(r, 10));
  }
}

afterEach(() => vi.restoreAllMocks());

describe('SQLite commits wait for the WAL fsync, run off the event loop', () => {
  it('a group commit answers its calls only after its fsync; calls asking meanwhile share the next fsync', async () => {
    const d = await freshDatabase('sqlite');
    try {
      const fsyncs = holdFsyncs();
      const first = runMoneyTransaction(d.handle, (tx) => sql`INSERT INTO setting (name, value) VALUES ('a', '1')`.execute(tx));
      const firstDone = settled(first);
      await until(() => fsyncs.count === 1);
      // Committed (another reader sees it) but not yet answered: the fsync is still running.
      const seen = await d.handle.db.selectFrom('setting').select('value').where('name', '=', 'a').executeTakeFirst();
      expect(seen?.value).toBe('1');
      expect(firstDone.done).toBe(false);
      // Two batches commit while the first fsync runs: one more fsync covers both, after the first.
      const later = [1, 2].map((n) => runMoneyTransaction(d.handle, (tx) => sql`INSERT INTO setting (name, value) VALUES (${`b${n}`}, '1')`.execute(tx)));
      await new Promise((r) => setTimeout(r, 50));
      expect(fsyncs.count).toBe(1);
      fsyncs.release();
      await first;
      await until(() => fsyncs.count === 1);
      fsyncs.release();
      await Promise.all(later);
      vi.restoreAllMocks();
    } finally {
      await d.drop();
    }
  });

  it('a write outside a transaction and a transaction of its own wait for the fsync too', async () => {
    const d = await freshDatabase('sqlite');
    try {
      const fsyncs = holdFsyncs();
      const write = settled(sql`INSERT INTO setting (name, value) VALUES ('c', '1')`.execute(d.handle.db));
      await until(() => fsyncs.count === 1);
      expect(write.done).toBe(false);
      fsyncs.release();
      await until(() => write.done);
      const tx = settled(d.handle.db.transaction().execute((t) => sql`INSERT INTO setting (name, value) VALUES ('d', '1')`.execute(t)));
      await until(() => fsyncs.count === 1);
      expect(tx.done).toBe(false);
      fsyncs.release();
      await until(() => tx.done);
      // Reads do not wait for anything.
      await d.handle.db.selectFrom('setting').selectAll().execute();
      expect(fsyncs.count).toBe(0);
      vi.restoreAllMocks();
    } finally {
      await d.drop();
    }
  });
});
