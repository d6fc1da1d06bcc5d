import { randomInt } from 'node:crypto';
import { Status, type TerminalKind } from '@moneybox/contract';
import { isoIn, isoNow } from '../../clock.js';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { refuse } from '../../domain/status-refusal.js';
import { storeScope } from '../../repositories/store-scope.js';
import { openStore } from '../store/store-guard.js';
import { audited } from '../change.js';
import { hashCode } from './enrolment-code.js';

/** How long a boss's enrolment code works. */
const ENROL_CODE_TTL_MS = 60 * 60_000;

/** Letters and digits nobody misreads (no 0/O, 1/I/L). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';


function newCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

export const MACHINE_LIMIT_MESSAGE = 'the store has its maximum number of machines';

/**
 * A boss's one-time enrolment code for one new terminal: shown once, stored as its hash, good for
 * an hour. The machine's name is chosen now (the next free number unless given), so the screen
 * can say which machine the code is for.
 */
export async function createEnrolCode(deps: Deps, actor: Actor, input: { kind: TerminalKind; machine_id?: number | undefined }) {
  const storeId = actor.storeId;
  const scope = storeScope(deps.handle.db, storeId);
  const store = await openStore(scope);
  if ((await scope.machines.countLive()) >= store.max_machines) refuse(Status.EXECUTE_ERROR, { error: MACHINE_LIMIT_MESSAGE, reason: 'machine_limit' });
  const name = input.machine_id ?? (await scope.machines.nextName(input.kind));
  if (await scope.machines.nameTaken(name)) refuse(Status.MACHINE_NAME_USED);
  const code = newCode();
  const at = isoNow();
  const expiresAt = isoIn(ENROL_CODE_TTL_MS);
  await audited(deps, actor, async (tx, _audit, change) => {
    await storeScope(tx.handle.db, storeId).enrolmentCodes.insert({ code_hash: hashCode(code), kind: input.kind, machine_name: name, account_id: actor.accountId, created_at: at, expires_at: expiresAt });
    // The code itself never reaches the trail (it is a secret until used).
    await change.audit({ storeId, kind: 'machine.enrol_code', target: { type: 'machine', label: String(name) }, after: { kind: input.kind, name, expires_at: expiresAt } }, at);
  });
  return { code, kind: input.kind, machine_id: name, expiresAt };
}
