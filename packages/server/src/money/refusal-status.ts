import { RefusalReason, Status, toUnits, type StatusCode } from '@moneybox/contract';
import type { LedgerKind } from './ledger.js';
import type { Refusal } from './refusal.js';

/** The message of 35 when the purchase limit is the reason (spec section 8). */
export const PURCHASE_LIMIT_MESSAGE = 'purchase limit reached, contact your provider';

/** The message of 38 for a caller under blind count: the drawer's cash is the boss's to check, not named. */
export const CALL_BOSS_MESSAGE = 'this amount cannot be paid from the drawer now, call the boss';

/** Each customer money call's own codes for "needs initial amount" and "customer playing" (spec section 8). */
const NEEDS_INIT: Partial<Record<LedgerKind, StatusCode>> = {
  purchase: Status.PURCHASE_NEEDS_INIT,
  revert: Status.REVERT_NEEDS_INIT,
  redeem: Status.REDEEM_NEEDS_INIT,
  special_comps: Status.COMPS_NEEDS_INIT,
};
const PLAYING: Partial<Record<LedgerKind, StatusCode>> = {
  purchase: Status.PURCHASE_PLAYING,
  revert: Status.REVERT_PLAYING,
  redeem: Status.REDEEM_PLAYING,
  special_comps: Status.COMPS_PLAYING,
};

const units = (v: unknown) => toUnits(Number(v ?? 0));

/**
 * THE mapping from a refusal reason to the status code (and reply fields) a caller is answered:
 * the only place in the server where a money rule's outcome becomes a number.
 */
export function refusalStatus(r: Refusal): { status: StatusCode; extra: Record<string, unknown> } {
  const f = r.figures;
  const answer = (status: StatusCode, extra: Record<string, unknown> = {}) => ({ status, extra });
  switch (r.reason) {
    case RefusalReason.KEY:
      return answer(Status.KEY_ERROR);
    case RefusalReason.NO_SHIFT:
      return answer(Status.SHIFT_ERROR);
    case RefusalReason.STORE_CLOSED:
      return answer(Status.KIOSK_CLOSED);
    case RefusalReason.STORE_FROZEN:
      return answer(Status.STORE_FROZEN, { freeze_msg: f.freeze_msg });
    case RefusalReason.DRAWER_FROZEN:
      return answer(Status.DRAWER_FROZEN);
    case RefusalReason.NEEDS_INIT:
      return answer((r.kind && NEEDS_INIT[r.kind]) ?? Status.DRAWER_STATE_ERROR);
    case RefusalReason.INIT_ALREADY_SET:
      return answer(Status.DRAWER_STATE_ERROR);
    case RefusalReason.INIT_OVER_CREDIT:
      return answer(Status.INITIAL_OVER_CREDIT);
    case RefusalReason.CUSTOMER:
      return answer(Status.CUSTOMER_ERROR);
    case RefusalReason.PROTECTED:
      return answer(Status.CUSTOMER_ERROR, { reason: r.reason, protection: f.protection, until: f.until ?? null });
    case RefusalReason.ID_CHECK:
      return answer(Status.CUSTOMER_ERROR, { reason: r.reason, id_check: f.id_check, above: units(f.above_cents), paid_today: units(f.paid_today_cents ?? 0) });
    case RefusalReason.BIRTHDAY:
      return answer(Status.CUSTOMER_ERROR, { reason: r.reason, ...('min_age' in f ? { min_age: f.min_age } : {}) });
    case RefusalReason.UNDERAGE:
      return answer(Status.CUSTOMER_ERROR, { reason: r.reason, min_age: f.min_age });
    case RefusalReason.PLAYING:
      return answer((r.kind && PLAYING[r.kind]) ?? Status.CUSTOMER_ERROR);
    case RefusalReason.MIN_AMOUNT:
      return answer(Status.AMOUNT_ERROR, 'min_amount_cents' in f ? { min_amount: units(f.min_amount_cents) } : {});
    case RefusalReason.PURCHASE_LIMIT:
      return answer(Status.AMOUNT_ERROR, { error: PURCHASE_LIMIT_MESSAGE, reason: r.reason, limit: f.limit, left: units(f.left_cents), personal: f.personal === true });
    case RefusalReason.OVER_REVERTABLE:
      return answer(Status.AMOUNT_ERROR, { reason: r.reason, revertable: units(f.revertable_cents) });
    case RefusalReason.ENTRIES:
    case RefusalReason.WINNINGS:
      return answer(Status.AMOUNT_ERROR, { reason: r.reason });
    case RefusalReason.DRAWER_SHORT:
      return answer(Status.DRAWER_BALANCE_ERROR, f.blind === true ? { error: CALL_BOSS_MESSAGE, call_boss: true } : {});
    case RefusalReason.CREDIT:
    case RefusalReason.BUDGET:
      return answer(Status.CREDIT_ERROR);
    case RefusalReason.CASH_REPORT:
      return answer(Status.CUSTOMER_ERROR, { reason: r.reason, missing: f.missing, direction: f.direction, threshold: units(f.threshold_cents), day_total: units(f.day_total_cents) });
  }
}
