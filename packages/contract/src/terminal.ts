// The terminal protocol (docs/TERMINAL.md): JSON messages over a WebSocket at GET /terminal.
// Game machines, reload kiosks, reloaders and online top-up gateways speak it. Credits are the
// machine's integers; money is integer cents (never floats on this wire).
import { z } from 'zod';
import { GIFT_AWARD_TYPES } from './customer-fields.js';
import { TERMINAL_KINDS, type TerminalKind } from './terminal-kinds.js';

export { TERMINAL_KINDS, type TerminalKind } from './terminal-kinds.js';
export const terminalKind = z.enum(TERMINAL_KINDS);

/** Path of the WebSocket endpoint on the server's port. */
export const TERMINAL_PATH = '/terminal';

/** Heartbeat period the server asks for; a terminal silent for 3 periods is disconnected. */
export const HEARTBEAT_MS = 5_000;

/** Close codes (4000-4999 are the application's): each close also carries a short reason text. */
export const TerminalClose = {
  MALFORMED: 4000,
  AUTH_FAILED: 4001,
  WRONG_STORE: 4002,
  RELEASED: 4003,
  REPLACED: 4004,
  SILENT: 4005,
  ENROL_REFUSED: 4006,
  SHUTTING_DOWN: 4007,
} as const;

const credits = z.number().int().min(0).max(1e12);
const cents = z.number().int().min(1).max(1e11);
const seq = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const kioskId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const text = (max: number) => z.string().max(max);

/** Cumulative meters since enrolment, in credits (SAS-style): the Machine screen reconciles them with the ledger. */
const terminalMeters = z.object({ played: credits, won: credits, games: credits });
export type TerminalMeters = z.infer<typeof terminalMeters>;

// ---- terminal → server ----

/** First message of a new terminal: the boss's one-time enrolment code and the terminal's public key. */
const enrolMessage = z.object({
  type: z.literal('enrol'),
  kiosk_id: kioskId,
  code: text(40),
  /** Ed25519 public key, DER (SPKI), base64. The private key never leaves the terminal. */
  public_key: text(200),
});

/** First message of an enrolled terminal: the server's challenge nonce signed with its private key. */
const authMessage = z.object({
  type: z.literal('auth'),
  kiosk_id: kioskId,
  terminal_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  /** Ed25519 signature of the challenge's nonce (UTF-8), base64. */
  signature: text(200),
});

const heartbeatMessage = z.object({ type: z.literal('heartbeat') });
const metersMessage = z.object({ type: z.literal('meters'), meters: terminalMeters });

/** A customer logs in on a game machine. */
const loginCommand = z.object({ type: z.literal('login'), seq, mobile_id: text(20), pin: text(20) });
const logoutCommand = z.object({ type: z.literal('logout'), seq });

/** One game round: the game history fields (spec section 3), in credits. */
export const roundCommand = z.object({
  type: z.literal('round'),
  seq,
  round_no: text(40).min(1),
  serial_no: text(40).min(1),
  game_name: text(60).min(1),
  begin_credits: credits,
  end_credits: credits,
  jp_bet: credits,
  game_bet: credits,
  extra_bet: credits,
  buy_bonus_cost: credits,
  win: credits,
  /** The meters after this round, stored with it. */
  meters: terminalMeters.optional(),
});

/** A bonus award for the seated customer (the gift log); award_amount in credits lands in entries. */
export const giftCommand = z.object({
  type: z.literal('gift'),
  seq,
  title: text(60).min(1),
  award_type: z.enum(GIFT_AWARD_TYPES),
  award_amount: credits,
  award_item: text(60).default(''),
  item_amount: z.number().int().min(0).max(1e9).default(0),
  level: z.number().int().min(0).max(1e6).default(0),
});

/** Reload kiosks, reloaders, online: a customer buys entries (cash or card taken by the terminal). */
const purchaseCommand = z.object({ type: z.literal('purchase'), seq, mobile_id: text(20), amount_cents: cents });
/** Reload kiosks only: a customer cashes out winnings with their PIN. */
const redeemCommand = z.object({ type: z.literal('redeem'), seq, mobile_id: text(20), pin: text(20), amount_cents: cents });

/**
 * Reload kiosks only: cash its bill acceptor took (`in`, into the cash box) or it paid out (`out`), with the
 * kiosk's cumulative meter for that direction after it (cents since enrolment) and optionally the pieces
 * by denomination ({"20": 1}). Sequenced like every command: a resend after a reconnect counts once.
 */
const cashCommand = z.object({
  type: z.literal('cash'),
  seq,
  direction: z.enum(['in', 'out']),
  amount_cents: cents,
  meter_cents: z.number().int().min(0).max(1e14),
  detail: z.record(z.string().regex(/^\d{1,10}(\.\d{1,2})?$/), z.number().int().min(0).max(100000)).refine((r) => Object.keys(r).length <= 30).optional(),
});
export type CashCommand = z.infer<typeof cashCommand>;

/** Every message an authenticated terminal may send. */
export const terminalMessage = z.discriminatedUnion('type', [
  heartbeatMessage,
  metersMessage,
  loginCommand,
  logoutCommand,
  roundCommand,
  giftCommand,
  purchaseCommand,
  redeemCommand,
  cashCommand,
]);
export type TerminalMessage = z.infer<typeof terminalMessage>;

/** What a new connection may say first. */
export const openingMessage = z.discriminatedUnion('type', [enrolMessage, authMessage]);

// ---- server → terminal ----

/** Why a command was refused (its ack has ok: false). A refused command changed nothing but its seq. */
export type TerminalRefusal =
  | 'seq_gap' // seq is not last_seq + 1: resend the missing ones first (ack carries `expected`)
  | 'wrong_kind' // this terminal kind cannot do that
  | 'no_customer' // mobile id unknown in this store
  | 'blocked' // customer blocked at the counter
  | 'excluded' // self-excluded or cooling off (ack carries protection and until; null until = permanent)
  | 'id_check' // a redeem above the store's ID-check threshold: paid at the counter only (ack carries id_check_cents)
  | 'birthday_required' // the store requires a birthday before money moves, or has a minimum age (ack carries min_age): filled in at the counter
  | 'underage' // a purchase for a customer younger than the store's minimum age (ack carries min_age)
  | 'cash_report' // a cash movement above the store's cash report threshold while the identity a report needs is incomplete (ack carries missing): completed at the counter
  | 'pin_locked' // too many wrong PINs: a new PIN at the counter unlocks
  | 'wrong_pin' // ack carries tries_left
  | 'playing_elsewhere' // customer is seated at another machine
  | 'machine_busy' // another customer is seated here
  | 'not_playing' // nobody is seated (logged out or kicked)
  | 'no_balance' // entries + winnings below the bet, or winnings below the redeem
  | 'not_whole_cents' // credits do not convert to whole cents at the exchange rate
  | 'store_closed'
  | 'store_frozen'
  | 'limit' // purchase limit reached (ack carries limit and left_cents)
  | 'min_amount'
  | 'credit' // store credit too low
  | 'customer_playing'; // a purchase or redeem for a seated customer

export interface TerminalAck {
  type: 'ack';
  seq: number;
  ok: boolean;
  /** True when this seq was applied before: the stored outcome, nothing applied again. */
  duplicate?: boolean;
  reason?: TerminalRefusal;
  [field: string]: unknown;
}

/** Server messages, for terminals written in TypeScript (the simulator). */
export type ServerMessage =
  | { type: 'challenge'; nonce: string; server_version: string }
  | { type: 'enrolled'; terminal_id: number; name: number; kind: TerminalKind; kiosk_id: number }
  | {
      type: 'welcome';
      terminal_id: number;
      name: number;
      kind: TerminalKind;
      exchange_rate: number;
      last_seq: number;
      heartbeat_ms: number;
      customer: { id: number; mobile_id: string } | null;
    }
  | TerminalAck
  | { type: 'kicked'; customer_id: number }
  | { type: 'renamed'; name: number }
  | { type: 'error'; reason: string };

/**
 * The exchange rate is game credits per currency unit (store setting, 100 by default: a credit is
 * a cent). Credits convert to whole cents or not at all (null): no money is made or lost rounding.
 */
export function creditsToCents(credits: number, exchangeRate: number): number | null {
  const scaled = credits * 100;
  return scaled % exchangeRate === 0 ? scaled / exchangeRate : null;
}

/** Cents shown as credits at the machine (whole credits, rounded down: a machine cannot show fractions). */
export function centsToCredits(cents: number, exchangeRate: number): number {
  return Math.floor((cents * exchangeRate) / 100);
}
