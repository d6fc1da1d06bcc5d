/**
 * The one family of refusals a user sees (docs/ARCHITECTURE.md, "Refusals"): every class a service
 * or the money core throws to say "no" to a user extends this base and names its member by a literal
 * `family`. The union of the members (`services/refusals.ts`) is what the three adapters switch on,
 * each in one place: the HTTP envelope (`http/refusal-reply.ts`), the terminal protocol
 * (`services/terminal/terminal-refusal.ts`) and the CLI (`cli/refusal-words.ts`); a new member fails
 * to compile there until each adapter says how it answers it.
 */
export abstract class UserRefusal extends Error {
  abstract readonly family: RefusalFamily;
}

/**
 * - `money`: the money core's catalogued reason (`money/refusal.ts` Refusal).
 * - `status`: a service's refusal by a contract status (`domain/status-refusal.ts` StatusRefusal).
 * - `rate_limited`: a client over a rate limit (`domain/rate-limited.ts` RateLimited).
 * - `operator`: an operator action refused, in words (`services/operator/operator.service.ts` OperatorError).
 * - `terminal`: a terminal command refused with the protocol's reason (`services/terminal/terminal-refusal.ts`).
 * - `terminal_denied`: a terminal's opening message refused; the connection closes (`services/terminal/terminal-hello.ts`).
 */
export type RefusalFamily = 'money' | 'status' | 'rate_limited' | 'operator' | 'terminal' | 'terminal_denied';

/** For the exhaustive switches of the adapters: a family left out fails to compile. */
export function unmapped(family: never): never {
  throw new Error(`refusal family ${String(family)} has no mapping`);
}
