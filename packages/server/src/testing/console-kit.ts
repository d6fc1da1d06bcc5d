import { generate } from 'otplib';
import type { ConsoleRole } from '@moneybox/contract';
import { createPlatformAccount } from '../services/console/platform-accounts.service.js';
import type { TestServer } from './server.js';
import { SEED } from '../services/audit/audit.js';

export interface ConsoleSession {
  UID: number;
  TOKEN: string;
  username: string;
  password: string;
  secret: string;
  recovery: string[];
  /** The code the enrolment used (the same code again is a replay). */
  code: string;
}

/** The TOTP code of `secret` at `offsetSteps` 30-second steps from now (what an authenticator app shows). */
export function totpCode(secret: string, offsetSteps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
}

let n = 0;
/** A new platform account, enrolled (first sign-in: password, QR secret, first code) and signed in. */
export async function consoleAccount(s: TestServer, role: ConsoleRole, opts: { stores?: number[]; parentId?: number; username?: string } = {}): Promise<ConsoleSession> {
  const username = opts.username ?? `${role.slice(0, 4)}${String(++n).padStart(4, '0')}x`;
  const password = 'console123';
  await createPlatformAccount({ handle: s.handle }, SEED, { username, password, role, stores: opts.stores, parentId: opts.parentId });
  const login = await s.call('/operator/login', { username, password });
  if (login.status !== 0 || login.next !== 'enrol') throw new Error(`login: ${JSON.stringify(login)}`);
  const secret = login.secret as string;
  const code = await totpCode(secret);
  const enrol = await s.call('/operator/enrol', { ticket: login.ticket, code });
  if (enrol.status !== 0) throw new Error(`enrol: ${JSON.stringify(enrol)}`);
  return { UID: enrol.uid as number, TOKEN: enrol.token as string, username, password, secret, recovery: enrol.recovery_codes as string[], code };
}
