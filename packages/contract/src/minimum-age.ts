/**
 * THE minimum-age rule (zod-free: the server's money core and customer services, and the web's customer
 * form, all import it). A store's minimum age (`store.min_age`, 18 by default, 18-99) holds where a
 * birthday is written (the server's services/customer/age.ts) and at every purchase or special comps on
 * every channel (money/customer-rules.ts customerMayMove), so a customer registered before the minimum
 * was raised, or without a birthday, is held to it; the counter's card says so from the same check
 * (`/customer/getDayLimit` `age_short`).
 */

/** Whole years from a birthday (YYYY-MM-DD) to a day (YYYY-MM-DD): a birthday on 29 February counts from 1 March in other years. */
export function ageOn(birthday: string, today: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** The store as the rule reads it (0 = no minimum). */
export interface MinimumAge {
  min_age: number;
}

/** Why a customer falls short of the store's minimum age: no birthday to tell, or younger. */
export type AgeShort = 'birthday' | 'under';

/**
 * The day the rule is checked on: an instant's UTC day (YYYY-MM-DD), as the purchase checks it
 * (its `at`); by default now. The card, the form and the refusal all count on this day, so they never disagree.
 */
export function ageDay(at: string | Date = new Date()): string {
  return (typeof at === 'string' ? at : at.toISOString()).slice(0, 10);
}

/**
 * Whether the customer is below the store's minimum age on `day` (YYYY-MM-DD, `ageDay`): 'birthday' when
 * the store has a minimum and the birthday is missing (the age cannot be told), 'under' when younger,
 * null when old enough (or the store has no minimum).
 */
export function ageShort(store: MinimumAge, birthday: string, day: string): AgeShort | null {
  if (store.min_age <= 0) return null;
  if (birthday.trim() === '') return 'birthday';
  return ageOn(birthday, day) < store.min_age ? 'under' : null;
}
