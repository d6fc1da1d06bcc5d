import { SaType, toUnits } from '@moneybox/contract';
import type { Role } from './actor.js';

/**
 * Blind count (the store setting `blind_count`, DESIGN.md section 2): the cashier counts the drawer at
 * shift close without knowing what it should hold. THE rule of who may see a drawer's expected cash
 * balance and the figures it follows from (EXPECTED_CASH_FIGURES), used by every reply that carries
 * one (EXPECTED_BALANCE_REPLIES) and by the refusal of a drawer that cannot cover a movement: a boss
 * always; a cashier when the store does not ask for a blind count, or once the shift is closed (the close is the count: the drawer report then
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
  ['/drawer/info', 'the figures (`balance`, `initial_amount`, `fills`, `bleeds`, `purchases`, `redeems`, `reverts`, `comps`, `special_comps`; `carried` once the initial amount is set) left out for a cashier; a boss asking by id gets them'],
  ['/drawer/init', '`initial_amount` and `balance` left out for a cashier'],
  ['/drawer/fills', '`fills`, `bleeds` and `balance` left out for a cashier (the movement\'s own `amount` stays)'],
  ['/drawer/bleeds', 'as fills; a bleed the drawer cannot cover is refused with 38, `call_boss` and a message naming no figure'],
  ['/customer/purchase', '`balance` (the drawer\'s, after the movement) left out for a cashier'],
  ['/customer/redeem', '`balance` left out for a cashier; a redeem the drawer cannot cover: 38 with `call_boss`, no figure'],
  ['/customer/comps', '`balance` left out for a cashier'],
  ['/customer/revert', '`balance` left out for a cashier'],
  ['/drawer/movements', "an open shift's rows without `amount` and `drawer` (and the initial amount's count note) for a cashier"],
  ['/drawer/transaction', "a cashier's rows of their open shift without `amount` and `drawer_change` (and the initial amount's count note)"],
  ['/drawer/shiftLog', "an open shift's row without the figures for a cashier, and the totals without any total over them; closed shifts keep them"],
  ['/drawer/xReport', 'the figures (and the carried float, the float difference, the count by denomination) left out for a cashier'],
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
