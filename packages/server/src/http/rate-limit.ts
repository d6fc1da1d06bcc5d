/**
 * Thrown when a client is over the login rate limit. Answered as HTTP 511 with
 * `{ status: 34, error, retryAfter }`: the spec's transport-level refusal (see docs/DECISIONS.md).
 */
export class RateLimited extends Error {
  constructor(
    readonly windowMs: number,
    message = 'Too many login attempts; wait and try again',
  ) {
    super(message);
  }
}

/**
 * Counts calls per address in fixed windows, in this server's memory (each server of a cluster
 * counts its own; a restart forgets). `take` throws RateLimited once an address is over `limit`.
 */
export class AddressWindow {
  private start = 0;
  private counts = new Map<string, number>();

  constructor(
    private readonly windowMs: number,
    private readonly message: string,
  ) {}

  take(ip: string, limit: number, now = Date.now()): void {
    if (now - this.start >= this.windowMs) {
      this.start = now;
      this.counts = new Map();
    }
    const n = (this.counts.get(ip) ?? 0) + 1;
    this.counts.set(ip, n);
    if (n > limit) throw new RateLimited(this.windowMs, this.message);
  }
}
