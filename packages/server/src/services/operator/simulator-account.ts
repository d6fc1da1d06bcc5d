import { randomInt } from 'node:crypto';
import { SaType, USERNAME_MAX } from '@moneybox/contract';
import { type Db } from '../../db/database.js';
import { hashSecret } from '../../auth/password.js';
import { isoNow } from '../../clock.js';
import { OPERATOR } from '../audit/audit.js';
import { runChange } from '../change.js';
import { storeRepository } from '../../repositories/store.repository.js';
import { accountRepository } from '../../repositories/account.repository.js';
import { OperatorError } from './operator.service.js';

/**
 * The simulator's own staff account of a store (`npm run simulate`): a boss account it signs in with
 * in viewer mode (no drawer, no counter money) to list the floor, make enrolment codes and create its
 * players. Its own account, so its sign-in never ends a person's session (one session per account).
 */
export function simulatorUsername(kioskId: number): string {
  const long = `simulator${kioskId}`;
  return long.length <= USERNAME_MAX ? long : `sim${kioskId}`;
}

const LETTERS = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/** 16 random letters and digits (the spec's password rule: letters and numbers, 6-20). */
function randomPassword(): string {
  const pick = (from: string) => from[randomInt(from.length)]!;
  let s = pick(LETTERS);
  for (let i = 0; i < 14; i++) s += pick(LETTERS + DIGITS);
  return s + pick(DIGITS);
}

/**
 * Gives a store's simulator account a new random password, creating the account when the store has
 * none (an operator action: `npm run admin -- simulator-account`, or the simulator itself when it runs
 * beside the server's database). The password is returned once and stored only as its hash. An account
 * a boss disabled or removed stays so: that is how a store says no simulator may play it.
 */
export async function provideSimulatorAccount(db: Db, kioskId: number): Promise<{ username: string; password: string; created: boolean }> {
  if (!(await storeRepository.find(db, kioskId))) throw new OperatorError(`no kiosk ${kioskId}`);
  const username = simulatorUsername(kioskId);
  const password = randomPassword();
  const existing = await accountRepository.holderOf(db, kioskId, username);
  if (existing?.removed === 1) throw new OperatorError(`the simulator account "${username}" was removed in Account Setting`);
  if (existing?.disabled === 1) throw new OperatorError(`the simulator account "${username}" is disabled in Account Setting; enable it there to let the simulator play`);
  // Hashed before the transaction: the slow KDF must not hold the database's write lock.
  const passwordHash = await hashSecret(password);
  await runChange({ handle: { db } }, OPERATOR, async ({ handle: { db: tx } }, change) => {
    if (existing) {
      await accountRepository.setPassword(tx, existing.id, passwordHash);
    } else {
      await accountRepository.insert(tx, { store_id: kioskId, username, password_hash: passwordHash, sa_type: SaType.BOSS, created_at: isoNow() });
    }
    // The password never reaches the trail.
    await change.audit({ storeId: kioskId, kind: 'operator.command', target: { type: 'account', label: username }, after: { command: 'simulator-account', created: !existing } });
  });
  return { username, password, created: !existing };
}
