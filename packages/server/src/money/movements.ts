import { RefusalReason } from '@moneybox/contract';
import type { Channel, LedgerKind, Movement } from './ledger.js';

/** A movement's signed effects on each cached balance and the shift totals it adds to. */
export type Effects = Pick<Movement, 'drawer' | 'entries' | 'winnings' | 'credit' | 'budget' | 'shiftTotals'>;

/**
 * One definition per kind of money movement (DESIGN.md section 2): its balance deltas for `a`
 * cents, and what it needs before it may move. Every path that moves money (HTTP, CLI, terminal,
 * seeds, tests) takes the deltas from here, so a rule about what a movement does exists once.
 * Further kinds (bet, win, gift, a reload-kiosk purchase) are further entries.
 */
export interface MovementDefinition {
  kind: LedgerKind;
  channel: Channel;
  /** At the counter: needs the caller's open shift with its initial amount set. */
  needsInitialAmount: boolean;
  effects(a: number): Effects;
}

const define = (d: MovementDefinition) => d;

export const MOVEMENTS = {
  purchase: define({ kind: 'purchase', channel: 'pos', needsInitialAmount: true, effects: (a) => ({ drawer: a, entries: a, credit: -a, shiftTotals: { purchases_cents: a } }) }),
  // Shift purchases are kept net of reverts, so the drawer formula holds.
  revert: define({
    kind: 'revert',
    channel: 'pos',
    needsInitialAmount: true,
    effects: (a) => ({ drawer: -a, entries: -a, credit: a, shiftTotals: { purchases_cents: -a, reverts_cents: a } }),
  }),
  redeem: define({ kind: 'redeem', channel: 'pos', needsInitialAmount: true, effects: (a) => ({ drawer: -a, winnings: -a, credit: a, shiftTotals: { redeems_cents: a } }) }),
  // Special comps come out of the store's comps budget, never the drawer; the shift reports them as comps.
  special_comps: define({
    kind: 'special_comps',
    channel: 'pos',
    needsInitialAmount: true,
    effects: (a) => ({ entries: a, budget: -a, shiftTotals: { special_comps_cents: a, comps_cents: a } }),
  }),
  init: define({ kind: 'init', channel: 'pos', needsInitialAmount: false, effects: (a) => ({ drawer: a, shiftTotals: { initial_cents: a } }) }),
  fill: define({ kind: 'fill', channel: 'pos', needsInitialAmount: true, effects: (a) => ({ drawer: a, shiftTotals: { fills_cents: a } }) }),
  bleed: define({ kind: 'bleed', channel: 'pos', needsInitialAmount: true, effects: (a) => ({ drawer: -a, shiftTotals: { bleeds_cents: a } }) }),
  // Game machines (services/terminal/play.service.ts). A bet's split is betEffects below.
  win: define({ kind: 'win', channel: 'machine', needsInitialAmount: false, effects: (a) => ({ winnings: a }) }),
  // A bonus award's amount is promotional credit: playable, not redeemable.
  gift: define({ kind: 'gift', channel: 'machine', needsInitialAmount: false, effects: (a) => ({ entries: a }) }),
  // Reload terminals (services/terminal/reload.service.ts): no cashier's drawer; the channel is the terminal's kind.
  terminal_purchase: define({ kind: 'purchase', channel: 'reload_kiosk', needsInitialAmount: false, effects: (a) => ({ entries: a, credit: -a }) }),
  terminal_redeem: define({ kind: 'redeem', channel: 'reload_kiosk', needsInitialAmount: false, effects: (a) => ({ winnings: -a, credit: a }) }),
} satisfies Record<string, MovementDefinition>;

/**
 * A bet of `a` cents on a game machine: taken from entries first, then winnings. The caller refuses
 * the round when entries + winnings do not cover it (never below zero; the ledger's guards agree).
 */
export function betEffects(a: number, entriesCents: number): Effects {
  const fromEntries = Math.min(entriesCents, a);
  return { entries: -fromEntries, winnings: -(a - fromEntries) };
}

/** The balances a movement may draw on, as read before it. */
export interface Balances {
  drawer: number;
  entries: number;
  winnings: number;
  credit: number;
  budget: number;
}

/**
 * No balance goes below zero: the first one a movement's effects would overdraw, in the rules'
 * order (entries or winnings 35, drawer cash 38, store credit or budget 32). The apply's guards
 * (ledger.post, the PostgreSQL apply function) hold the same line against concurrent changes.
 */
export function overdrawn(e: Effects, b: Balances): RefusalReason | undefined {
  const short = (delta: number | undefined, have: number) => (delta ?? 0) < 0 && have < -(delta ?? 0);
  if (short(e.entries, b.entries)) return RefusalReason.ENTRIES;
  if (short(e.winnings, b.winnings)) return RefusalReason.WINNINGS;
  if (short(e.drawer, b.drawer)) return RefusalReason.DRAWER_SHORT;
  if (short(e.budget, b.budget)) return RefusalReason.BUDGET;
  if (short(e.credit, b.credit)) return RefusalReason.CREDIT;
  return undefined;
}

export type CustomerMoneyKind = 'purchase' | 'revert' | 'redeem' | 'special_comps';
export type CashKind = 'fill' | 'bleed';
