import { RefusalReason } from '@moneybox/contract/refusal-reasons';
import { Status } from '@moneybox/contract/status';
import type { Reply } from '../../api/transport';
import { formatUnits } from '../../money/units';

/** The four credit movements, by the call each makes. */
export const MOVEMENTS = {
  purchase: { path: '/customer/purchase' },
  redeem: { path: '/customer/redeem' },
  comps: { path: '/customer/comps' },
  revert: { path: '/customer/revert' },
} as const;

export type MovementKind = keyof typeof MOVEMENTS;
export const MOVEMENT_KINDS = Object.keys(MOVEMENTS) as MovementKind[];

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * The text for a refused movement. The status catalogue's message is `fallback`; the reply's
 * extra fields make it precise where the server says why (35 reason/min_amount, 17 on a blocked
 * customer, 38 the drawer).
 */
export function movementRefusal(reply: Reply, t: T, fallback: string, ctx: { blocked: boolean; coinSign: string }): string {
  const units = (v: unknown) => (typeof v === 'number' ? formatUnits(v, ctx.coinSign) : '');
  switch (reply.status) {
    case Status.AMOUNT_ERROR:
      if (reply.reason === RefusalReason.PURCHASE_LIMIT) return t('customer:refused.purchaseLimit');
      if (reply.reason === RefusalReason.OVER_REVERTABLE) return t('customer:refused.overRevertable', { amount: units(reply.revertable) });
      if (reply.reason === RefusalReason.ENTRIES) return t('customer:refused.entries');
      if (reply.reason === RefusalReason.WINNINGS) return t('customer:refused.winnings');
      if (typeof reply.min_amount === 'number') return t('customer:refused.minAmount', { amount: units(reply.min_amount) });
      return fallback;
    case Status.CUSTOMER_ERROR:
      return ctx.blocked ? t('customer:refused.blocked') : fallback;
    case Status.DRAWER_BALANCE_ERROR:
      return t('customer:refused.drawerBalance');
    default:
      return fallback;
  }
}
