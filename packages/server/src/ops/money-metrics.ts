import { Counter, Histogram, Registry } from 'prom-client';
import type { MoneyObserver } from '../money/money-observer.js';

/**
 * Metrics the money core reports (group-commit batch sizes, committed movements per kind), through
 * the observer the app hands it (money/money-observer.ts). They live per process, not per app: the
 * core knows no server. /metrics (ops/metrics.ts) merges them with the app's own.
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

/** Counts what the money core reports; app.ts hands it to the core (observeMoney). */
export const moneyMetrics: MoneyObserver = {
  groupCommit: (calls) => batchSize.observe(calls),
  movementCommitted: (m) => movements.inc({ kind: m.kind, channel: m.channel }),
};
