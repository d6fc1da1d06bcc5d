import { Status } from '@moneybox/contract';
import { refuse } from '../../domain/status-refusal.js';

/** Whole years from a birthday (YYYY-MM-DD) to a day (YYYY-MM-DD): a birthday on 29 February counts from 1 March in other years. */
export function ageOn(birthday: string, today: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/**
 * A store's minimum age at sign-up (issue 24; `store.min_age`, 18 by default): a customer whose
 * birthday makes them younger cannot be created or updated to it (13, saying the minimum). An empty
 * birthday is not checked here.
 */
export function mustBeOldEnough(birthday: string | undefined, minAge: number, today: string = new Date().toISOString().slice(0, 10)): void {
  if (!birthday || minAge <= 0) return;
  if (ageOn(birthday, today) < minAge) refuse(Status.INPUT_ERROR, { error: `the customer must be at least ${minAge} years old`, min_age: minAge });
}
