import type { Db } from '../db/database.js';
import { cashLogRepository } from './cash-log.repository.js';
import { creditHistoryRepository } from './credit-history.repository.js';
import { customerMovementRepository } from './customer-movement.repository.js';
import { customerRepository } from './customer.repository.js';
import { dayCloseRepository } from './day-close.repository.js';
import { drawerRepository } from './drawer.repository.js';
import { enrolmentCodeRepository } from './enrolment-code.repository.js';
import { giftRepository } from './gift.repository.js';
import { kioskCashRepository } from './kiosk-cash.repository.js';
import { machineRepository } from './machine.repository.js';
import { roundRepository } from './round.repository.js';
import { sharedExclusionRepository } from './shared-exclusion.repository.js';
import { shiftMovementRepository } from './shift-movement.repository.js';
import { shiftRepository } from './shift.repository.js';
import { staffRepository } from './staff.repository.js';
import { storeRepository } from './store.repository.js';

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

/** The named queries of a repository that also has queries keyed otherwise (by machine row id, by code). */
export function only<Q, K extends keyof Q>(repository: Q, ...names: K[]): Pick<Q, K> {
  const picked = {} as Pick<Q, K>;
  for (const name of names) picked[name] = repository[name];
  return picked;
}

const customerQueries = only(customerRepository, 'insert', 'find', 'findByMobileId', 'byNamePrefix', 'byPhonePrefix', 'page', 'count', 'updateProfile', 'setBlocked', 'setPinHash', 'release', 'setProtection', 'protectedPage', 'protectedCount', 'setPersonalLimits', 'exclusionOfKey', 'excludeTwins');
const machineQueries = only(machineRepository, 'live', 'find', 'countLive', 'nameTaken', 'nextName', 'insert', 'rename', 'release', 'ledgerTotals', 'roundCounts', 'dayMeters', 'lockGames');
/** The customers' purchases as the ledger sums them (windows, shift net), and their recent payouts. */
const purchaseQueries = only(customerMovementRepository, 'purchaseWindows', 'shiftNetPurchases', 'recentPayouts');
/** The reload kiosks' cash boxes and their collections (the terminal's own insert is keyed by the terminal). */
const kioskCashQueries = only(kioskCashRepository, 'lastCollection', 'since', 'insertCollection', 'findCollection', 'findByKey', 'kiosks', 'lockKiosk');
/** The cash transaction log's reads (the money core writes its rows beside the movement). */
const cashLogQueries = only(cashLogRepository, 'list');
/** The store's own row. */
const storeQueries = only(storeRepository, 'find', 'update');

/**
 * The caller's store, bound once: a service takes `storeScope(db, caller.storeId)` at its start and
 * reaches the store's row, drawers, shifts and their movements, staff, credit history, customers, their
 * purchases and machine logs, machines and enrolment codes through it, so no query can be given another
 * store's id by hand (lint forbids api/ services to import these repositories directly; the terminal
 * protocol's files, keyed by an authenticated terminal, are the exception: docs/ARCHITECTURE.md).
 * `in(tx)` is the same store inside a transaction.
 */
export interface StoreScope {
  readonly storeId: number;
  readonly db: Db;
  readonly store: BoundToStore<typeof storeQueries>;
  readonly drawers: BoundToStore<typeof drawerRepository>;
  readonly shifts: BoundToStore<typeof shiftRepository>;
  readonly shiftMovements: BoundToStore<typeof shiftMovementRepository>;
  readonly staff: BoundToStore<typeof staffRepository>;
  readonly creditHistory: BoundToStore<typeof creditHistoryRepository>;
  readonly customers: BoundToStore<typeof customerQueries>;
  readonly purchases: BoundToStore<typeof purchaseQueries>;
  readonly rounds: BoundToStore<typeof roundRepository>;
  readonly gifts: BoundToStore<typeof giftRepository>;
  readonly machines: BoundToStore<typeof machineQueries>;
  readonly enrolmentCodes: BoundToStore<Pick<typeof enrolmentCodeRepository, 'insert'>>;
  readonly kioskCash: BoundToStore<typeof kioskCashQueries>;
  readonly dayClose: BoundToStore<typeof dayCloseRepository>;
  readonly sharedExclusions: BoundToStore<typeof sharedExclusionRepository>;
  readonly cashLog: BoundToStore<typeof cashLogQueries>;
  in(tx: Db): StoreScope;
}

export function storeScope(db: Db, storeId: number): StoreScope {
  return {
    storeId,
    db,
    store: bindToStore(storeQueries, db, storeId),
    drawers: bindToStore(drawerRepository, db, storeId),
    shifts: bindToStore(shiftRepository, db, storeId),
    shiftMovements: bindToStore(shiftMovementRepository, db, storeId),
    staff: bindToStore(staffRepository, db, storeId),
    creditHistory: bindToStore(creditHistoryRepository, db, storeId),
    customers: bindToStore(customerQueries, db, storeId),
    purchases: bindToStore(purchaseQueries, db, storeId),
    rounds: bindToStore(roundRepository, db, storeId),
    gifts: bindToStore(giftRepository, db, storeId),
    machines: bindToStore(machineQueries, db, storeId),
    enrolmentCodes: bindToStore(only(enrolmentCodeRepository, 'insert'), db, storeId),
    kioskCash: bindToStore(kioskCashQueries, db, storeId),
    dayClose: bindToStore(dayCloseRepository, db, storeId),
    sharedExclusions: bindToStore(sharedExclusionRepository, db, storeId),
    cashLog: bindToStore(cashLogQueries, db, storeId),
    in: (tx) => storeScope(tx, storeId),
  };
}
