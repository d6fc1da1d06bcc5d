import { formatCents, MAX_CENTS, readAmount as readTyped } from '../../money/units';

export type AmountProblem = 'amountRequired' | 'amountInvalid' | 'amountPositive' | 'amountTooLarge';

const PROBLEMS = { empty: 'amountRequired', format: 'amountInvalid', belowMin: 'amountPositive', aboveMax: 'amountTooLarge' } as const;

/** An amount as typed, to cents; or the reason it is not one (keys of drawer:errors, with their values). */
export function readAmount(text: string, { allowZero = false } = {}): { cents: number } | { problem: AmountProblem; values?: { max: string } } {
  const r = readTyped(text, { minCents: allowZero ? 0 : 1 });
  if (r.ok) return { cents: r.cents };
  const problem = PROBLEMS[r.problem];
  return problem === 'amountTooLarge' ? { problem, values: { max: formatCents(MAX_CENTS) } } : { problem };
}
