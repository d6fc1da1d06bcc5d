import { RefusalReason } from '@moneybox/contract';
import { unmapped } from '../../domain/user-refusal.js';
import type { Refusal } from '../../money/refusal.js';
import { asRefusal } from '../refusals.js';
import type { TerminalDenied } from './terminal-hello.js';
import { TerminalRefused } from './terminal-refusal.js';

/**
 * The terminal protocol's one place for the refusal family (domain/user-refusal.ts): a command's
 * refusal acknowledges the command with the protocol's reason (`TerminalRefused`, the money core's
 * reasons in the terminal's words); an opening message's refusal closes the connection
 * (`TerminalDenied`). The families of other transports are no terminal's answer: undefined, and
 * the error stays an error.
 */
export function terminalAnswer(err: unknown): TerminalRefused | TerminalDenied | undefined {
  const r = asRefusal(err);
  if (!r) return undefined;
  switch (r.family) {
    case 'terminal':
    case 'terminal_denied':
      return r;
    case 'money':
      return moneyRefusal(r);
    case 'status':
    case 'rate_limited':
    case 'operator':
      return undefined;
    default:
      return unmapped(r);
  }
}

/** A command's refusal as its acknowledgement says it, or undefined (sequence.ts applyOnce). */
export function asTerminalRefusal(err: unknown): TerminalRefused | undefined {
  const answer = terminalAnswer(err);
  return answer?.family === 'terminal' ? answer : undefined;
}

/**
 * THE mapping from the money core's refusals (money/customer-rules.ts, the ledger's guards) to the
 * terminal protocol's refusal strings and ack fields (docs/TERMINAL.md): the terminal's words for
 * the reasons the counter answers with status codes. A reason no terminal command can meet (a key,
 * a shift, a drawer) is not a terminal refusal: undefined, and the error stays an error.
 */
function moneyRefusal(err: Refusal): TerminalRefused | undefined {
  const f = err.figures;
  switch (err.reason) {
    case RefusalReason.STORE_CLOSED:
      return new TerminalRefused('store_closed');
    case RefusalReason.STORE_FROZEN:
      return new TerminalRefused('store_frozen');
    case RefusalReason.CUSTOMER:
      return new TerminalRefused(f.blocked ? 'blocked' : 'no_customer');
    case RefusalReason.PROTECTED:
      return new TerminalRefused('excluded', { protection: f.protection, until: f.until ?? null });
    case RefusalReason.PLAYING:
      return new TerminalRefused('customer_playing');
    // Above the store's ID-check threshold: paid at the counter only, where staff check the ID.
    case RefusalReason.ID_CHECK:
      return new TerminalRefused('id_check', { id_check_cents: f.above_cents });
    case RefusalReason.BIRTHDAY:
      return new TerminalRefused('birthday_required', 'min_age' in f ? { min_age: f.min_age } : {});
    case RefusalReason.UNDERAGE:
      return new TerminalRefused('underage', { min_age: f.min_age });
    case RefusalReason.MIN_AMOUNT:
      return new TerminalRefused('min_amount', { min_amount_cents: f.min_amount_cents });
    case RefusalReason.PURCHASE_LIMIT:
      return new TerminalRefused('limit', { limit: f.limit, left_cents: f.left_cents, personal: f.personal === true });
    // A redeem says the winnings it found short; the ledger's own guard (a race) has no figures.
    case RefusalReason.WINNINGS:
      return new TerminalRefused('no_balance', f.winnings_cents === undefined ? {} : { winnings_cents: f.winnings_cents });
    case RefusalReason.ENTRIES:
      return new TerminalRefused('no_balance');
    case RefusalReason.CREDIT:
    case RefusalReason.BUDGET:
      return new TerminalRefused('credit');
    // Above the store's cash report threshold without the identity a report needs: completed at the counter.
    case RefusalReason.CASH_REPORT:
      return new TerminalRefused('cash_report', { missing: f.missing });
    default:
      return undefined;
  }
}
