import { Status, type StatusCode } from '@moneybox/contract';
import { UserRefusal } from './user-refusal.js';

/**
 * A service's refusal by one of the contract's status codes (and the reply's extra fields): the
 * HTTP envelope answers it as `{ status, ...extra }`, the CLI as words. The money core throws the
 * catalogued `Refusal` (money/refusal.ts) instead; both are transport-free (docs/DECISIONS.md).
 */
export class StatusRefusal extends UserRefusal {
  readonly family = 'status';
  constructor(
    readonly status: StatusCode,
    readonly extra: Record<string, unknown> = {},
    message?: string,
  ) {
    super(message ?? `status ${status}`);
  }
}

export const fail = (status: StatusCode, extra?: Record<string, unknown>, message?: string): never => {
  throw new StatusRefusal(status, extra, message);
};

/** Thrown inside a transaction to roll it back and answer a status. */
export function refuse(status: StatusCode, extra?: Record<string, unknown>): never {
  throw new StatusRefusal(status, extra);
}

export { Status };
