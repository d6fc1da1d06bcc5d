import { CompiledQuery } from 'kysely';
import { Status, type TerminalAck, type TerminalRefusal } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import type { DatabaseHandle, Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { ApiError } from '../../http/errors.js';
import { runMoneyTransaction } from '../../ledger/money-transaction.js';
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

/**
 * Applies a terminal's sequenced command exactly once (SAS transaction ids, G2S command ids):
 * commands of one terminal are numbered 1, 2, 3...; seq = last_seq + 1 applies and stores its
 * acknowledgement in the same transaction; a seq already applied answers the stored
 * acknowledgement again (duplicate: true) and changes nothing; a seq past the next one is refused
 * (seq_gap) so nothing is applied out of order. Two connections racing with the same seq cannot
 * both apply: the ack's primary key and the guarded last_seq update let only one commit.
 *
 * `fn` may write and then refuse (TerminalRefused): its writes roll back to a savepoint and the
 * refusal is stored as the outcome. A wrong PIN is not a refusal but an outcome that writes (the
 * failure count), so `fn` returns it with ok: false.
 */
export async function applyOnce(handle: DatabaseHandle, t: TerminalRef, seq: number, fn: (tx: Db) => Promise<AckBody>): Promise<TerminalAck> {
  const stored = await terminalAckRepository.find(handle.db, t.id, seq);
  if (stored) return { ...(JSON.parse(stored) as TerminalAck), duplicate: true };
  try {
    return await runMoneyTransaction(handle, async (tx) => {
      const last = await machineRepository.lastSeq(tx, t.id);
      if (last === undefined) return { type: 'ack', seq, ok: false, reason: 'not_playing' } as TerminalAck;
      if (seq <= last) return { ...(JSON.parse((await terminalAckRepository.find(tx, t.id, seq)) ?? '{}') as TerminalAck), duplicate: true };
      if (seq > last + 1) return { type: 'ack', seq, ok: false, reason: 'seq_gap', expected: last + 1 } as TerminalAck;

      await tx.executeQuery(SAVEPOINT);
      let body: AckBody;
      try {
        body = await fn(tx);
        await tx.executeQuery(RELEASE);
      } catch (err) {
        const refusal = asRefusal(err);
        if (!refusal) throw err;
        await tx.executeQuery(ROLLBACK);
        await tx.executeQuery(RELEASE);
        body = { ok: false, reason: refusal.reason, ...refusal.extra };
      }
      const ack: TerminalAck = { type: 'ack', seq, ...body };
      await terminalAckRepository.insert(tx, { machine_row_id: t.id, seq, store_id: t.storeId, at: isoNow(), ack: JSON.stringify(ack) });
      if (!(await machineRepository.advanceSeq(tx, t.id, seq))) throw new RacedSeq();
      return ack;
    });
  } catch (err) {
    if (!(err instanceof RacedSeq) && !isUniqueViolation(err)) throw err;
    // Another connection of this terminal applied the same seq first: its outcome is this one's.
    const again = await terminalAckRepository.find(handle.db, t.id, seq);
    if (!again) throw err;
    return { ...(JSON.parse(again) as TerminalAck), duplicate: true };
  }
}

class RacedSeq extends Error {}

/** The ledger's guarded updates answer catalogued statuses; at a terminal they are refusals. */
function asRefusal(err: unknown): TerminalRefused | undefined {
  if (err instanceof TerminalRefused) return err;
  if (err instanceof ApiError) {
    if (err.status === Status.CREDIT_ERROR) return new TerminalRefused('credit');
    if (err.status === Status.AMOUNT_ERROR) return new TerminalRefused('no_balance');
  }
  return undefined;
}

const SAVEPOINT = CompiledQuery.raw('SAVEPOINT terminal_command');
const ROLLBACK = CompiledQuery.raw('ROLLBACK TO SAVEPOINT terminal_command');
const RELEASE = CompiledQuery.raw('RELEASE SAVEPOINT terminal_command');
