import type { Cents } from '@moneybox/contract';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { moveDrawerCash } from '../../money/drawer-money.js';

interface CashMove {
  shiftId: number;
  amount: Cents;
  key: string;
  reason: string;
}

/** The money core's fills and bleeds (money/drawer-money.ts). */
export function moveCash(deps: Deps, actor: Actor, { kind, ...m }: CashMove & { kind: 'fill' | 'bleed' }) {
  return moveDrawerCash(deps, actor, kind, m);
}
