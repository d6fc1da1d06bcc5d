/**
 * THE low-credit rule (issue 37), for the low-credit alert, the console's stores (their flag and
 * filter) and the store's Quota screen alike: the credit is below the store's effective low-credit
 * threshold (its override, else the platform default, else the built-in one; domain/alert-rules.ts
 * thresholdResolver). A threshold of 0 turns the rule off.
 */
export function isLowCredit(creditCents: number, thresholdCents: number): boolean {
  return thresholdCents > 0 && Number(creditCents) < thresholdCents;
}

/**
 * The credit's outlook: the last 7 days' average daily use, how many days the credit left lasts at
 * that pace (null: nothing used), and whether it is low (isLowCredit against `thresholdCents`).
 * `usedWeekCents`: what the counters used over those 7 days (purchases take credit; reverts and redeems give it back).
 */
export function creditOutlook(creditCents: number, usedWeekCents: number, thresholdCents: number) {
  const avgDailyCents = Math.max(0, Math.round(usedWeekCents / 7));
  const daysLeft = avgDailyCents > 0 ? Math.floor((creditCents / avgDailyCents) * 10) / 10 : null;
  return { avgDailyCents, daysLeft, low: isLowCredit(creditCents, thresholdCents) };
}
