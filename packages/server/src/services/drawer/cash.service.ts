import type { Cents } from '@moneybox/contract';
import type { Actor, Deps } from '../../domain/actor.js';
import { moveDrawerCash } from '../../money/drawer-money.js';

export interface CashMove {
  shiftId: number;
  amount: Cents;
  key: string;
  reason: string;
}

/** The money core's fills and bleeds (money/drawer-money.ts). */
export function moveCash(deps: Deps, actor: Actor, { kind, ...m }: CashMove & { kind: 'fill' | 'bleed' }) {
  return moveDrawerCash(deps, actor, kind, m);
}
