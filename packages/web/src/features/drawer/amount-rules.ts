import { readAmount as readTyped } from '../../money/units';

export type AmountProblem = 'amountRequired' | 'amountInvalid' | 'amountPositive';

const PROBLEMS = { empty: 'amountRequired', format: 'amountInvalid', belowMin: 'amountPositive' } as const;

/** An amount as typed, to cents; or the reason it is not one (keys of drawer:errors). */
export function readAmount(text: string, { allowZero = false } = {}): { cents: number } | { problem: AmountProblem } {
  const r = readTyped(text, { minCents: allowZero ? 0 : 1 });
  return r.ok ? { cents: r.cents } : { problem: PROBLEMS[r.problem] };
}
