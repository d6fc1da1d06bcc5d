import { RateLimited } from '../domain/rate-limited.js';

export { RateLimited };

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
