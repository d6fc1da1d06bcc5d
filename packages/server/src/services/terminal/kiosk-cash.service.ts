import { writeCountNote, type CashCommand, type TerminalAck, type TerminalKind } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import type { Deps } from '../deps.js';
import { kioskCashRepository } from '../../repositories/kiosk-cash.repository.js';
import { applyOnce, refuseCommand, type TerminalRef } from './sequence.js';

/**
 * A reload kiosk's cash taken or paid out: one kiosk_cash row, applied once by seq like every command
 * (a resend after a reconnect answers the stored ack, duplicate: true, and adds nothing). Only reload
 * kiosks have a cash box (wrong_kind otherwise).
 */
export function kioskCash({ handle }: Deps, t: TerminalRef & { kind: TerminalKind }, cmd: CashCommand): Promise<TerminalAck> {
  return applyOnce(handle, t, cmd.seq, async (tx) => {
    if (t.kind !== 'reload_kiosk') refuseCommand('wrong_kind');
    const id = await kioskCashRepository.insert(tx, {
      store_id: t.storeId,
      machine_id: t.id,
      seq: cmd.seq,
      at: isoNow(),
      direction: cmd.direction,
      amount_cents: cmd.amount_cents,
      meter_cents: cmd.meter_cents,
      detail: cmd.detail ? writeCountNote(cmd.detail) : '',
    });
    return { ok: true, cash_id: id, direction: cmd.direction, meter_cents: cmd.meter_cents };
  });
}
