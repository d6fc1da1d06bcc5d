import { refusedWhileProtected } from '@moneybox/contract/protection-rule';
import { RefusalReason } from '@moneybox/contract/refusal-reasons';
import { Status } from '@moneybox/contract/status';
import type { Reply } from '../../api/transport';
import { formatUnits } from '../../money/units';

/** The four credit movements, by the call each makes and its 'customer playing' status (spec section 8). */
export const MOVEMENTS = {
  purchase: { path: '/customer/purchase', playing: Status.PURCHASE_PLAYING, ledgerKind: 'purchase' },
  redeem: { path: '/customer/redeem', playing: Status.REDEEM_PLAYING, ledgerKind: 'redeem' },
  comps: { path: '/customer/comps', playing: Status.COMPS_PLAYING, ledgerKind: 'special_comps' },
  revert: { path: '/customer/revert', playing: Status.REVERT_PLAYING, ledgerKind: 'revert' },
} as const;

export type MovementKind = keyof typeof MOVEMENTS;
export const MOVEMENT_KINDS = Object.keys(MOVEMENTS) as MovementKind[];

type T = (key: string, options?: Record<string, unknown>) => string;

/** The purchase-limit windows a refusal names (the server's `limit`). */
const LIMIT_WINDOWS = ['hourly', 'daily', 'weekly'] as const;

/**
 * Why no credit may move for this customer now, in the buttons' order: 'blocked' and the spec's
 * messages 25, 29, 31, 27 while playing. Empty when the customer may be served. The server refuses
 * the same cases; this only says so before the cashier types an amount.
 */
export function moneyLockReasons(c: { blocked: boolean; playing: boolean }, t: T): string[] {
  const reasons: string[] = [];
  if (c.blocked) reasons.push(t('customer:refused.blocked'));
  if (c.playing) for (const k of MOVEMENT_KINDS) reasons.push(t(`status:${MOVEMENTS[k].playing}`));
  return reasons;
}

/** The movements a running self-exclusion or cool-off refuses: the contract's rule, which the server enforces. */
export const PROTECTION_LOCKED: readonly MovementKind[] = MOVEMENT_KINDS.filter((k) => refusedWhileProtected(MOVEMENTS[k].ledgerKind));

/** A running protection as the card and a refusal say it: kind and end (a store date), or permanent. */
export function protectionText(p: { protection: string; until: string | null }, t: T, date: (iso: string) => string): string {
  const kind = p.protection === 'cool_off' ? 'cool_off' : 'exclusion';
  return p.until === null ? t(`customer:protection.refused.${kind}Permanent`) : t(`customer:protection.refused.${kind}`, { date: date(p.until) });
}

/**
 * A refused protection in words: the server refuses one that would end no later than the one running
 * (17, reason `protected`, with the running one's kind and end): it can be lengthened, not shortened,
 * and a permanent one not changed. Any other refusal keeps its message.
 */
export function protectRefusal(reply: Reply, t: T, date: (iso: string) => string, fallback: string): string {
  if (reply.status !== Status.CUSTOMER_ERROR || reply.reason !== RefusalReason.PROTECTED || typeof reply.protection !== 'string') return fallback;
  const running = reply.protection === 'cool_off' ? 'cool_off' : 'exclusion';
  return typeof reply.until === 'string' ? t(`customer:protection.notShorter.${running}`, { date: date(reply.until) }) : t(`customer:protection.notShorter.${running}Permanent`);
}

/**
 * Why the customer may not buy by age today, as the server's getDayLimit says it (`age_short`, the
 * purchase's own rule): the same words as the refusal the purchase would get. Null when of age.
 */
export function ageLockText(a: { min_age: number; age_short?: 'birthday' | 'under' | null | undefined } | undefined, t: T): string | null {
  if (!a?.age_short) return null;
  return a.age_short === 'under' ? t('customer:refused.underage', { count: a.min_age }) : t('customer:refused.birthdayAge', { count: a.min_age });
}

/**
 * The text for a refused movement. The status catalogue's message is `fallback`; the reply's
 * extra fields make it precise where the server says why (35 reason/min_amount, 17 on a blocked
 * customer, 38 the drawer).
 */
export function movementRefusal(reply: Reply, t: T, fallback: string, ctx: { blocked: boolean; coinSign: string; date?: (iso: string) => string }): string {
  const units = (v: unknown) => (typeof v === 'number' ? formatUnits(v, ctx.coinSign) : '');
  switch (reply.status) {
    case Status.AMOUNT_ERROR:
      if (reply.reason === RefusalReason.PURCHASE_LIMIT) {
        // The spec's message, then which limit and what is left of it (the server's `limit` and `left`).
        const spec = t('customer:refused.purchaseLimit');
        const window = LIMIT_WINDOWS.find((w) => w === reply.limit);
        if (!window || typeof reply.left !== 'number') return spec;
        // The customer's own limit (issue 24) says so, without the spec's "contact your provider" (the
        // customer set it, no provider lifts it; issue 37); the store's keeps the spec's wording.
        return t(`customer:refused.${reply.personal === true ? 'personalLimitLeft' : 'purchaseLimitLeft'}.${window}`, { message: spec, amount: units(reply.left) });
      }
      if (reply.reason === RefusalReason.OVER_REVERTABLE) return t('customer:refused.overRevertable', { amount: units(reply.revertable) });
      if (reply.reason === RefusalReason.ENTRIES) return t('customer:refused.entries');
      if (reply.reason === RefusalReason.WINNINGS) return t('customer:refused.winnings');
      if (typeof reply.min_amount === 'number') return t('customer:refused.minAmount', { amount: units(reply.min_amount) });
      return fallback;
    case Status.CUSTOMER_ERROR:
      if (reply.reason === RefusalReason.PROTECTED && typeof reply.protection === 'string') {
        const until = typeof reply.until === 'string' ? reply.until : null;
        return protectionText({ protection: reply.protection, until }, t, ctx.date ?? ((iso) => iso.slice(0, 10)));
      }
      if (reply.reason === RefusalReason.ID_CHECK) {
        if (reply.id_check === 'mismatch') return t('customer:refused.idMismatch');
        // The threshold applies to the day's payouts: a customer already paid today says so.
        const paid = typeof reply.paid_today === 'number' ? reply.paid_today : 0;
        return paid > 0 ? t('customer:refused.idMissingToday', { amount: units(reply.above), paid: units(paid) }) : t('customer:refused.idMissing', { amount: units(reply.above) });
      }
      if (reply.reason === RefusalReason.BIRTHDAY) return typeof reply.min_age === 'number' ? t('customer:refused.birthdayAge', { count: reply.min_age }) : t('customer:refused.birthday');
      if (reply.reason === RefusalReason.UNDERAGE) return t('customer:refused.underage', { count: reply.min_age });
      if (reply.reason === RefusalReason.CASH_REPORT) return cashReportText(reply.missing, t);
      return ctx.blocked ? t('customer:refused.blocked') : fallback;
    case Status.DRAWER_BALANCE_ERROR:
      // Under blind count the cashier is sent to the boss: the drawer's cash is not theirs to know.
      return reply.call_boss === true ? t('status:callBoss') : t('customer:refused.drawerBalance');
    default:
      return fallback;
  }
}

/**
 * A cash movement stopped at the report threshold (17, reason `cash_report`): why, and the record's fields the
 * report still needs, named in the user's words (the contract's CASH_IDENTITY_FIELDS).
 */
export function cashReportText(missing: unknown, t: T): string {
  const reason = t('status:reasons.cash_report');
  const fields = Array.isArray(missing) ? missing.filter((f): f is string => typeof f === 'string') : [];
  if (fields.length === 0) return reason;
  return t('status:cashReportMissing', { reason, fields: fields.map((f) => t(`status:cashIdentity.${f}`, { defaultValue: f })).join(', ') });
}
