/**
 * Why the money core refused a movement: ONE catalogue for every transport. The server maps each
 * reason to its status code in one place (server money/refusal-status.ts); the reasons marked
 * "on the wire" are also sent as the reply's `reason`, so a client can say precisely why (status 35
 * "Amount error" has several). Zod-free: the web imports it by subpath
 * (`@moneybox/contract/refusal-reasons`).
 */
export const RefusalReason = {
  /** 12: the one-time key is unknown, expired or used. */
  KEY: 'key',
  /** 10: the caller has no open shift, or not the one named. */
  NO_SHIFT: 'no_shift',
  /** 1: the store is closed. */
  STORE_CLOSED: 'store_closed',
  /** 46: the store is frozen (with `freeze_msg`). */
  STORE_FROZEN: 'store_frozen',
  /** 45: the drawer is frozen. */
  DRAWER_FROZEN: 'drawer_frozen',
  /** 24/26/28/30 (customer money) or 11 (fills, bleeds): the drawer's initial amount is not set. */
  NEEDS_INIT: 'needs_init',
  /** 11: the initial amount is already set. */
  INIT_ALREADY_SET: 'init_already_set',
  /** 16: the initial amount is above the store's credit. */
  INIT_OVER_CREDIT: 'init_over_credit',
  /** 17: no such customer in this store, or the customer is blocked. */
  CUSTOMER: 'customer',
  /**
   * 17, on the wire: the customer is self-excluded or cooling off (player protection) and the
   * movement is a purchase or special comps (with `protection`: 'exclusion' or 'cool_off', and
   * `until`: its end, null when permanent). Payouts (redeem, revert) stay allowed.
   */
  PROTECTED: 'protected',
  /**
   * 17, on the wire: a redeem taking the customer's payouts of the store day above the store's
   * ID-check threshold (`above`, currency units; `paid_today`: paid before it that day, every channel)
   * without the customer's ID checked: `id_check` says 'missing' (no ID given), 'mismatch' (not the
   * record's number) or 'counter' (an unattended channel: the terminal protocol's `id_check`, see the counter).
   */
  ID_CHECK: 'id_check',
  /** 17, on the wire: the store requires a birthday before money moves and the customer has none. */
  BIRTHDAY: 'birthday',
  /**
   * 17, on the wire: a purchase or special comps for a customer younger than the store's minimum age
   * (`min_age`); without a birthday it is BIRTHDAY (with `min_age`).
   */
  UNDERAGE: 'underage',
  /** 25/27/29/31: the customer is playing on a machine. */
  PLAYING: 'playing',
  /** 35: zero, negative or below the store's minimum (with `min_amount`). */
  MIN_AMOUNT: 'min_amount',
  /** 35, on the wire: over the customer's hourly, daily or weekly purchase limit (with `limit` and `left`). */
  PURCHASE_LIMIT: 'purchase_limit',
  /** 35, on the wire: a revert above what can still be reverted (with `revertable`). */
  OVER_REVERTABLE: 'over_revertable',
  /** 35, on the wire: more than the customer's entries. */
  ENTRIES: 'entries',
  /** 35, on the wire: more than the customer's winnings. */
  WINNINGS: 'winnings',
  /** 38: the drawer holds less cash than the movement takes out. */
  DRAWER_SHORT: 'drawer_short',
  /** 32: the store's credit is short. */
  CREDIT: 'credit',
  /** 32: the store's special comps budget is short. */
  BUDGET: 'budget',
  /**
   * 17, on the wire: a cash movement taking the customer's cash in (or out) of the store day above the store's
   * report threshold while the identity a report needs is incomplete (`missing`: the record's fields, in
   * cash-rules.ts CASH_IDENTITY_FIELDS order; `direction`, `threshold` and `day_total` in currency units).
   * Nothing moves until the fields are filled in at the counter.
   */
  CASH_REPORT: 'cash_report',
} as const;

export type RefusalReason = (typeof RefusalReason)[keyof typeof RefusalReason];
