import { UserRefusal } from './user-refusal.js';

/**
 * Thrown when a client is over a rate limit (the login's attempts, an address's calls). Answered over
 * HTTP as 511 with `{ status: 34, error, retryAfter }`: the spec's transport-level refusal (see
 * docs/DECISIONS.md).
 */
export class RateLimited extends UserRefusal {
  readonly family = 'rate_limited';
  constructor(
    readonly windowMs: number,
    message = 'Too many login attempts; wait and try again',
  ) {
    super(message);
  }
}
