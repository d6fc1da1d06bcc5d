import { Status, countDetailCents, type Cents } from '@moneybox/contract';
import { refuse } from './status-refusal.js';

/** A count of the drawer's cash: the total, its denominations, or both. */
export interface CountInput {
  counted?: Cents | undefined;
  count_detail?: Record<string, number> | undefined;
}

/** The counted cash: as given, or the sum of the denominations; both given must agree (35). */
export function countedCents(count: CountInput): number | null {
  const fromDetail = count.count_detail ? countDetailCents(count.count_detail) : null;
  if (count.counted !== undefined && fromDetail !== null && fromDetail !== count.counted) refuse(Status.AMOUNT_ERROR);
  return count.counted ?? fromDetail;
}
