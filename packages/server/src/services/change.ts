import type { BusEvent } from '../bus/server-bus.js';
import type { LiveChange } from '../live/live-changes.js';
import type { Actor } from '../domain/actor.js';
import { actorOf, writeAudit, type Audit, type AuditActor, type AuditEntry } from './audit/audit.js';
import { inTransactionDeps, type DbDeps, type Deps } from './deps.js';

/** What a change does besides its own writes: its audit rows, and what moved for the live screens. */
export interface Change {
  /** One audit row, written in the change's transaction (a rollback leaves none); its store moves on the live screens once committed. */
  audit(entry: AuditEntry, at?: string): Promise<void>;
  /** What moved in a store, told to the live screens once the change has committed (a rollback tells nothing). */
  moved(storeId: number, what?: LiveChange): void;
  /** A message for the terminals (a kick, a release, a rename), published on the bus once committed, in order. */
  tell(event: BusEvent): void;
}

/** What an open change will tell once committed: the stores it moved (one note each) and its terminal messages. */
class Told {
  readonly moved = new Map<number, LiveChange>();
  readonly events: BusEvent[] = [];
  move(storeId: number, what: LiveChange) {
    const was = this.moved.get(storeId) ?? {};
    const merged: LiveChange = {};
    for (const k of ['machines', 'customers', 'formerOwners'] as const) {
      const ids = [...(was[k] ?? []), ...(what[k] ?? [])];
      if (ids.length) merged[k] = [...new Set(ids)];
    }
    this.moved.set(storeId, merged);
  }
}

/** The open change the dependencies handed to a change's `fn` belong to: a change run with them joins it. */
const OPEN_CHANGE = Symbol('open change');
type InChange = { [OPEN_CHANGE]?: Told };

function changeOf(db: DbDeps['handle']['db'], who: AuditActor, told: Told): Change {
  return {
    async audit(entry, at) {
      if (entry.storeId !== null) told.move(entry.storeId, {});
      await writeAudit(db, who, entry, at);
    },
    moved(storeId, what = {}) {
      told.move(storeId, what);
    },
    tell(event) {
      told.events.push(event);
    },
  };
}

/**
 * The one way a change runs, whoever asks (a store's staff, a console account, the operator at the
 * command line): `fn` gets dependencies whose database handle IS the transaction (every service and
 * repository call inside joins it) and the change's `audit`, `moved` and `tell`. Committed, its
 * messages for the terminals go out on the bus and the stores it moved are told to the live screens
 * (one batch: live/live-changes.ts); refused (a thrown StatusRefusal) or failed, nothing of it stays
 * and nothing is told. A change run with the dependencies of an open change (an operator's step inside
 * a console action) joins it: one transaction, its own actor's audit rows, told at the outer commit.
 * The store's `audited`, the console's `consoleAudited` and `consoleStep` and the operator's
 * `operatorStep` are this runner with their actor's defaults.
 */
export async function runChange<T, D extends DbDeps & Pick<Deps, 'live' | 'bus'>>(deps: D, who: AuditActor, fn: (tx: D, change: Change) => Promise<T>): Promise<T> {
  const outer = (deps as InChange)[OPEN_CHANGE];
  if (outer) return fn(deps, changeOf(deps.handle.db, who, outer));
  if (deps.handle.db.isTransaction) {
    // A transaction the runner did not open (a test's, the CLI's audited command): nobody would tell
    // what moved once it commits, so only dependencies with nobody to tell may join it.
    if (deps.live || deps.bus) throw new Error('a change inside a transaction the change runner did not open cannot tell the live screens or terminals');
    return fn(deps, changeOf(deps.handle.db, who, new Told()));
  }
  const told = new Told();
  const done = await deps.handle.db.transaction().execute((tx) => {
    const inTx: D & InChange = { ...inTransactionDeps(deps, tx), [OPEN_CHANGE]: told };
    return fn(inTx, changeOf(tx, who, told));
  });
  for (const event of told.events) await deps.bus?.publish(event);
  for (const [storeId, what] of told.moved) deps.live?.note(storeId, what);
  return done;
}

/**
 * Runs the actor's change and its audit row in one transaction (`runChange` above): `fn`
 * gets dependencies whose database handle IS the transaction and `audit` bound to it, defaulting to
 * the actor's store. A refusal (thrown StatusRefusal) or any error rolls both back. Committed, the
 * actor's store moves (a shift closed or handed over, a drawer, its settings): the console's stores screen hears it.
 */
export async function audited<T>(deps: Deps, actor: Actor, fn: (tx: Deps, audit: Audit, change: Change) => Promise<T>): Promise<T> {
  return runChange(deps, actorOf(actor), (tx, change) => {
    change.moved(actor.storeId);
    return fn(tx, (e) => change.audit({ ...e, storeId: e.storeId === undefined ? actor.storeId : e.storeId }), change);
  });
}
