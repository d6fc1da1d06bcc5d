import type { Db } from '../db/database.js';

/** The tables whose rows count failed sign-in tries and lock (same columns): staff and platform accounts. */
export type TriesTable = 'account' | 'platform_account';

/**
 * Takes one of an account's tries before its secret is checked, in one conditional statement
 * (atomic on both databases and across servers): the new count, or undefined when none is left. The
 * last try locks the account as it is taken, so a burst can never check more secrets than allowed,
 * and a crash during the check leaves it plainly locked. THE lockout rule, for staff and console alike.
 */
export async function takeTry(db: Db, table: TriesTable, id: number, maxTries: number): Promise<number | undefined> {
  // Both tables have these columns with these types; the builder is typed by one of them.
  const row = await db
    .updateTable(table as 'account')
    .set((eb) => ({
      failed_logins: eb('failed_logins', '+', 1),
      locked: eb.case().when('failed_logins', '>=', maxTries - 1).then(1).else(0).end(),
    }))
    .where('id', '=', id)
    .where('locked', '=', 0)
    .where('failed_logins', '<', maxTries)
    .returning('failed_logins')
    .executeTakeFirst();
  return row?.failed_logins;
}

/** The right secret gives the tries back (and the lock its last try took). */
export function giveTriesBack(db: Db, table: TriesTable, id: number, tookLast: boolean) {
  return db
    .updateTable(table as 'account')
    .set({ failed_logins: 0, ...(tookLast ? { locked: 0 } : {}) })
    .where('id', '=', id)
    .execute();
}

/**
 * A right first step (the console's password before its second factor) gives back only the try it
 * reserved (and the lock, when that try took it): the tries of the whole sign-in come back with it.
 */
export function giveTryBack(db: Db, table: TriesTable, id: number, tookLast: boolean) {
  return db
    .updateTable(table as 'account')
    .set((eb) => ({
      failed_logins: eb.case().when('failed_logins', '>', 0).then(eb('failed_logins', '-', 1)).else(0).end(),
      ...(tookLast ? { locked: 0 } : {}),
    }))
    .where('id', '=', id)
    .execute();
}
