import { toUnits, type DailyFigures } from '@moneybox/contract';

/** Figures in cents while summing. */
export interface FigureCents {
  purchase: number;
  revert: number;
  redeem: number;
  special_comps: number;
  purchase_count: number;
  redeem_count: number;
  special_comps_count: number;
  revert_count: number;
}
/** The kinds a daily figure sums. */
export const FIGURE_KINDS = ['purchase', 'revert', 'redeem', 'special_comps'] as const;
export const zeroFigures = (): FigureCents => ({ purchase: 0, revert: 0, redeem: 0, special_comps: 0, purchase_count: 0, redeem_count: 0, special_comps_count: 0, revert_count: 0 });

export function addInto(to: FigureCents, from: FigureCents): void {
  for (const k of Object.keys(to) as Array<keyof FigureCents>) to[k] += from[k];
}

/** Figures in currency units: purchases net of reverts, net = purchases - redeems. */
export function figures(c: FigureCents): DailyFigures {
  const purchases = c.purchase - c.revert;
  return {
    purchases: toUnits(purchases),
    redeems: toUnits(c.redeem),
    net: toUnits(purchases - c.redeem),
    special_comps: toUnits(c.special_comps),
    reverts: toUnits(c.revert),
    purchase_count: c.purchase_count,
    redeem_count: c.redeem_count,
    special_comps_count: c.special_comps_count,
    revert_count: c.revert_count,
  };
}
