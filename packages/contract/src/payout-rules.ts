/**
 * THE payout thresholds' rule (zod-free: the server's money core and the web's redeem dialog both
 * import it). A store's thresholds apply to the customer's payouts summed over the store day, every
 * channel (the counter's redeems and a reload kiosk's), as cash-transaction logs sum them: splitting
 * a payout changes nothing (docs/DECISIONS.md "Payouts summed over the store day").
 */

/** The store's payout thresholds (cents; 0 = off). */
export interface PayoutThresholds {
  id_check_cents: number;
  large_payout_cents: number;
}

/** What a payout of `amountCents` needs, after `paidTodayCents` already paid out to the customer this store day. */
export interface PayoutNeeds {
  /** The day's total with this payout. */
  dayTotalCents: number;
  /** The day's total is above the ID-check threshold: the customer's ID must be checked at a counter. */
  idCheck: boolean;
  /** The day's total is above the large-payout threshold: listed in the boss's large-payouts report. */
  large: boolean;
}

export function payoutNeeds(store: PayoutThresholds, paidTodayCents: number, amountCents: number): PayoutNeeds {
  const dayTotalCents = paidTodayCents + amountCents;
  return {
    dayTotalCents,
    idCheck: store.id_check_cents > 0 && dayTotalCents > store.id_check_cents,
    large: store.large_payout_cents > 0 && dayTotalCents > store.large_payout_cents,
  };
}
