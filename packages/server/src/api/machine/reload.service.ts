import type { TerminalAck, TerminalKind } from '@moneybox/contract';
import { verifySecret } from '../../auth/password.js';
import { isoNow } from '../../clock.js';
import type { DatabaseHandle, Db } from '../../db/database.js';
import type { Channel } from '../../money/ledger.js';
import { post } from '../../money/ledger.js';
import { MOVEMENTS } from '../../money/movements.js';
import { customerMovementRepository } from '../../repositories/customer-movement.repository.js';
import { playRepository } from '../../repositories/play.repository.js';
import { overrun, windowStarts } from '../../money/purchase-limits.js';
import { alreadyApplied, applyOnce, refuseCommand, type TerminalRef } from './sequence.js';

/** Each reload terminal kind's channel in the ledger (the daily report splits by it). */
const CHANNEL: Record<Exclude<TerminalKind, 'game'>, Channel> = { reload_kiosk: 'reload_kiosk', reloader: 'reloader', online: 'online' };

type ReloadTerminal = TerminalRef & { kind: TerminalKind };

/**
 * The checks every customer money movement makes whatever the channel (the counter's are in
 * api/customer/movement.service.ts): store open, customer of this store, not blocked, not seated
 * at a machine, at least the store's minimum. Returns the locked customer.
 */
async function customerMayMove(tx: Db, handle: DatabaseHandle, t: TerminalRef, mobileId: string, amount: number) {
  const store = await tx
    .selectFrom('store')
    .select(['closed', 'frozen', 'min_amount_cents', 'limit_hourly_cents', 'limit_daily_cents', 'limit_weekly_cents', 'max_failed_logins'])
    .where('id', '=', t.storeId)
    .executeTakeFirstOrThrow();
  if (store.closed === 1) refuseCommand('store_closed');
  if (store.frozen === 1) refuseCommand('store_frozen');
  const found = await playRepository.customerForLogin(tx, t.storeId, mobileId);
  if (!found) refuseCommand('no_customer');
  const c = await playRepository.lockForLogin(tx, handle.dialect, t.storeId, found.id);
  if (!c) refuseCommand('no_customer');
  if (c.blocked === 1) refuseCommand('blocked');
  if (c.playing_machine_id !== null) refuseCommand('customer_playing');
  if (amount < store.min_amount_cents) refuseCommand('min_amount', { min_amount_cents: store.min_amount_cents });
  return { c, store };
}

/** A purchase at a reload kiosk, reloader or online: entries +a, store credit -a, the counter's limits. */
export async function purchase(handle: DatabaseHandle, t: ReloadTerminal, cmd: { seq: number; mobile_id: string; amount_cents: number }): Promise<TerminalAck> {
  return applyOnce(handle, t, cmd.seq, async (tx) => {
    if (t.kind === 'game') refuseCommand('wrong_kind');
    const a = cmd.amount_cents;
    const { c, store } = await customerMayMove(tx, handle, t, cmd.mobile_id, a);
    const at = isoNow();
    const used = await customerMovementRepository.purchaseWindows(tx, t.storeId, c.id, windowStarts(Date.parse(at)));
    const over = overrun(store, used, a);
    if (over) refuseCommand('limit', { limit: over.limit, left_cents: over.left });
    const channel = CHANNEL[t.kind as Exclude<TerminalKind, 'game'>];
    const d = MOVEMENTS.terminal_purchase;
    const id = await post(tx, { storeId: t.storeId, kind: d.kind, channel, amount: a, customerId: c.id, machineId: t.id, ...d.effects(a), key: `t${t.id}:${cmd.seq}`, at });
    return { ok: true, movement_id: id, customer_id: c.id, entries_cents: c.entries_cents + a, winnings_cents: c.winnings_cents };
  });
}

/** A redeem at a reload kiosk (PIN required): winnings -a, store credit +a. */
export async function redeem(handle: DatabaseHandle, t: ReloadTerminal, cmd: { seq: number; mobile_id: string; pin: string; amount_cents: number }): Promise<TerminalAck> {
  const done = await alreadyApplied(handle, t, cmd.seq);
  if (done) return done;
  const found = await playRepository.customerForLogin(handle.db, t.storeId, cmd.mobile_id);
  const pinOk = found ? await verifySecret(cmd.pin, found.pin_hash) : false;
  return applyOnce(handle, t, cmd.seq, async (tx) => {
    if (t.kind !== 'reload_kiosk') refuseCommand('wrong_kind');
    const a = cmd.amount_cents;
    const { c, store } = await customerMayMove(tx, handle, t, cmd.mobile_id, a);
    if (c.pin_failures >= store.max_failed_logins) refuseCommand('pin_locked');
    if (!pinOk || c.pin_hash !== found?.pin_hash) {
      const failures = c.pin_failures + 1;
      await playRepository.setPinFailures(tx, c.id, failures);
      return { ok: false, reason: failures >= store.max_failed_logins ? 'pin_locked' : 'wrong_pin', tries_left: Math.max(0, store.max_failed_logins - failures) };
    }
    if (c.winnings_cents < a) refuseCommand('no_balance', { winnings_cents: c.winnings_cents });
    const d = MOVEMENTS.terminal_redeem;
    const id = await post(tx, { storeId: t.storeId, kind: d.kind, channel: d.channel, amount: a, customerId: c.id, machineId: t.id, ...d.effects(a), key: `t${t.id}:${cmd.seq}`, at: isoNow() });
    if (c.pin_failures > 0) await playRepository.setPinFailures(tx, c.id, 0);
    return { ok: true, movement_id: id, customer_id: c.id, entries_cents: c.entries_cents, winnings_cents: c.winnings_cents - a };
  });
}
