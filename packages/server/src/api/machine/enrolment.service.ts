import { createHash, randomInt } from 'node:crypto';
import { Status, TerminalClose, type TerminalKind } from '@moneybox/contract';
import { isoIn, isoNow } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { parsePublicKey, signatureValid } from '../../auth/terminal-key.js';
import type { AuthedContext } from '../../http/call.js';
import { refuse } from '../../http/errors.js';
import { enrolmentCodeRepository } from '../../repositories/enrolment-code.repository.js';
import { machineRepository, type MachineRow } from '../../repositories/machine.repository.js';
import { storeRepository } from '../../repositories/store.repository.js';
import { openStore } from '../store/store-guard.js';
import { actorOf, writeAudit } from '../../audit/audit.js';

/** How long a boss's enrolment code works. */
export const ENROL_CODE_TTL_MS = 60 * 60_000;

/** Letters and digits nobody misreads (no 0/O, 1/I/L). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function hashCode(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest('hex');
}

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
export async function createEnrolCode(input: { kind: TerminalKind; machine_id?: number | undefined }, ctx: AuthedContext) {
  const { db } = ctx.deps.handle;
  const storeId = ctx.caller.storeId;
  await openStore(db, storeId);
  const store = await storeRepository.find(db, storeId);
  if (!store) refuse(Status.KIOSK_CLOSED);
  if ((await machineRepository.countLive(db, storeId)) >= store.max_machines) refuse(Status.EXECUTE_ERROR, { error: MACHINE_LIMIT_MESSAGE, reason: 'machine_limit' });
  const name = input.machine_id ?? (await machineRepository.nextName(db, storeId, input.kind));
  if (await machineRepository.nameTaken(db, storeId, name)) refuse(Status.MACHINE_NAME_USED);
  const code = newCode();
  const at = isoNow();
  const expiresAt = isoIn(ENROL_CODE_TTL_MS);
  await db.transaction().execute(async (tx) => {
    await enrolmentCodeRepository.insert(tx, { store_id: storeId, code_hash: hashCode(code), kind: input.kind, machine_name: name, account_id: ctx.caller.accountId, created_at: at, expires_at: expiresAt });
    // The code itself never reaches the trail (it is a secret until used).
    await writeAudit(tx, actorOf(ctx.caller), { storeId, kind: 'machine.enrol_code', target: { type: 'machine', label: String(name) }, after: { kind: input.kind, name, expires_at: expiresAt } }, at);
  });
  return { code, kind: input.kind, machine_id: name, expiresAt };
}

/** Why a terminal's opening message was refused: the connection closes with this code and reason. */
export class TerminalDenied extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

function deny(code: number, reason: string): never {
  throw new TerminalDenied(code, reason);
}

/** A new terminal: the code must be unused, unexpired and of this kiosk; the machine row is created with its public key. */
export async function enrol(handle: DatabaseHandle, msg: { kiosk_id: number; code: string; public_key: string }): Promise<MachineRow> {
  const { db } = handle;
  if (!parsePublicKey(msg.public_key)) deny(TerminalClose.ENROL_REFUSED, 'public_key is not an Ed25519 key');
  const at = isoNow();
  const code = await enrolmentCodeRepository.findUsable(db, hashCode(msg.code), at);
  if (!code) deny(TerminalClose.ENROL_REFUSED, 'unknown, used or expired enrolment code');
  if (Number(code.store_id) !== msg.kiosk_id) deny(TerminalClose.WRONG_STORE, 'enrolment code of another store');
  const store = await storeRepository.find(db, msg.kiosk_id);
  if (!store || store.closed === 1) deny(TerminalClose.ENROL_REFUSED, 'store closed');
  try {
    const id = await db.transaction().execute(async (tx) => {
      if ((await machineRepository.countLive(tx, msg.kiosk_id)) >= store.max_machines) deny(TerminalClose.ENROL_REFUSED, MACHINE_LIMIT_MESSAGE);
      const rowId = await machineRepository.insert(tx, { store_id: msg.kiosk_id, machine_id: Number(code.machine_name), kind: code.kind, public_key: msg.public_key, created_at: at });
      if (!(await enrolmentCodeRepository.use(tx, code.id, at, rowId))) deny(TerminalClose.ENROL_REFUSED, 'enrolment code already used');
      return rowId;
    });
    return (await machineRepository.find(db, msg.kiosk_id, id))!;
  } catch (err) {
    if (isUniqueViolation(err)) deny(TerminalClose.ENROL_REFUSED, `machine name ${code.machine_name} is already on the floor`);
    throw err;
  }
}

/** An enrolled terminal proves it holds its key by signing this connection's nonce. */
export async function authenticate(handle: DatabaseHandle, msg: { kiosk_id: number; terminal_id: number; signature: string }, nonce: string): Promise<MachineRow> {
  const m = await machineRepository.findAnyStore(handle.db, msg.terminal_id);
  // Unknown, released (its key forgotten) or forged: one answer, so a prober learns nothing.
  if (!m || !m.public_key || !signatureValid(m.public_key, nonce, msg.signature)) deny(TerminalClose.AUTH_FAILED, 'unknown terminal or bad signature');
  if (Number(m.store_id) !== msg.kiosk_id) deny(TerminalClose.WRONG_STORE, 'terminal of another store');
  const store = await storeRepository.find(handle.db, msg.kiosk_id);
  if (!store || store.closed === 1) deny(TerminalClose.AUTH_FAILED, 'store closed');
  return m;
}
