import { RefusalReason, type TerminalRefusal } from '@moneybox/contract';
import { Refusal } from '../../money/refusal.js';

/** A command's refusal: everything it wrote rolls back, its seq is still used (the refusal is its outcome). */
export class TerminalRefused extends Error {
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

/**
 * THE mapping from the money core's refusals (money/customer-rules.ts, the ledger's guards) to the
 * terminal protocol's refusal strings and ack fields (docs/TERMINAL.md): the terminal's words for
 * the reasons the counter answers with status codes. A reason no terminal command can meet (a key,
 * a shift, a drawer) is not a terminal refusal: undefined, and the error stays an error.
 */
export function asTerminalRefusal(err: unknown): TerminalRefused | undefined {
  if (err instanceof TerminalRefused) return err;
  if (!(err instanceof Refusal)) return undefined;
  const f = err.figures;
  switch (err.reason) {
    case RefusalReason.STORE_CLOSED:
      return new TerminalRefused('store_closed');
    case RefusalReason.STORE_FROZEN:
      return new TerminalRefused('store_frozen');
    case RefusalReason.CUSTOMER:
      return new TerminalRefused(f.blocked ? 'blocked' : 'no_customer');
    case RefusalReason.PLAYING:
      return new TerminalRefused('customer_playing');
    case RefusalReason.MIN_AMOUNT:
      return new TerminalRefused('min_amount', { min_amount_cents: f.min_amount_cents });
    case RefusalReason.PURCHASE_LIMIT:
      return new TerminalRefused('limit', { limit: f.limit, left_cents: f.left_cents });
    // A redeem says the winnings it found short; the ledger's own guard (a race) has no figures.
    case RefusalReason.WINNINGS:
      return new TerminalRefused('no_balance', f.winnings_cents === undefined ? {} : { winnings_cents: f.winnings_cents });
    case RefusalReason.ENTRIES:
      return new TerminalRefused('no_balance');
    case RefusalReason.CREDIT:
    case RefusalReason.BUDGET:
      return new TerminalRefused('credit');
    default:
      return undefined;
  }
}
