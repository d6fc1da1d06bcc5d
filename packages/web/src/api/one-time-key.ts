/**
 * One-time keys for money calls (every call that moves money sends `key`, and the server applies a
 * key at most once: a used, unknown or expired key answers 12 and changes nothing).
 *
 * A confirmation's intent — which call, for whom, how much — keeps its key until the call succeeds,
 * so a retry after a lost reply or a double click sends the SAME key and can never apply twice:
 * - a second submit while one is in flight joins it instead of sending again;
 * - a failed call retried unchanged reuses its key; a changed intent (another amount, customer or
 *   kind) never takes a key that was already sent, since the server may have applied it;
 * - 12 on a key's first use means it expired or never existed (nothing was applied): it is renewed
 *   once and the call sent again;
 * - 12 on a retry means an earlier send went through: `KeyAlreadyRecorded`, never a second apply.
 * Pure (no React, no HTTP) so its rules are tested on their own; `keyed-call.ts` wires it to the API.
 */

/** What a confirmation is about: the call, its target (customer, shift, drawer) and the amount in cents. */
interface KeyIntent {
  kind: string;
  target: number | string;
  cents: number;
}

export function intentText(i: KeyIntent): string {
  return `${i.kind}:${i.target}:${i.cents}`;
}

interface OneTimeKeyDeps {
  fetchKey: () => Promise<string>;
  /** True when the server refused the key itself (status 12: used, unknown or expired). */
  isKeyRefused: (error: unknown) => boolean;
}

/** The confirmation was already applied by an earlier send whose reply was lost. */
export class KeyAlreadyRecorded extends Error {
  constructor(override readonly cause: unknown) {
    super('the key of this confirmation was already used');
    this.name = 'KeyAlreadyRecorded';
  }
}

interface HeldKey {
  value: string;
  /** The confirmation it belongs to; null while primed and not sent yet. */
  intent: string | null;
  /** Sent at least once: the server may have applied it. */
  sent: boolean;
}

export class OneTimeKey {
  private held: HeldKey | null = null;
  private inflight: Promise<unknown> | null = null;
  private priming: Promise<void> | null = null;

  constructor(private readonly deps: OneTimeKeyDeps) {}

  /** Takes a key ahead of time (when the form opens), so Enter sends at once. Never rejects. */
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

  /** The key a submit would send now (for tests and diagnostics). */
  peek(): { value: string; intent: string | null } | null {
    return this.held ? { value: this.held.value, intent: this.held.intent } : null;
  }

  /** Sends `intent` with its key; a submit while one is in flight returns the one in flight. */
  submit<R>(intent: KeyIntent | string, send: (key: string) => Promise<R>): Promise<R> {
    if (this.inflight) return this.inflight as Promise<R>;
    const run = this.run(typeof intent === 'string' ? intent : intentText(intent), send).finally(() => {
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
    // A key that never arrived is not kept: the next submit asks again.
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
        if (!firstUse) throw new KeyAlreadyRecorded(err);
        if (attempt > 0) throw err;
        key = await this.keyFor(intent);
      }
    }
  }
}
