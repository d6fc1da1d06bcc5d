import { SaType, toUnits } from '@moneybox/contract';
import type { Role } from './actor.js';

/**
 * Blind count (the store setting `blind_count`, DESIGN.md section 2): the cashier counts the drawer at
 * shift close without knowing what it should hold. THE rule of who may see a drawer's expected cash
 * balance, used by every reply that carries one (drawer info, init, fills, bleeds, the customer money
 * calls, the shift report's rows and totals): a boss always; a cashier when the store does not ask
 * for a blind count, or once the shift is closed (the close is the count: the drawer report then
 * shows the expected balance beside the count and the over/short). Where it says no, the server
 * leaves the figure out of the reply; the web app never receives it.
 */
export function seesExpectedBalance(role: Role, store: { blind_count: number | boolean }, shift: { closed: boolean } = { closed: false }): boolean {
  return role === 'boss' || !store.blind_count || shift.closed;
}

/**
 * Every reply that carries a drawer's expected balance, and what blind count does to it (docs/PERMISSIONS.md
 * lists them; services/drawer/blind-count.test.ts calls each one as a cashier, a boss, and with blind count off).
 */
export const EXPECTED_BALANCE_REPLIES: ReadonlyArray<readonly [path: string, underBlindCount: string]> = [
  ['/drawer/info', '`balance` left out for a cashier (their own drawer); a boss asking by id gets it'],
  ['/drawer/init', '`balance` left out for a cashier'],
  ['/drawer/fills', '`balance` left out for a cashier'],
  ['/drawer/bleeds', '`balance` left out for a cashier (a bleed the drawer cannot cover is still refused with 38)'],
  ['/customer/purchase', '`balance` (the drawer\'s, after the movement) left out for a cashier'],
  ['/customer/redeem', '`balance` left out for a cashier'],
  ['/customer/comps', '`balance` left out for a cashier'],
  ['/customer/revert', '`balance` left out for a cashier'],
  ['/drawer/shiftLog', "an open shift's `balance` left out of its row and of `totals.balance` for a cashier; closed shifts keep it"],
  ['/drawer/xReport', '`balance` left out for a cashier (the shift is still open)'],
  ['/drawer/shift', 'unchanged: the close is the count, its report shows the expected balance, counted and over/short'],
  ['/drawer/shiftReport', 'unchanged: closed shifts only'],
  ['/drawer/recentShifts', 'unchanged: closed shifts only'],
  ['/drawer/setupList', 'unchanged: boss only'],
];

/**
 * The figures from which a shift's expected cash follows: its terms (initial amount, fills, bleeds,
 * purchases, redeems, and the rest of its running totals), the float carried in (the initial amount's
 * twin) and the balance itself. Where `seesExpectedBalance` says no, a reply carries none of them: the
 * balance is one sum of the others away.
 */
export const EXPECTED_CASH_FIGURES = [
  'initial_amount', 'fills', 'bleeds', 'purchases', 'redeems', 'reverts', 'comps', 'special_comps', 'balance',
  'carried', 'float_difference', 'init_count_detail',
] as const;
export type ExpectedCashFigure = (typeof EXPECTED_CASH_FIGURES)[number];

/** `reply` as it is when the caller `sees`, else without any of EXPECTED_CASH_FIGURES. */
export function expectedCashFigures<T extends object>(sees: boolean, reply: T): T | Omit<T, ExpectedCashFigure> {
  if (sees) return reply;
  const out = { ...reply } as Record<string, unknown>;
  for (const k of EXPECTED_CASH_FIGURES) delete out[k];
  return out as Omit<T, ExpectedCashFigure>;
}

/** A staff account's role from its saType (1 = boss, anything else a cashier). */
export function roleOf(saType: number): Role {
  return saType === SaType.BOSS ? 'boss' : 'cashier';
}

/** The `balance` field of a reply: `{ balance }` in currency units when `sees`, nothing otherwise. */
export function balanceField(sees: boolean, balanceCents: number): { balance?: number } {
  return sees ? { balance: toUnits(balanceCents) } : {};
}
