/**
 * Thrown when a client is over the login rate limit. Answered as HTTP 511 with
 * `{ status: 34, error, retryAfter }`: the spec's transport-level refusal (see docs/DECISIONS.md).
 */
export class RateLimited extends Error {
  constructor(readonly windowMs: number) {
    super('Too many login attempts; wait and try again');
  }
}
