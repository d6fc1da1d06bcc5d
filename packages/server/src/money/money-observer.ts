/**
 * What the money core reports as it works: group-commit batch sizes and the movements that
 * committed. The core knows no metrics library nor any screen: the process hands it an observer
 * (ops/money-metrics.ts counts for /metrics), and an app a listener per database (app.ts: the live
 * screens are told whose money moved). None, nothing is reported.
 */
export interface MoneyObserver {
  /** Money calls that shared one SQLite group commit (one fsync). */
  groupCommit(calls: number): void;
  /** A ledger movement that committed. */
  movementCommitted(m: CommittedMovement): void;
}

/** A ledger movement once committed: what it was and whose money it moved. */
export interface CommittedMovement {
  kind: string;
  channel: string;
  storeId: number;
  customerId: number | null;
  machineId: number | null;
}

/** The typed event after commit of every money movement, whichever channel posted it. */
export type MovementListener = (m: CommittedMovement) => void;

interface Listening {
  listener: MovementListener;
  failed: (err: unknown) => void;
}

let observer: MoneyObserver | undefined;
/** Per database (its root Kysely instance): the app that opened it listens (and a test may). */
const listeners = new WeakMap<object, Set<Listening>>();

/** The process's observer: metrics live per process, not per app (the core knows no server). */
export function observeMoney(o: MoneyObserver): void {
  observer = o;
}

/**
 * A listener of the movements committed on database `db` (the handle's root Kysely): told once per
 * movement after its commit, never for a refused or rolled-back one. A listener that throws is told
 * to `failed` (the app logs it): the movement has committed, so its caller still gets its answer,
 * and the other listeners are still told. Returns its removal.
 */
export function onMovementCommitted(db: object, listener: MovementListener, failed: (err: unknown) => void = () => undefined): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  const entry = { listener, failed };
  set.add(entry);
  return () => void set.delete(entry);
}

export function observeGroupCommit(calls: number): void {
  observer?.groupCommit(calls);
}

/** A movement committed on `db` (in the money worker's thread, money-worker.ts, or here). */
export function observeMovement(db: object, m: CommittedMovement): void {
  observer?.movementCommitted(m);
  const set = listeners.get(db);
  if (!set) return;
  for (const { listener, failed } of set) {
    try {
      listener(m);
    } catch (err) {
      failed(err);
    }
  }
}

/** Where a movement was posted: a transaction, or (PostgreSQL's money calls) the pool in autocommit. */
interface PostedThrough {
  readonly isTransaction: boolean;
}

/**
 * The movements noted per money transaction, by its Db: reported once it committed. Not an
 * AsyncLocalStorage: on Node 20 one enables promise hooks for every promise of the process, and
 * those cost SQLite purchases about a tenth of their rate (docs/DECISIONS.md "Money path performance").
 */
const pending = new WeakMap<PostedThrough, CommittedMovement[]>();

/** One money transaction's movements on database `db`: watch(tx) before its work; committed() reports them once it committed. */
export function movementTracker(db: object): { watch(tx: PostedThrough): void; committed(): void } {
  const posted: CommittedMovement[] = [];
  return {
    // SQLite's group commit runs its calls one after the other in one transaction: each call
    // watches the shared tx as it starts, so what is posted through it until the next is its own.
    watch: (tx) => void pending.set(tx, posted),
    // Called only after the COMMIT: a refused or rolled-back call reports nothing.
    committed() {
      for (const p of posted) observeMovement(db, p);
    },
  };
}

/**
 * A movement posted through `db`: a watched transaction's, reported at its commit; in autocommit
 * (PostgreSQL's money calls, `db` the pool: the database itself) the statement that posted it
 * committed it, so it is reported now. A transaction nobody watches reports nothing (its runner tells).
 */
export function noteMovement(db: PostedThrough, m: CommittedMovement): void {
  const posted = pending.get(db);
  if (posted) posted.push(m);
  else if (!db.isTransaction) observeMovement(db, m);
}
