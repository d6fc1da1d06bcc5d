import { TerminalClose } from '@moneybox/contract';
import { parsePublicKey, signatureValid } from '../../auth/terminal-key.js';
import { isoNow } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { UserRefusal } from '../../domain/user-refusal.js';
import { enrolmentCodeRepository } from '../../repositories/enrolment-code.repository.js';
import { machineRepository, type MachineRow } from '../../repositories/machine.repository.js';
import { storeScope } from '../../repositories/store-scope.js';
import { MACHINE_LIMIT_MESSAGE } from '../machine/enrolment.service.js';
import { hashCode } from '../machine/enrolment-code.js';

/**
 * The terminal protocol's opening messages (terminal/connection.ts): enrolment by a boss's code and
 * the signed hello of an enrolled terminal. Keyed by the code's hash and the machine's row id before
 * any store is known, so they read those two repositories directly; once the code or the terminal
 * names its store, everything else goes through that store's scope.
 */

/** Why a terminal's opening message was refused: the connection closes with this code and reason. */
export class TerminalDenied extends UserRefusal {
  readonly family = 'terminal_denied';
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
  // From here on, the code's store (the kiosk the terminal named).
  const scope = storeScope(db, Number(code.store_id));
  const store = await scope.store.find();
  if (!store || store.closed === 1) deny(TerminalClose.ENROL_REFUSED, 'store closed');
  try {
    const id = await db.transaction().execute(async (tx) => {
      const { machines } = scope.in(tx);
      if ((await machines.countLive()) >= store.max_machines) deny(TerminalClose.ENROL_REFUSED, MACHINE_LIMIT_MESSAGE);
      const rowId = await machines.insert({ machine_id: Number(code.machine_name), kind: code.kind, public_key: msg.public_key, created_at: at });
      if (!(await enrolmentCodeRepository.use(tx, code.id, at, rowId))) deny(TerminalClose.ENROL_REFUSED, 'enrolment code already used');
      return rowId;
    });
    return (await scope.machines.find(id))!;
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
  const store = await storeScope(handle.db, Number(m.store_id)).store.find();
  if (!store || store.closed === 1) deny(TerminalClose.AUTH_FAILED, 'store closed');
  return m;
}
