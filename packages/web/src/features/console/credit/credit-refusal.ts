import { ApiError } from '../../../api/call';

/** The credit refusals (32) the server words with figures: the move's amount and the short side's balance. */
const SHORT = ['giver_credit_short', 'store_credit_short', 'store_budget_short', 'distributor_credit_short'] as const;

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * A credit refusal in words with its figures ("The giver has $1,200.00, less than the $999,999.00 to
 * give"), from the reply's reason, amount and balance; null when the reply names none of them (the
 * page then shows the catalogue's message).
 */
export function creditShortText(reply: Record<string, unknown>, t: T, money: (units: number) => string): string | null {
  const { reason, amount, balance } = reply;
  if (typeof reason !== 'string' || typeof amount !== 'number' || typeof balance !== 'number') return null;
  if (!(SHORT as readonly string[]).includes(reason)) return null;
  return t(`console:creditShort.${reason}`, { amount: money(amount), balance: money(balance) });
}

/** A credit call's refusal rethrown in those words (when it has them), for `useConsoleAction` to show. */
export function withCreditWords(t: T, money: (units: number) => string) {
  return (err: unknown): never => {
    const words = err instanceof ApiError ? creditShortText(err.reply, t, money) : null;
    throw words === null ? err : new Error(words);
  };
}
