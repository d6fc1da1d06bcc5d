/**
 * The store's minimum age (`store.min_age`, 18 by default, 18-99): THE rule, pure, used where a
 * birthday is written (services/customer/age.ts) and by the money rules of every channel
 * (customer-rules.ts customerMayMove), so a customer registered before the minimum was raised, or
 * without a birthday, is held to it at every purchase.
 */

/** Whole years from a birthday (YYYY-MM-DD) to a day (YYYY-MM-DD): a birthday on 29 February counts from 1 March in other years. */
export function ageOn(birthday: string, today: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** The store as the rule reads it. */
export interface MinimumAge {
  min_age: number;
}

/**
 * Whether the customer is below the store's minimum age on `day` (YYYY-MM-DD): 'birthday' when the
 * store has a minimum and the birthday is missing (the age cannot be told), 'under' when younger,
 * null when old enough (or the store has no minimum).
 */
export function ageShort(store: MinimumAge, birthday: string, day: string): 'birthday' | 'under' | null {
  if (store.min_age <= 0) return null;
  if (birthday.trim() === '') return 'birthday';
  return ageOn(birthday, day) < store.min_age ? 'under' : null;
}
