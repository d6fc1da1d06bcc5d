import { creditsToCents, centsToCredits, type TerminalAck } from '@moneybox/contract';
import { z } from 'zod';
import { verifySecret } from '../../auth/password.js';
import { isoNow } from '../../clock.js';
import type { DatabaseHandle, Db } from '../../db/database.js';
import { post } from '../../money/ledger.js';
import { betEffects, MOVEMENTS } from '../../money/movements.js';
import { runningProtection } from '../../money/protection.js';
import { customerRepository } from '../../repositories/customer.repository.js';
import { machineRepository } from '../../repositories/machine.repository.js';
import { playRepository } from '../../repositories/play.repository.js';
import type { Deps } from '../deps.js';
import type { giftCommand, roundCommand } from '@moneybox/contract';
import { saveMeters } from './meters.js';
import { alreadyApplied, applyOnce, applySeatedOnce, refuseCommand, type MachineState, type Seated, type SeatedOutcome, type TerminalRef } from './sequence.js';

/**
 * Game machines: a customer's session (login, logout) and what they play (rounds, gifts). Every
 * command runs through applyOnce, so it applies exactly once however often it is resent.
 * Lock order, as everywhere: the customer's row, then the machine's (customerRepository.release).
 */

/** A seated customer's balances as the machine shows them. */
function balances(c: { entries_cents: number; winnings_cents: number }, rate: number) {
  return { entries_cents: c.entries_cents, winnings_cents: c.winnings_cents, credits: centsToCredits(c.entries_cents + c.winnings_cents, rate) };
}

/**
 * Mobile id + PIN. The PIN is checked (a slow hash) before the command's transaction so the group
 * commit never waits on it; the transaction then re-reads the customer and only trusts the check if
 * the PIN hash is still the one checked.
 */
export async function login({ handle }: Deps, t: TerminalRef, cmd: { seq: number; mobile_id: string; pin: string }): Promise<TerminalAck> {
  const done = await alreadyApplied(handle, t, cmd.seq);
  if (done) return done;
  const found = await playRepository.customerForLogin(handle.db, t.storeId, cmd.mobile_id);
  const pinOk = found ? await verifySecret(cmd.pin, found.pin_hash) : false;
  return applyOnce(handle, t, cmd.seq, async (tx, seat) => {
    const store = await playRepository.storeState(tx, t.storeId);
    if (store.closed === 1) refuseCommand('store_closed');
    if (store.frozen === 1) refuseCommand('store_frozen');
    if (!found) refuseCommand('no_customer');
    const c = await playRepository.lockForLogin(tx, handle.dialect, t.storeId, found.id);
    if (!c) refuseCommand('no_customer');
    if (c.blocked === 1) refuseCommand('blocked');
    // Self-excluded or cooling off: plays nothing (money/protection.ts).
    const p = runningProtection(c, isoNow());
    if (p) refuseCommand('excluded', { protection: p.kind, until: p.until });
    if (c.pin_failures >= store.max_failed_logins) refuseCommand('pin_locked');
    if (!pinOk || c.pin_hash !== found.pin_hash) {
      const failures = c.pin_failures + 1;
      await playRepository.setPinFailures(tx, c.id, failures);
      return { ok: false, reason: failures >= store.max_failed_logins ? 'pin_locked' : 'wrong_pin', tries_left: Math.max(0, store.max_failed_logins - failures) };
    }
    if (c.playing_machine_id !== null && c.playing_machine_id !== t.id) refuseCommand('playing_elsewhere');
    if (seat.customer_id !== null && seat.customer_id !== c.id) refuseCommand('machine_busy');
    await playRepository.seat(tx, c.id, t.id, isoNow());
    await machineRepository.seatCustomer(tx, t.id, c.id);
    return { ok: true, customer_id: c.id, name: `${c.first_name} ${c.last_name}`.trim(), ...balances(c, seat.exchange_rate) };
  });
}

export async function logout({ handle }: Deps, t: TerminalRef, cmd: { seq: number }): Promise<TerminalAck> {
  return applyOnce(handle, t, cmd.seq, async (tx, seat) => {
    // Nobody seated (kicked meanwhile): the logout has nothing to end, and says so.
    if (seat.customer_id === null) return { ok: true, customer_id: null };
    await customerRepository.release(tx, t.storeId, seat.customer_id, isoNow());
    return { ok: true, customer_id: seat.customer_id };
  });
}

/** The seated customer, locked; refused when nobody sits here (logged out or kicked). */
async function seated(tx: Db, handle: DatabaseHandle, t: TerminalRef, seat: MachineState) {
  if (seat.customer_id === null) refuseCommand('not_playing');
  const c = await customerRepository.lock(tx, handle.dialect, t.storeId, seat.customer_id);
  // The customer row is the truth (a kick clears it first): only a customer seated HERE plays here.
  if (!c || c.playing_machine_id !== t.id) refuseCommand('not_playing');
  return { c, rate: seat.exchange_rate };
}

function toCents(credits: number, rate: number): number {
  const c = creditsToCents(credits, rate);
  return c === null ? refuseCommand('not_whole_cents', { exchange_rate: rate }) : c;
}

/**
 * The rules of one round: the bet (JP + game + extra + buy-bonus) comes out of entries first, then
 * winnings, never below zero (no_balance refuses the whole round); the win goes to winnings. Both
 * are ledger rows of this machine, keyed by the terminal's seq so even a logic slip could not post
 * them twice.
 */
function decideRound(t: TerminalRef, cmd: z.output<typeof roundCommand>, c: Seated, rate: number, at: string): SeatedOutcome {
  const betCents = toCents(cmd.jp_bet + cmd.game_bet + cmd.extra_bet + cmd.buy_bonus_cost, rate);
  const winCents = toCents(cmd.win, rate);
  const bet = betEffects(betCents, c.entries_cents);
  const fromEntries = -(bet.entries ?? 0);
  const fromWinnings = -(bet.winnings ?? 0);
  if (fromWinnings > c.winnings_cents) refuseCommand('no_balance', balances(c, rate));
  const note = `round ${cmd.round_no}`;
  const movements: SeatedOutcome['movements'] = [];
  if (betCents > 0) movements.push({ kind: 'bet', channel: 'machine', amount: betCents, entries: -fromEntries, winnings: -fromWinnings, key: `t${t.id}:${cmd.seq}:bet`, note });
  if (winCents > 0) {
    const w = MOVEMENTS.win;
    const e = w.effects(winCents);
    movements.push({ kind: w.kind, channel: w.channel, amount: winCents, entries: e.entries ?? 0, winnings: e.winnings ?? 0, key: `t${t.id}:${cmd.seq}:win`, note });
  }
  const { jp_bet, game_bet, extra_bet, buy_bonus_cost, win, round_no, serial_no, game_name, begin_credits, end_credits } = cmd;
  return {
    movements,
    round: { store_id: t.storeId, customer_id: c.id, machine_id: t.id, seq: cmd.seq, round_no, serial_no, at, game_name, begin_credits, end_credits, jp_bet, game_bet, extra_bet, buy_bonus_cost, win },
    meters: cmd.meters,
    body: { ok: true, ...balances({ entries_cents: c.entries_cents - fromEntries, winnings_cents: c.winnings_cents - fromWinnings + winCents }, rate) },
  };
}

/** One round: on PostgreSQL read-decide-apply (applySeatedOnce), else (and for every other case) one transaction. */
export async function round({ handle }: Deps, t: TerminalRef, cmd: z.output<typeof roundCommand>): Promise<TerminalAck> {
  const fast = await applySeatedOnce(handle, t, cmd.seq, (c, rate, at) => decideRound(t, cmd, c, rate, at));
  if (fast) return fast;
  return applyOnce(handle, t, cmd.seq, async (tx, seat) => {
    const { c, rate } = await seated(tx, handle, t, seat);
    const o = decideRound(t, cmd, c, rate, isoNow());
    const base = { storeId: t.storeId, customerId: c.id, machineId: t.id, at: o.round!.at as string };
    for (const m of o.movements) await post(tx, { ...base, ...m });
    await playRepository.insertRound(tx, o.round as Parameters<typeof playRepository.insertRound>[1]);
    if (o.meters) await saveMeters(tx, t, o.meters, base.at);
    return o.body;
  });
}

/** A bonus award: a gift log row, and its amount (if any) into the customer's entries. */
export async function gift({ handle }: Deps, t: TerminalRef, cmd: z.output<typeof giftCommand>): Promise<TerminalAck> {
  return applyOnce(handle, t, cmd.seq, async (tx, seat) => {
    const { c, rate } = await seated(tx, handle, t, seat);
    const cents = toCents(cmd.award_amount, rate);
    const at = isoNow();
    if (cents > 0) {
      const g = MOVEMENTS.gift;
      await post(tx, { storeId: t.storeId, kind: g.kind, channel: g.channel, amount: cents, customerId: c.id, machineId: t.id, ...g.effects(cents), key: `t${t.id}:${cmd.seq}:gift`, note: cmd.title, at });
    }
    await playRepository.insertGift(tx, {
      store_id: t.storeId,
      customer_id: c.id,
      machine_id: t.id,
      at,
      title: cmd.title,
      award_type: cmd.award_type,
      award_amount_cents: cents,
      award_item: cmd.award_item,
      item_amount: cmd.item_amount,
      level: cmd.level,
    });
    return { ok: true, ...balances({ entries_cents: c.entries_cents + cents, winnings_cents: c.winnings_cents }, rate) };
  });
}
