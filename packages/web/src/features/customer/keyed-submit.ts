/**
 * One-time keys for money calls. A confirmation (its intent: kind, customer, amount) keeps its key
 * until it succeeds, so a retry or a double click sends the SAME key and the server applies it at
 * most once (a used key answers 12 and changes nothing). While a call is in flight, a second
 * submit joins it instead of sending another.
 */
export interface KeyedSubmitDeps {
  fetchKey: () => Promise<string>;
  /** True when the server refused the key itself (status 12: used, unknown or expired). */
  isKeyRefused: (error: unknown) => boolean;
}

export class KeyRefusedAfterRetry extends Error {
  constructor(override readonly cause: unknown) {
    super('the key of this confirmation was already used');
    this.name = 'KeyRefusedAfterRetry';
  }
}

interface HeldKey {
  value: string;
  /** The confirmation it belongs to; null while primed and not sent yet. */
  intent: string | null;
  /** Sent at least once: the server may have applied it. */
  sent: boolean;
}

export class KeyedSubmit {
  private held: HeldKey | null = null;
  private inflight: Promise<unknown> | null = null;
  private priming: Promise<void> | null = null;

  constructor(private readonly deps: KeyedSubmitDeps) {}

  /** Takes a key ahead of time (when the form opens), so Enter sends at once. */
  prime(): Promise<void> {
    if (this.held || this.priming) return this.priming ?? Promise.resolve();
    this.priming = this.deps
      .fetchKey()
      .then((value) => {
        if (!this.held) this.held = { value, intent: null, sent: false };
      })
      .catch(() => undefined)
      .finally(() => {
        this.priming = null;
      });
    return this.priming;
  }

  get busy(): boolean {
    return this.inflight !== null;
  }

  /** The key a submit of `intent` would send now (for tests and diagnostics). */
  peek(): { value: string; intent: string | null } | null {
    return this.held ? { value: this.held.value, intent: this.held.intent } : null;
  }

  submit<R>(intent: string, send: (key: string) => Promise<R>): Promise<R> {
    if (this.inflight) return this.inflight as Promise<R>;
    const run = this.run(intent, send).finally(() => {
      this.inflight = null;
    });
    this.inflight = run;
    return run;
  }

  private async keyFor(intent: string): Promise<HeldKey> {
    if (this.priming) await this.priming;
    const h = this.held;
    // A key sent for another confirmation may have been applied to it: never move it to a new one.
    if (h && (h.intent === intent || (h.intent === null && !h.sent))) {
      h.intent = intent;
      return h;
    }
    this.held = { value: await this.deps.fetchKey(), intent, sent: false };
    return this.held;
  }

  private async run<R>(intent: string, send: (key: string) => Promise<R>): Promise<R> {
    let key = await this.keyFor(intent);
    for (let attempt = 0; ; attempt++) {
      const firstUse = !key.sent;
      key.sent = true;
      try {
        const reply = await send(key.value);
        this.held = null;
        return reply;
      } catch (err) {
        if (!this.deps.isKeyRefused(err)) throw err;
        this.held = null;
        // Refused on its first use: it expired or was never valid, nothing was applied, so one
        // more try with a fresh key is safe. Refused on a retry: an earlier send went through.
        if (!firstUse) throw new KeyRefusedAfterRetry(err);
        if (attempt > 0) throw err;
        key = await this.keyFor(intent);
      }
    }
  }
}
