import { type TerminalAck, type TerminalRefusal } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import type { DatabaseHandle, Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { applyCommand, isStale, moneyTestHooks, type CommandPlan } from '../../money/apply-movement.js';
import { runMoneyCall, runMoneyTransaction } from '../../money/money-transaction.js';
import { machineRepository } from '../../repositories/machine.repository.js';
import { terminalAckRepository } from '../../repositories/terminal-ack.repository.js';
import { asTerminalRefusal } from './terminal-answer.js';

export { refuseCommand, TerminalRefused } from './terminal-refusal.js';

/** What a command answers besides type and seq. */
export type AckBody = { ok: boolean; reason?: TerminalRefusal } & Record<string, unknown>;

export interface TerminalRef {
  id: number;
  storeId: number;
}

/** The machine as a command finds it, read in the command's transaction (one query). */
export interface MachineState {
  last_seq: number;
  customer_id: number | null;
  exchange_rate: number;
}

/**
 * Applies a terminal's sequenced command exactly once (SAS transaction ids, G2S command ids):
 * commands of one terminal are numbered 1, 2, 3...; seq = last_seq + 1 applies and stores its
 * acknowledgement in the same transaction; a seq already applied answers the stored
 * acknowledgement again (duplicate: true) and changes nothing; a seq past the next one is refused
 * (seq_gap) so nothing is applied out of order. Two connections racing with the same seq cannot
 * both apply: the ack's primary key and the guarded last_seq update let only one commit.
 *
 * When `fn` refuses (TerminalRefused), its transaction rolls back whole and the refusal is then
 * stored as the outcome in a transaction of its own: refusals are rare, so the common path pays
 * no savepoint round trips. A wrong PIN is not a refusal but an outcome that writes (the failure
 * count), so `fn` returns it with ok: false.
 */
export async function applyOnce(handle: DatabaseHandle, t: TerminalRef, seq: number, fn: (tx: Db, m: MachineState) => Promise<AckBody>): Promise<TerminalAck> {
  try {
    return await runMoneyTransaction(handle, (tx) => inOrder(tx, t, seq, async (m) => fn(tx, m)));
  } catch (err) {
    const refusal = asTerminalRefusal(err);
    if (refusal) {
      const body: AckBody = { ok: false, reason: refusal.reason, ...refusal.extra };
      return applyOnceRaced(handle, t, seq, () => runMoneyTransaction(handle, (tx) => inOrder(tx, t, seq, async () => body)));
    }
    return afterRace(handle, t, seq, err);
  }
}

/** The seated customer's balances as read, for a command's rules. */
export interface Seated {
  id: number;
  entries_cents: number;
  winnings_cents: number;
}

/** What a seated customer's command does, as its rules decided it (applied by either path). */
export interface SeatedOutcome {
  movements: CommandPlan['movements'];
  round?: CommandPlan['round'];
  meters?: CommandPlan['meters'];
  body: AckBody;
}

/** What a command's rules decided on PostgreSQL's fast path, for the one apply call. */
interface Decided {
  /** The machine's seated customer as read (the apply refuses if it changed). */
  seat: number | null;
  /** The customer whose money moves, and its row's version as read. */
  customer: number;
  customerVersion: string;
  movements: CommandPlan['movements'];
  round?: CommandPlan['round'];
  meters?: CommandPlan['meters'];
  /** The ack's body; a `movement_id` in it becomes the first ledger row's id. */
  body: AckBody;
}

/**
 * PostgreSQL's fast path for a sequenced command: ONE read (`read`: the machine's last seq and all
 * the command's rules need), the command's rules (`decide`: the same functions the transactional
 * path runs), ONE call of the rule-free apply function (money/apply-movement.ts), which refuses
 * the plan if the customer row changed since the read (kick, logout, any money movement, a PIN or
 * a block), the machine moved past seq - 1 or its seat changed. Undefined whenever anything is not
 * plainly "the next command, accepted": a resend, a gap, a refusal (Refusal or TerminalRefused), a
 * case `decide` leaves to the transaction (undefined), a failed guard. The caller then runs
 * applyOnce, which answers every case (and stores refusals) exactly as before.
 */
export async function applyReadOnce<R extends { last_seq: number }>(
  handle: DatabaseHandle,
  t: TerminalRef,
  seq: number,
  read: () => Promise<R | undefined>,
  decide: (r: R, at: string) => Decided | undefined,
): Promise<TerminalAck | undefined> {
  if (handle.dialect !== 'postgres') return undefined;
  return runMoneyCall(handle, async () => {
    const r = await read();
    if (!r || seq !== r.last_seq + 1) return undefined;
    await moneyTestHooks.afterRead?.(1);
    const at = isoNow();
    let d: Decided | undefined;
    try {
      d = decide(r, at);
    } catch (err) {
      if (asTerminalRefusal(err)) return undefined;
      throw err;
    }
    if (!d) return undefined;
    const ack: TerminalAck = { type: 'ack', seq, ...d.body };
    let movementId: number | null;
    try {
      movementId = await applyCommand(handle, {
        machineRowId: t.id,
        seq,
        seat: d.seat,
        customer: d.customer,
        storeId: t.storeId,
        at,
        ack: JSON.stringify(ack),
        customerVersion: d.customerVersion,
        movements: d.movements,
        round: d.round,
        meters: d.meters,
      });
    } catch (err) {
      if (isStale(err) || isUniqueViolation(err)) return undefined;
      throw err;
    }
    return 'movement_id' in ack ? { ...ack, movement_id: movementId } : ack;
  });
}

/** A command of the customer seated at this machine (a round) on the fast path: nobody seated here is the transaction's case. */
export function applySeatedOnce(
  handle: DatabaseHandle,
  t: TerminalRef,
  seq: number,
  decide: (c: Seated, rate: number, at: string) => SeatedOutcome,
): Promise<TerminalAck | undefined> {
  return applyReadOnce(
    handle,
    t,
    seq,
    () => machineRepository.seatedState(handle, t.id),
    (m, at) => {
      if (m.customer_id === null || m.playing_machine_id !== t.id || m.version === null) return undefined;
      const o = decide({ id: m.customer_id, entries_cents: m.entries_cents, winnings_cents: m.winnings_cents }, m.exchange_rate, at);
      return { seat: m.customer_id, customer: m.customer_id, customerVersion: m.version, ...o };
    },
  );
}

/**
 * The stored acknowledgement of an already applied seq, if any: commands that do slow work before
 * their transaction (a PIN's hash) check this first, so a resend costs no hashing.
 */
export async function alreadyApplied(handle: DatabaseHandle, t: TerminalRef, seq: number): Promise<TerminalAck | undefined> {
  const stored = await terminalAckRepository.find(handle.db, t.id, seq);
  return stored ? { ...(JSON.parse(stored) as TerminalAck), duplicate: true } : undefined;
}

async function applyOnceRaced(handle: DatabaseHandle, t: TerminalRef, seq: number, run: () => Promise<TerminalAck>): Promise<TerminalAck> {
  try {
    return await run();
  } catch (err) {
    return afterRace(handle, t, seq, err);
  }
}

/** Another connection of this terminal applied the same seq first: its outcome is this one's. */
async function afterRace(handle: DatabaseHandle, t: TerminalRef, seq: number, err: unknown): Promise<TerminalAck> {
  if (!(err instanceof RacedSeq) && !isUniqueViolation(err)) throw err;
  const again = await terminalAckRepository.find(handle.db, t.id, seq);
  if (!again) throw err;
  return { ...(JSON.parse(again) as TerminalAck), duplicate: true };
}

/** The sequence check, the command's outcome, its stored ack and the advanced seq, in one transaction. */
async function inOrder(tx: Db, t: TerminalRef, seq: number, outcome: (m: MachineState) => Promise<AckBody>): Promise<TerminalAck> {
  const m = await machineRepository.commandState(tx, t.id);
  if (!m) return { type: 'ack', seq, ok: false, reason: 'not_playing' };
  if (seq <= m.last_seq) return { ...(JSON.parse((await terminalAckRepository.find(tx, t.id, seq)) ?? '{}') as TerminalAck), duplicate: true };
  if (seq > m.last_seq + 1) return { type: 'ack', seq, ok: false, reason: 'seq_gap', expected: m.last_seq + 1 };
  const ack: TerminalAck = { type: 'ack', seq, ...(await outcome(m)) };
  await terminalAckRepository.insert(tx, { machine_row_id: t.id, seq, store_id: t.storeId, at: isoNow(), ack: JSON.stringify(ack) });
  if (!(await machineRepository.advanceSeq(tx, t.id, seq))) throw new RacedSeq();
  return ack;
}

class RacedSeq extends Error {}
