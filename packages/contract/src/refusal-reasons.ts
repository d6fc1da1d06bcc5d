/**
 * The `reason` a refusal reply may carry beside its status, so a client can say precisely why
 * (status 35 "Amount error" has several). Zod-free: the web imports it by subpath
 * (`@moneybox/contract/refusal-reasons`); the server's services should raise these names.
 */
export const RefusalReason = {
  /** 35: over the customer's hourly, daily or weekly purchase limit (with `limit` and `left`). */
  PURCHASE_LIMIT: 'purchase_limit',
  /** 35: a revert above what can still be reverted (with `revertable`). */
  OVER_REVERTABLE: 'over_revertable',
  /** 35: special comps above the customer's entries. */
  ENTRIES: 'entries',
  /** 35: a redeem above the customer's winnings. */
  WINNINGS: 'winnings',
} as const;

export type RefusalReason = (typeof RefusalReason)[keyof typeof RefusalReason];
