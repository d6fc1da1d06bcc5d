import type { ServerBus } from '../bus/server-bus.js';
import type { DatabaseHandle } from '../db/database.js';
import type { ReportReplica } from '../ops/report-replica.js';
import type { LiveChanges } from '../live/live-changes.js';
import type { Settings } from '../settings.js';

/** What services work with, whatever transport called them; the app (app.ts) assembles it. */
export interface Deps {
  handle: DatabaseHandle;
  settings: Settings;
  /** Tells terminals (wherever they are connected) about kicks, releases and renames; buildApp opens it. */
  bus?: ServerBus;
  /** What moved for the signed-in web clients (live/): noted after commits, sent in batches; buildApp opens it. */
  live?: LiveChanges;
  /** The report replica (REPLICA_DATABASE_URL); only the report calls read from it (`reportDeps`). */
  replica?: ReportReplica;
}

/** What a service that touches only the database takes: the CLI and the seed have no app, and any `Deps` is one. */
export interface DbDeps {
  handle: Pick<DatabaseHandle, 'db'>;
}

/** The dependencies a report runs on: the replica's handle while it is within its lag bound, else the primary's. */
export function reportDeps(deps: Deps): Deps {
  const replica = deps.replica?.forReports();
  return replica ? { ...deps, handle: replica } : deps;
}

/** The same dependencies with the database handle replaced by an open transaction `tx`. */
export function inTransactionDeps<D extends DbDeps>(deps: D, tx: DatabaseHandle['db']): D {
  return { ...deps, handle: { ...deps.handle, db: tx } } as D;
}
