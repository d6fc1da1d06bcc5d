import type { Cents } from '@moneybox/contract';
import type { AuthedContext } from '../../http/call.js';
import { moveDrawerCash } from '../../money/drawer-money.js';

export interface CashMove {
  shiftId: number;
  amount: Cents;
  key: string;
  reason: string;
}

/** The HTTP adapter of the money core's fills and bleeds (money/drawer-money.ts). */
export function moveCash(kind: 'fill' | 'bleed', m: CashMove, ctx: AuthedContext) {
  return moveDrawerCash(ctx.deps, ctx.caller, kind, m);
}
