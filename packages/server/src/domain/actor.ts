import type { TerminalBus } from '../bus/terminal-bus.js';
import type { DatabaseHandle } from '../db/database.js';
import type { LiveChanges } from '../live/live-changes.js';
import type { Settings } from '../settings.js';

export type Role = 'boss' | 'cashier';

/**
 * Who a service acts for: a signed-in staff member. Over HTTP it is the session behind the call
 * (http/authenticate.ts); the CLI and the terminal protocol name their own actors.
 */
export interface Actor {
  sessionId: number;
  accountId: number;
  storeId: number;
  username: string;
  role: Role;
  /** 'pos' holds (or will hold) a drawer; 'viewer' is a boss looking without cash. */
  mode: 'pos' | 'viewer';
}

/** What services work with, whatever transport called them. */
export interface Deps {
  handle: DatabaseHandle;
  settings: Settings;
  /** Tells terminals (wherever they are connected) about kicks, releases and renames; buildApp opens it. */
  bus?: TerminalBus;
  /** What moved for the signed-in web clients (live/): noted after commits, sent in batches; buildApp opens it. */
  live?: LiveChanges;
}

/** The same dependencies with the database handle replaced by an open transaction `tx`. */
export function inTransactionDeps(deps: Deps, tx: DatabaseHandle['db']): Deps {
  return { ...deps, handle: { ...deps.handle, db: tx } };
}
