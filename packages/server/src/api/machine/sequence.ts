import { type TerminalAck, type TerminalRefusal } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import type { DatabaseHandle, Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { RefusalReason } from '@moneybox/contract';
import { Refusal } from '../../money/refusal.js';
import { applyCommand, isStale, moneyTestHooks, type CommandPlan } from '../../money/apply-movement.js';
import { runMoneyCall, runMoneyTransaction } from '../../money/money-transaction.js';
import { machineRepository } from '../../repositories/machine.repository.js';
import { terminalAckRepository } from '../../repositories/terminal-ack.repository.js';

/** A command's refusal: everything it wrote rolls back, its seq is still used (the refusal is its outcome). */
export class TerminalRefused extends Error {
  constructor(
    readonly reason: TerminalRefusal,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(reason);
  }
}

export function refuseCommand(reason: TerminalRefusal, extra?: Record<string, unknown>): never {
  throw new TerminalRefused(reason, extra);
}

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
    const refusal = asRefusal(err);
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

/**
 * PostgreSQL's fast path for a command of the customer seated at this machine (a round): ONE read
 * (the machine and its customer), the command's rules (`decide`, the same function the
 * transactional path runs), ONE call of the rule-free apply function (money/apply-movement.ts),
 * which refuses the plan if the customer row changed since the read (kick, logout, a counter
 * call), the machine moved past seq - 1 or another customer sat down. Undefined whenever anything
 * is not plainly "the next command of the seated customer, accepted": a resend, a gap, nobody
 * seated, a refusal, a failed guard. The caller then runs applyOnce, which answers every case
 * (and stores refusals) exactly as before.
 */
export async function applySeatedOnce(
  handle: DatabaseHandle,
  t: TerminalRef,
  seq: number,
  decide: (c: Seated, rate: number, at: string) => SeatedOutcome,
): Promise<TerminalAck | undefined> {
  if (handle.dialect !== 'postgres') return undefined;
  return runMoneyCall(handle, async () => {
    const m = await machineRepository.seatedState(handle, t.id);
    if (!m || seq !== m.last_seq + 1 || m.customer_id === null || m.playing_machine_id !== t.id || m.version === null) return undefined;
    await moneyTestHooks.afterRead?.(1);
    const at = isoNow();
    let outcome: SeatedOutcome;
    try {
      outcome = decide({ id: m.customer_id, entries_cents: m.entries_cents, winnings_cents: m.winnings_cents }, m.exchange_rate, at);
    } catch (err) {
      if (err instanceof TerminalRefused) return undefined;
      throw err;
    }
    const ack: TerminalAck = { type: 'ack', seq, ...outcome.body };
    try {
      await applyCommand(handle, {
        machineRowId: t.id,
        seq,
        seat: m.customer_id,
        storeId: t.storeId,
        at,
        ack: JSON.stringify(ack),
        customerVersion: m.version,
        movements: outcome.movements,
        round: outcome.round,
        meters: outcome.meters,
      });
    } catch (err) {
      if (isStale(err) || isUniqueViolation(err)) return undefined;
      throw err;
    }
    return ack;
  });
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

/** The ledger's guarded updates answer catalogued statuses; at a terminal they are refusals. */
function asRefusal(err: unknown): TerminalRefused | undefined {
  if (err instanceof TerminalRefused) return err;
  if (err instanceof Refusal) {
    if (err.reason === RefusalReason.CREDIT || err.reason === RefusalReason.BUDGET) return new TerminalRefused('credit');
    if (err.reason === RefusalReason.ENTRIES || err.reason === RefusalReason.WINNINGS) return new TerminalRefused('no_balance');
  }
  return undefined;
}
