import type { TerminalAck, TerminalKind } from '@moneybox/contract';
import { verifySecret } from '../../auth/password.js';
import { isoNow } from '../../clock.js';
import type { DatabaseHandle, Db } from '../../db/database.js';
import { recordCash } from '../../money/cash-entries.js';
import type { CashStep } from '../../money/cash-log.js';
import { customerMayMove, movementCash, type CustomerMove } from '../../money/customer-rules.js';
import type { Channel } from '../../money/ledger.js';
import { post } from '../../money/ledger.js';
import { MOVEMENTS, type MovementDefinition } from '../../money/movements.js';
import { recentPayoutsSince } from '../../money/payouts.js';
import { windowStarts } from '../../money/purchase-limits.js';
import { playRepository } from '../../repositories/play.repository.js';
import { reloadRepository, type ReloadRead } from '../../repositories/reload.repository.js';
import type { Deps } from '../deps.js';
import { alreadyApplied, applyOnce, applyReadOnce, refuseCommand, type AckBody, type TerminalRef } from './sequence.js';

/** Each reload terminal kind's channel in the ledger (the daily report splits by it). */
const CHANNEL: Record<Exclude<TerminalKind, 'game'>, Channel> = { reload_kiosk: 'reload_kiosk', reloader: 'reloader', online: 'online' };

type ReloadTerminal = TerminalRef & { kind: TerminalKind };
type ReloadCommand = { seq: number; mobile_id: string; amount_cents: number };
type Customer = NonNullable<ReloadRead['customer']>;

/** What a purchase or redeem decided: its one ledger row (for either path) and its ack. */
interface ReloadOutcome {
  customer: Customer;
  movement: { kind: MovementDefinition['kind']; channel: Channel; amount: number; entries: number; winnings: number; credit: number; key: string };
  body: AckBody;
  /** What it does to the customer's cash log (money/cash-log.ts): entries to write beside its ledger row, in its transaction. */
  cash: CashStep | null;
}

/** The movement a terminal's rules allowed, with the ack it answers (movement_id filled in by the apply). */
function outcome(t: ReloadTerminal, cmd: ReloadCommand, d: MovementDefinition, channel: Channel, c: Customer, move: CustomerMove<Customer>): ReloadOutcome {
  const e = d.effects(cmd.amount_cents);
  const entries = e.entries ?? 0;
  const winnings = e.winnings ?? 0;
  return {
    customer: c,
    movement: { kind: d.kind, channel, amount: cmd.amount_cents, entries, winnings, credit: e.credit ?? 0, key: `t${t.id}:${cmd.seq}` },
    body: { ok: true, movement_id: 0, customer_id: c.id, entries_cents: c.entries_cents + entries, winnings_cents: c.winnings_cents + winnings },
    cash: movementCash(move),
  };
}

/** A purchase's rules: the terminal's kind, then the rules every channel shares (money/customer-rules.ts). */
function decidePurchase(t: ReloadTerminal, cmd: ReloadCommand, r: ReloadRead): ReloadOutcome {
  if (t.kind === 'game') refuseCommand('wrong_kind');
  const d = MOVEMENTS.terminal_purchase;
  const channel = CHANNEL[t.kind];
  const move = { kind: d.kind, channel, amount: cmd.amount_cents, at: isoNow(), effects: d.effects(cmd.amount_cents), store: r.store, customer: r.customer, windows: r.windows, recentCash: r.cash };
  const c = customerMayMove(move);
  return outcome(t, cmd, d, channel, c, move);
}

/** The PIN as checked before the command (a slow hash): right or not, for the hash it was checked against. */
interface PinCheck {
  ok: boolean;
  hash: string | undefined;
}

/** A wrong PIN is no refusal but an outcome that writes: the customer's failure count. */
class WrongPin extends Error {
  constructor(readonly failures: number) {
    super('wrong PIN');
  }
}

/** A redeem's rules: a reload kiosk's, then the shared rules with the PIN (as at login) before the balances. */
function decideRedeem(t: ReloadTerminal, cmd: ReloadCommand, r: ReloadRead, pin: PinCheck): ReloadOutcome {
  if (t.kind !== 'reload_kiosk') refuseCommand('wrong_kind');
  const d = MOVEMENTS.terminal_redeem;
  const move = { kind: d.kind, channel: d.channel, amount: cmd.amount_cents, at: isoNow(), effects: d.effects(cmd.amount_cents), store: r.store, customer: r.customer, recentPayouts: r.payouts, recentCash: r.cash };
  const c = customerMayMove(
    move,
    {
      beforeBalances: (c) => {
        if (c.pin_failures >= r.store.max_failed_logins) refuseCommand('pin_locked');
        // The PIN was checked against the hash read before; only that hash, still the customer's, counts.
        if (!pin.ok || c.pin_hash !== pin.hash) throw new WrongPin(c.pin_failures + 1);
      },
    },
  );
  return outcome(t, cmd, d, d.channel, c, move);
}

/** What a command's rules read beside the customer: a purchase its limit windows, a redeem the customer's recent payouts (both every channel). */
type Needs = 'windows' | 'payouts';

function needed(needs: Needs, at: string) {
  const cashSince = recentPayoutsSince(at);
  return needs === 'windows' ? { windows: windowStarts(Date.parse(at)), cashSince } : { payoutsSince: recentPayoutsSince(at), cashSince };
}

/**
 * PostgreSQL: one read, the rules, one call of the rule-free apply function (sequence.ts
 * applyReadOnce); `decide` answers undefined for what only the transaction does (a wrong PIN's
 * count, clearing earlier failures).
 */
function fast(handle: DatabaseHandle, t: ReloadTerminal, cmd: ReloadCommand, needs: Needs, decide: (r: ReloadRead) => ReloadOutcome | undefined) {
  const read = () => reloadRepository.read(handle, handle.db, { machineId: t.id, storeId: t.storeId, mobileId: cmd.mobile_id, ...needed(needs, isoNow()) });
  return applyReadOnce(handle, t, cmd.seq, read, (r) => {
    const o = decide(r);
    // A cash log entry is written beside the movement: the transaction's case.
    if (!o || o.customer.version === null || o.cash?.entries.length) return undefined;
    return { seat: r.seat, customer: o.customer.id, customerVersion: o.customer.version, movements: [o.movement], body: o.body };
  });
}

/** Everywhere else (SQLite, and PostgreSQL's every other case): the same read and rules in the command's transaction. */
function transactional(handle: DatabaseHandle, t: ReloadTerminal, cmd: ReloadCommand, needs: Needs, decide: (tx: Db, r: ReloadRead) => Promise<ReloadOutcome | { answer: AckBody }>) {
  return applyOnce(handle, t, cmd.seq, async (tx) => {
    // PostgreSQL runs money transactions side by side: the customer's row is held until commit.
    if (handle.dialect === 'postgres') await reloadRepository.lockCustomer(tx, t.storeId, cmd.mobile_id);
    const at = isoNow();
    const r = await reloadRepository.read(handle, tx, { machineId: t.id, storeId: t.storeId, mobileId: cmd.mobile_id, ...needed(needs, at) });
    // The terminal was removed since the sequence check: as if it had been before.
    if (!r) refuseCommand('not_playing');
    const o = await decide(tx, r);
    if ('answer' in o) return o.answer;
    const id = await post(tx, { storeId: t.storeId, customerId: o.customer.id, machineId: t.id, at, ...o.movement });
    if (o.cash?.entries.length) {
      await recordCash(o.cash, { storeId: t.storeId, customer: o.customer, at, channel: o.movement.channel, amount: o.movement.amount, accountId: null, machineId: t.id })(tx, id);
    }
    return { ...o.body, movement_id: id };
  });
}

/** A purchase at a reload kiosk, reloader or online: entries +a, store credit -a, the counter's rules and limits. */
export async function purchase({ handle }: Deps, t: ReloadTerminal, cmd: ReloadCommand): Promise<TerminalAck> {
  const decide = (r: ReloadRead) => decidePurchase(t, cmd, r);
  return (await fast(handle, t, cmd, 'windows', decide)) ?? transactional(handle, t, cmd, 'windows', async (_tx, r) => decide(r));
}

/** A redeem at a reload kiosk (PIN required): winnings -a, store credit +a. */
export async function redeem({ handle }: Deps, t: ReloadTerminal, cmd: ReloadCommand & { pin: string }): Promise<TerminalAck> {
  const done = await alreadyApplied(handle, t, cmd.seq);
  if (done) return done;
  const found = await playRepository.customerForLogin(handle.db, t.storeId, cmd.mobile_id);
  const pin: PinCheck = { ok: found ? await verifySecret(cmd.pin, found.pin_hash) : false, hash: found?.pin_hash };
  const quick = await fast(handle, t, cmd, 'payouts', (r) => {
    const c = r.customer;
    if (!pin.ok || !c || c.pin_hash !== pin.hash || c.pin_failures !== 0) return undefined;
    return decideRedeem(t, cmd, r, pin);
  });
  if (quick) return quick;
  return transactional(handle, t, cmd, 'payouts', async (tx, r) => {
    let o: ReloadOutcome;
    try {
      o = decideRedeem(t, cmd, r, pin);
    } catch (err) {
      if (!(err instanceof WrongPin)) throw err;
      const max = r.store.max_failed_logins;
      await playRepository.setPinFailures(tx, r.customer!.id, err.failures);
      return { answer: { ok: false, reason: err.failures >= max ? 'pin_locked' : 'wrong_pin', tries_left: Math.max(0, max - err.failures) } };
    }
    if (o.customer.pin_failures > 0) await playRepository.setPinFailures(tx, o.customer.id, 0);
    return o;
  });
}
