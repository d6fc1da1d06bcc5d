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

/** Where a movement was posted: a transaction, or (PostgreSQL's money calls) the pool in autocommit. */
interface PostedThrough {
  readonly isTransaction: boolean;
}

/**
 * The movements noted per money transaction, by its Db: counted once it committed. Not an
 * AsyncLocalStorage: on Node 20 one enables promise hooks for every promise of the process, and
 * those cost SQLite purchases about a tenth of their rate (docs/DECISIONS.md "Money path performance").
 */
const pending = new WeakMap<PostedThrough, Posted[]>();

interface Posted {
  kind: string;
  channel: string;
}

/** One money transaction's movements: watch(tx) before its work; committed() counts them once it committed. */
export function movementTracker(): { watch(tx: PostedThrough): void; committed(): void } {
  const posted: Posted[] = [];
  return {
    // SQLite's group commit runs its calls one after the other in one transaction: each call
    // watches the shared tx as it starts, so what is posted through it until the next is its own.
    watch: (tx) => void pending.set(tx, posted),
    // Called only after the COMMIT: a refused or rolled-back call counts nothing.
    committed() {
      for (const p of posted) movements.inc({ kind: p.kind, channel: p.channel });
    },
  };
}

/**
 * A movement posted through `db`: a watched transaction's, counted at its commit; in autocommit
 * (PostgreSQL's money calls) the statement that posted it committed it, so it counts now. A
 * transaction nobody watches counts nothing.
 */
export function noteMovement(db: PostedThrough, kind: string, channel: string): void {
  const posted = pending.get(db);
  if (posted) posted.push({ kind, channel });
  else if (!db.isTransaction) movements.inc({ kind, channel });
}
