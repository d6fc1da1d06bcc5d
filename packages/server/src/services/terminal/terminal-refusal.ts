import type { TerminalRefusal } from '@moneybox/contract';
import { UserRefusal } from '../../domain/user-refusal.js';

/** A command's refusal: everything it wrote rolls back, its seq is still used (the refusal is its outcome). */
export class TerminalRefused extends UserRefusal {
  readonly family = 'terminal';
  constructor(
    readonly reason: TerminalRefusal,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(reason);
  }
}

export function refuseCommand(reason: TerminalRefusal, extra?: Record<string, unknown>): never {
  throw new TerminalRefused(reason, extra);
}
