import type { CustomerRecord, CustomerSearchType } from './customer-api';
import { isCustomerId } from './customer-rules';

/** What Enter in the search box does with a settled search for exactly the text typed. */
type EnterChoice =
  | { action: 'open'; customer: CustomerRecord }
  /** Several customers and no single exact one: show them, open nobody. */
  | { action: 'choose'; list: CustomerRecord[] }
  | { action: 'none' };

const digits = (s: string) => s.replace(/\D/g, '');

/** Whether `c` is an exact customer id, mobile id or phone match of `rule` for the search type (not a prefix). */
export function isExactMatch(c: CustomerRecord, type: CustomerSearchType, rule: string): boolean {
  const r = rule.trim();
  if ((type === 'any' || type === 'id') && isCustomerId(r) && c.id === Number(r)) return true;
  if ((type === 'any' || type === 'mobile_id') && r !== '' && c.mobile_id === r) return true;
  if (type === 'any' || type === 'phone') {
    const d = digits(r);
    // 'any' treats only all-digit text as a number; a name is never a phone.
    if (d !== '' && (type === 'phone' || d === r) && digits(c.phone) === d) return true;
  }
  return false;
}

/**
 * THE rule of a fast Enter at the counter (issue 20): open a customer only on one exact customer id,
 * mobile id or phone match, or when the search found exactly one customer; otherwise open nobody.
 * `list` must be the settled reply to this very (type, rule), never the list of an earlier prefix.
 */
export function enterChoice(list: readonly CustomerRecord[], type: CustomerSearchType, rule: string): EnterChoice {
  const exact = list.filter((c) => isExactMatch(c, type, rule));
  if (exact.length === 1) return { action: 'open', customer: exact[0]! };
  if (list.length === 1) return { action: 'open', customer: list[0]! };
  if (list.length === 0) return { action: 'none' };
  return { action: 'choose', list: [...list] };
}
