import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, type DatabaseHandle } from './database.js';
import { CHECKPOINT_PAGES, SAFETY_NET_PAGES } from './wal-checkpointer.js';

/**
 * SQLite's WAL checkpoints run in a worker thread with its own connection, not inside the main
 * connection's COMMITs on the event loop (issue 25), once the WAL has grown; the main connection
 * checkpoints by itself only past SAFETY_NET_PAGES, or again every CHECKPOINT_PAGES once the worker is gone.
 */
const opened: Array<{ handle: DatabaseHandle; dir: string }> = [];

function open(): { handle: DatabaseHandle; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbx-ckpt-'));
  const file = path.join(dir, 'test.sqlite');
  const handle = openSqlite(file);
  opened.push({ handle, dir });
  return { handle, file };
}

afterEach(async () => {
  for (const { handle, dir } of opened.splice(0)) {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

async function autocheckpoint(handle: DatabaseHandle): Promise<number> {
  const { rows } = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(handle.db);
  return rows[0]!.wal_autocheckpoint;
}

async function until(ok: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; !(await ok()); i++) {
    if (i > 500) throw new Error(`waited 5 s for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** One transaction of about `pages` WAL frames (a row of 3,000 bytes fills most of a 4 KiB page). */
async function writePages(handle: DatabaseHandle, pages: number): Promise<void> {
  await handle.db.transaction().execute(async (tx) => {
    for (let i = 0; i < pages; i++) await sql`INSERT INTO filler (body) VALUES (${'x'.repeat(3000)})`.execute(tx);
  });
}

/** A database whose WAL has grown enough for the worker to start. */
async function withWorker(): Promise<{ handle: DatabaseHandle; file: string }> {
  const opened = open();
  await sql`CREATE TABLE filler (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(opened.handle.db);
  await writePages(opened.handle, CHECKPOINT_PAGES / 2 + 50);
  expect(opened.handle.sqliteCheckpointer!.running).toBe(true);
  expect(await autocheckpoint(opened.handle)).toBe(SAFETY_NET_PAGES);
  return opened;
}

describe('the WAL checkpointer (a worker thread)', () => {
  it('checkpoints the WAL while the main connection only would past its safety net', async () => {
    const { handle, file } = await withWorker();
    const checkpointer = handle.sqliteCheckpointer!;
    // Ten rounds past the worker's threshold, each waited out: every round's frames are checkpointed
    // before the next begins, so SQLite starts the WAL over and the file stays about one round long.
    // Without the worker nobody would checkpoint below SAFETY_NET_PAGES and the WAL would hold all ten.
    const round = CHECKPOINT_PAGES + 200;
    for (let i = 0; i < 10; i++) {
      const before = checkpointer.stats.checkpoints;
      await writePages(handle, round);
      await until(() => checkpointer.stats.checkpoints > before && checkpointer.stats.lastCheckpointed === checkpointer.stats.lastLog, 'a complete checkpoint');
    }
    const walPages = fs.statSync(`${file}-wal`).size / 4096;
    expect(walPages).toBeGreaterThan(round * 0.9);
    expect(walPages).toBeLessThan(round * 3);
    expect(await autocheckpoint(handle)).toBe(SAFETY_NET_PAGES);
    expect((await sql<{ n: number }>`SELECT count(*) AS n FROM filler`.execute(handle.db)).rows[0]!.n).toBe(CHECKPOINT_PAGES / 2 + 50 + 10 * round);
  });

  it('ends with close(), which leaves no WAL behind', async () => {
    const { handle, file } = await withWorker();
    const checkpointer = handle.sqliteCheckpointer!;
    await handle.close();
    expect(checkpointer.running).toBe(false);
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });

  it('if the worker dies, says so and the main connection checkpoints by itself again', async () => {
    const { handle } = await withWorker();
    const checkpointer = handle.sqliteCheckpointer!;
    const failures: Error[] = [];
    checkpointer.onFailure = (err) => failures.push(err);
    await checkpointer.terminateForTest();
    await until(() => !checkpointer.running, 'the worker to end');
    expect(await autocheckpoint(handle)).toBe(CHECKPOINT_PAGES);
    expect(failures).toHaveLength(1);
    expect(failures[0]!.message).toMatch(/checkpointer/);
  });

  it('does not start for a database with little written (SQLite checkpoints as ever)', async () => {
    const { handle } = open();
    await sql`CREATE TABLE filler (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(handle.db);
    await writePages(handle, 50);
    expect(handle.sqliteCheckpointer!.running).toBe(false);
    expect(await autocheckpoint(handle)).toBe(CHECKPOINT_PAGES);
  });

  it('is not there for a database in memory (no WAL)', () => {
    const handle = openSqlite(':memory:');
    expect(handle.sqliteCheckpointer).toBeUndefined();
    return handle.close();
  });
});
