/**
 * What the money core reports as it works: group-commit batch sizes and the movements that
 * committed. The core knows no metrics library: the app hands it an observer (ops/money-metrics.ts
 * counts for /metrics); none, nothing is counted.
 */
export interface MoneyObserver {
  /** Money calls that shared one SQLite group commit (one fsync). */
  groupCommit(calls: number): void;
  /** A ledger movement that committed, by kind and channel. */
  movementCommitted(kind: string, channel: string): void;
}

let observer: MoneyObserver | undefined;

/** The process's observer: metrics live per process, not per app (the core knows no server). */
export function observeMoney(o: MoneyObserver): void {
  observer = o;
}

export function observeGroupCommit(calls: number): void {
  observer?.groupCommit(calls);
}

/** A movement committed elsewhere (the money worker's, money-worker.ts), counted here. */
export function observeMovement(kind: string, channel: string): void {
  observer?.movementCommitted(kind, channel);
}

/** Where a movement was posted: a transaction, or (PostgreSQL's money calls) the pool in autocommit. */
interface PostedThrough {
  readonly isTransaction: boolean;
}

interface Posted {
  kind: string;
  channel: string;
}

/**
 * The movements noted per money transaction, by its Db: counted once it committed. Not an
 * AsyncLocalStorage: on Node 20 one enables promise hooks for every promise of the process, and
 * those cost SQLite purchases about a tenth of their rate (docs/DECISIONS.md "Money path performance").
 */
const pending = new WeakMap<PostedThrough, Posted[]>();

/** One money transaction's movements: watch(tx) before its work; committed() counts them once it committed. */
export function movementTracker(): { watch(tx: PostedThrough): void; committed(): void } {
  const posted: Posted[] = [];
  return {
    // SQLite's group commit runs its calls one after the other in one transaction: each call
    // watches the shared tx as it starts, so what is posted through it until the next is its own.
    watch: (tx) => void pending.set(tx, posted),
    // Called only after the COMMIT: a refused or rolled-back call counts nothing.
    committed() {
      for (const p of posted) observer?.movementCommitted(p.kind, p.channel);
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
  else if (!db.isTransaction) observer?.movementCommitted(kind, channel);
}
