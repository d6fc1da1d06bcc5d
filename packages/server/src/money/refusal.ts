import type { RefusalReason } from '@moneybox/contract';
import { UserRefusal } from '../domain/user-refusal.js';
import type { LedgerKind } from './ledger-kind.js';

/**
 * The money core's one refusal: a reason from the contract's catalogue (RefusalReason), the kind
 * of movement refused and the figures that explain it, in cents. It knows nothing of transports:
 * the HTTP envelope turns it into a status (money/refusal-status.ts), the terminal protocol into a
 * refusal message, the operator CLI into words.
 */
export class Refusal extends UserRefusal {
  readonly family = 'money';
  constructor(
    readonly reason: RefusalReason,
    readonly kind?: LedgerKind,
    readonly figures: Record<string, unknown> = {},
  ) {
    super(`money movement refused: ${reason}`);
  }
}

export function refuseMovement(reason: RefusalReason, kind?: LedgerKind, figures?: Record<string, unknown>): never {
  throw new Refusal(reason, kind, figures);
}
