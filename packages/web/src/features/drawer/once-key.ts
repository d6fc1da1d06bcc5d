/**
 * The one-time key of one money action. The same key is handed out until the action succeeds
 * (`spend`), so a retry after a lost reply or a double click can never apply the action twice:
 * the server answers 12 to a key it has already used.
 */
export class OnceKey {
  #key: Promise<string> | null = null;

  constructor(private readonly fetchKey: () => Promise<string>) {}

  current(): Promise<string> {
    if (!this.#key) {
      const pending = this.fetchKey();
      this.#key = pending;
      // A key that never arrived is not reused.
      pending.catch(() => {
        if (this.#key === pending) this.#key = null;
      });
    }
    return this.#key;
  }

  /** The action went through (or the server no longer knows the key): the next action needs a new one. */
  spend(): void {
    this.#key = null;
  }
}
