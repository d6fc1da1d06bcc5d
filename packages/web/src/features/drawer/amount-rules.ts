import { parseAmount } from '@moneybox/contract/money';

export type AmountProblem = 'amountRequired' | 'amountInvalid' | 'amountPositive';

/** An amount as typed, to cents; or the reason it is not one (keys of drawer:errors). */
export function readAmount(text: string, { allowZero = false } = {}): { cents: number } | { problem: AmountProblem } {
  const s = text.trim().replace(/,/g, '');
  if (s === '') return { problem: 'amountRequired' };
  const cents = parseAmount(s);
  if (cents === null) return { problem: 'amountInvalid' };
  if (cents === 0 && !allowZero) return { problem: 'amountPositive' };
  return { cents };
}
