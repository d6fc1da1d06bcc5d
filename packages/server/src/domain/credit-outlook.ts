const LOW_CREDIT_DAYS = 3;

/**
 * THE low-credit rule, for the store's Quota screen and the console's stores alike: the credit left
 * lasts fewer than 3 days at the last 7 days' pace (or nothing is left). `usedWeekCents`: what the
 * counters used over those 7 days (purchases take credit; reverts and redeems give it back).
 */
export function creditOutlook(creditCents: number, usedWeekCents: number) {
  const avgDailyCents = Math.max(0, Math.round(usedWeekCents / 7));
  const daysLeft = avgDailyCents > 0 ? Math.floor((creditCents / avgDailyCents) * 10) / 10 : null;
  return { avgDailyCents, daysLeft, low: creditCents <= 0 || (daysLeft !== null && daysLeft < LOW_CREDIT_DAYS) };
}
