import { AsyncLocalStorage } from 'node:async_hooks';
import { Counter, Histogram, Registry } from 'prom-client';

/**
 * Metrics the money core reports (group-commit batch sizes, committed movements per kind). They
 * live per process, not per app: the core knows no server. /metrics (ops/metrics.ts) merges them
 * with the app's own.
 */
export const moneyRegistry = new Registry();

const batchSize = new Histogram({
  name: 'moneybox_group_commit_batch_size',
  help: 'Money calls sharing one SQLite group commit (one fsync)',
  buckets: [1, 2, 4, 8, 16, 32, 64],
  registers: [moneyRegistry],
});

const movements = new Counter({
  name: 'moneybox_money_movements_total',
  help: 'Ledger movements committed, by kind and channel',
  labelNames: ['kind', 'channel'],
  registers: [moneyRegistry],
});

export function observeGroupCommit(calls: number): void {
  batchSize.observe(calls);
}

/** The movements posted by the money transaction running in this async context. */
const posted = new AsyncLocalStorage<string[]>();

/** One money transaction's movements: its work runs inside run(); committed() counts them once it committed. */
export function movementTracker(): { run<T>(fn: () => Promise<T>): Promise<T>; committed(): void } {
  const kinds: string[] = [];
  return {
    run: (fn) => posted.run(kinds, fn),
    // Called only after the COMMIT: a refused or rolled-back call counts nothing.
    committed() {
      for (const k of kinds) {
        const [kind, channel] = k.split('/');
        movements.inc({ kind, channel });
      }
    },
  };
}

export function noteMovement(kind: string, channel: string): void {
  posted.getStore()?.push(`${kind}/${channel}`);
}
