import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runMoneyTransaction } from '../money/money-transaction.js';
import { freshDatabase } from '../testing/databases.js';

/**
 * On a full disk SQLite fails the statement with SQLITE_FULL and rolls the whole transaction back
 * itself. The ROLLBACK that follows then fails ("cannot rollback - no transaction is active"):
 * that error must not replace the real cause, which is what the log needs to show (issue 25).
 */
function diskFull(): Error {
  return Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
}

describe('a full disk on SQLite: the real cause reaches the caller (and the log)', () => {
  it('in a transaction that SQLite already rolled back', async () => {
    const d = await freshDatabase('sqlite');
    try {
      const failing = d.handle.db.transaction().execute(async (tx) => {
        // What SQLite does on SQLITE_FULL: the transaction is gone when the error arrives.
        await sql`ROLLBACK`.execute(tx);
        throw diskFull();
      });
      await expect(failing).rejects.toMatchObject({ code: 'SQLITE_FULL' });
      // The connection is usable afterwards.
      await d.handle.db.transaction().execute((tx) => sql`SELECT 1`.execute(tx));
    } finally {
      await d.drop();
    }
  });

  it('in a money call of a group commit', async () => {
    const d = await freshDatabase('sqlite');
    try {
      const failing = runMoneyTransaction(d.handle, async (tx) => {
        await sql`ROLLBACK`.execute(tx);
        throw diskFull();
      });
      await expect(failing).rejects.toMatchObject({ code: 'SQLITE_FULL' });
      expect(await runMoneyTransaction(d.handle, async (tx) => (await sql<{ one: number }>`SELECT 1 AS one`.execute(tx)).rows[0]!.one)).toBe(1);
    } finally {
      await d.drop();
    }
  });
});
