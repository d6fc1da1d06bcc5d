import type { Db } from '../db/database.js';
import { creditHistoryRepository } from './credit-history.repository.js';
import { drawerRepository } from './drawer.repository.js';
import { shiftMovementRepository } from './shift-movement.repository.js';
import { shiftRepository } from './shift.repository.js';
import { staffRepository } from './staff.repository.js';

/** Queries of one store's rows: each takes the database and the store first, and filters by it. */
type StoreQuery = (db: Db, storeId: number, ...rest: never[]) => unknown;

/** A store repository with its database and store given once. */
export type BoundToStore<Q> = {
  readonly [K in keyof Q]: Q[K] extends (db: Db, storeId: number, ...rest: infer A) => infer T ? (...rest: A) => T : never;
};

export function bindToStore<Q extends Record<string, StoreQuery>>(queries: Q, db: Db, storeId: number): BoundToStore<Q> {
  const bound: Record<string, unknown> = {};
  for (const [name, query] of Object.entries(queries)) bound[name] = (...rest: never[]) => query(db, storeId, ...rest);
  return bound as BoundToStore<Q>;
}

/**
 * The caller's store, bound once: a service takes `storeScope(db, caller.storeId)` at its start and
 * reaches the store's drawers, shifts and their movements, staff and credit history through it, so no query can be
 * given another store's id by hand (lint forbids api/ services to import these repositories
 * directly). `in(tx)` is the same store inside a transaction.
 */
export interface StoreScope {
  readonly storeId: number;
  readonly db: Db;
  readonly drawers: BoundToStore<typeof drawerRepository>;
  readonly shifts: BoundToStore<typeof shiftRepository>;
  readonly shiftMovements: BoundToStore<typeof shiftMovementRepository>;
  readonly staff: BoundToStore<typeof staffRepository>;
  readonly creditHistory: BoundToStore<typeof creditHistoryRepository>;
  in(tx: Db): StoreScope;
}

export function storeScope(db: Db, storeId: number): StoreScope {
  return {
    storeId,
    db,
    drawers: bindToStore(drawerRepository, db, storeId),
    shifts: bindToStore(shiftRepository, db, storeId),
    shiftMovements: bindToStore(shiftMovementRepository, db, storeId),
    staff: bindToStore(staffRepository, db, storeId),
    creditHistory: bindToStore(creditHistoryRepository, db, storeId),
    in: (tx) => storeScope(tx, storeId),
  };
}
