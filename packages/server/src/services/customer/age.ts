import { Status, ageDay, ageShort } from '@moneybox/contract';
import { refuse } from '../../domain/status-refusal.js';

/**
 * A store's minimum age where a birthday is written (`store.min_age`, 18 by default): the birthday is
 * required while the store has a minimum (13, `reason: 'birthday'`, saying the minimum), and a customer
 * younger than it cannot be created or updated to it (13, saying the minimum). `birthday` is the one
 * the record will hold. The money rules hold the customer to it again at every purchase.
 */
export function mustBeOldEnough(birthday: string, minAge: number, today: string = ageDay()): void {
  const short = ageShort({ min_age: minAge }, birthday, today);
  if (short === 'birthday') refuse(Status.INPUT_ERROR, { error: `the birthday is required: the customer must be at least ${minAge} years old`, reason: 'birthday', min_age: minAge });
  if (short === 'under') refuse(Status.INPUT_ERROR, { error: `the customer must be at least ${minAge} years old`, min_age: minAge });
}
