import { Status } from '@moneybox/contract';
import { verifySecret } from '../../auth/password.js';
import type { Db } from '../../db/database.js';
import { refuse } from '../../domain/status-refusal.js';
import { giveTriesBack, giveTryBack, takeTry, type TriesTable } from '../../repositories/login-tries.js';

/** What a right secret gives back: every try (a whole sign-in) or only the one it reserved (a first step). */
export type GiveBack = 'all' | 'one';

/**
 * THE way a secret is checked against an account's tries, for staff and console accounts alike: the
 * try is reserved (and the last allowed one locks) in the database, atomically, BEFORE the secret is
 * checked, so a burst on any number of servers never checks more than `maxTries` wrong secrets. A
 * locked account is 41 without a check; a wrong secret 42 with the tries left (41 when it was the
 * last), after `onWrong` (the caller's audit row); a right one gives back what `giveBack` says (and
 * the lock its reservation took).
 */
export async function checkCountingTries(
  db: Db,
  account: { table: TriesTable; id: number },
  check: () => Promise<boolean>,
  maxTries: number,
  opts: { giveBack?: GiveBack; onWrong?: (tries: number, locked: boolean) => Promise<void> } = {},
): Promise<void> {
  const tries = await takeTry(db, account.table, account.id, maxTries);
  if (tries === undefined) refuse(Status.ACCOUNT_LOCKED);
  const locked = tries >= maxTries;
  if (!(await check())) {
    await opts.onWrong?.(tries, locked);
    if (locked) refuse(Status.ACCOUNT_LOCKED);
    refuse(Status.WRONG_PASSWORD, { try_times: Math.max(0, maxTries - tries) });
  }
  if (opts.giveBack === 'one') await giveTryBack(db, account.table, account.id, locked);
  else await giveTriesBack(db, account.table, account.id, locked);
}

/**
 * A staff account's password checked as login checks it (issue 25), through `checkCountingTries`.
 * Used by the login and by the incoming cashier's signature on a drawer handover.
 */
export function checkPasswordCountingTries(
  db: Db,
  account: { id: number; password_hash: string },
  password: string,
  maxTries: number,
  onWrong?: (tries: number, locked: boolean) => Promise<void>,
): Promise<void> {
  return checkCountingTries(db, { table: 'account', id: account.id }, () => verifySecret(password, account.password_hash), maxTries, onWrong ? { onWrong } : {});
}
