import { Status } from '@moneybox/contract';
import { verifySecret } from '../../auth/password.js';
import type { Db } from '../../db/database.js';
import { refuse } from '../../domain/status-refusal.js';
import { accountRepository } from '../../repositories/account.repository.js';

/**
 * A staff account's password checked as login checks it (issue 25): the try is counted, and the last
 * allowed one locks, before the hash is checked, so a burst never checks more than `maxTries`; a
 * locked account is 41, a wrong password 42 with the tries left (41 when it was the last), after
 * `onWrong` (login's audit row); the right password gives the tries back. Used by the login and by
 * the incoming cashier's signature on a drawer handover.
 */
export async function checkPasswordCountingTries(
  db: Db,
  account: { id: number; password_hash: string },
  password: string,
  maxTries: number,
  onWrong?: (tries: number, locked: boolean) => Promise<void>,
): Promise<void> {
  const tries = await accountRepository.takeTry(db, account.id, maxTries);
  if (tries === undefined) refuse(Status.ACCOUNT_LOCKED);
  const locked = tries >= maxTries;
  if (!(await verifySecret(password, account.password_hash))) {
    await onWrong?.(tries, locked);
    if (locked) refuse(Status.ACCOUNT_LOCKED);
    refuse(Status.WRONG_PASSWORD, { try_times: Math.max(0, maxTries - tries) });
  }
  await accountRepository.giveTriesBack(db, account.id, locked);
}
