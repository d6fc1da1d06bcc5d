import type { RateLimited } from '../domain/rate-limited.js';
import type { StatusRefusal } from '../domain/status-refusal.js';
import { UserRefusal } from '../domain/user-refusal.js';
import type { Refusal } from '../money/refusal.js';
import type { OperatorError } from './operator/operator.service.js';
import type { TerminalDenied } from './terminal/terminal-hello.js';
import type { TerminalRefused } from './terminal/terminal-refusal.js';

/**
 * Every refusal a user sees, as one union discriminated by `family` (domain/user-refusal.ts): the
 * adapters switch on it exhaustively, each in one place.
 */
export type AnyRefusal = Refusal | StatusRefusal | RateLimited | OperatorError | TerminalRefused | TerminalDenied;

/** The refusal an error is, or undefined for an error that is not a user's refusal (a fault). */
export function asRefusal(err: unknown): AnyRefusal | undefined {
  return err instanceof UserRefusal ? (err as AnyRefusal) : undefined;
}
