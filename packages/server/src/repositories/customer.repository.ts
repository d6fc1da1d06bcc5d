import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db, Dialect } from '../db/database.js';
import type { PersonalLimitColumns } from '../money/purchase-limits.js';

/** A customer as the calls show them, with the name of the machine they play on (and the personal limits' columns). */
export interface CustomerView extends PersonalLimitColumns {
  id: number;
  mobile_id: string;
  first_name: string;
  last_name: string;
  drivers_license: string;
  birthday: string;
  gender: string;
  phone: string;
  mail: string;
  bank: string;
  bank_account: string;
  address: string;
  erased_at: string | null;
  account_type: number;
  blocked: number;
  playing_machine_id: number | null;
  machine_name: number | null;
  entries_cents: number;
  winnings_cents: number;
  created_at: string;
  updated_at: string;
  protect_kind: string;
  protect_since: string | null;
  protect_until: string | null;
  shared_since: string | null;
  shared_until: string | null;
}

/** What a money call needs from the customer row it locks. */
interface CustomerLock {
  id: number;
  blocked: number;
  playing_machine_id: number | null;
  entries_cents: number;
  winnings_cents: number;
}

type ProfileField = 'first_name' | 'last_name' | 'name_search' | 'last_search' | 'drivers_license' | 'birthday' | 'gender' | 'phone' | 'mail' | 'bank' | 'bank_account' | 'address';
export type ProfilePatch = Partial<Record<ProfileField, string>> & Partial<IdCardColumns>;

/** The ID card's hash and the exclusion another store of the operator shares on it (migration 021). */
export interface IdCardColumns {
  id_hash: string;
  shared_since: string | null;
  shared_until: string | null;
}

interface NewCustomer {
  mobile_id: string;
  pin_hash: string;
  first_name: string;
  last_name: string;
  name_search: string;
  /** "last first", lowercased (services/customer/present.ts `lastNameSearch`). */
  last_search: string;
  drivers_license: string;
  birthday: string;
  gender: string;
  phone: string;
  mail: string;
  bank: string;
  bank_account: string;
  /** '' when left out. */
  address?: string;
  created_at: string;
  updated_at: string;
  /** The ID card's hash ('' or absent: none) and a shared exclusion on it (migration 021). */
  id_hash?: string;
  shared_since?: string | null;
  shared_until?: string | null;
}

/** LIKE metacharacters typed by a user match themselves. */
function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * `column` starts with `prefix`, in a form each database answers from its index:
 * PostgreSQL from the text_pattern_ops index (LIKE 'p%' with the default backslash escape);
 * SQLite from the BINARY index through the range, since its LIKE is case-insensitive and not
 * index-driven there. The LIKE on SQLite keeps the match exact at the range's far end.
 */
function startsWith(dialect: Dialect, column: PrefixColumn, prefix: string): Expression<SqlBool> {
  const pattern = `${escapeLike(prefix)}%`;
  const col = sql.ref(column);
  if (dialect === 'postgres') return sql<SqlBool>`${col} LIKE ${pattern}`;
  return sql<SqlBool>`(${col} >= ${prefix} AND ${col} < ${`${prefix}\u{10FFFF}`} AND ${col} LIKE ${pattern} ESCAPE '\\')`;
}

function view(db: Db, storeId: number) {
  return db
    .selectFrom('customer')
    .leftJoin('machine', 'machine.id', 'customer.playing_machine_id')
    .select([
      'customer.id',
      'customer.mobile_id',
      'customer.first_name',
      'customer.last_name',
      'customer.drivers_license',
      'customer.birthday',
      'customer.gender',
      'customer.phone',
      'customer.mail',
      'customer.bank',
      'customer.bank_account',
      'customer.address',
      'customer.erased_at',
      'customer.account_type',
      'customer.blocked',
      'customer.playing_machine_id',
      'machine.machine_id as machine_name',
      'customer.entries_cents',
      'customer.winnings_cents',
      'customer.created_at',
      'customer.updated_at',
      'customer.protect_kind',
      'customer.protect_since',
      'customer.protect_until',
      'customer.shared_since',
      'customer.shared_until',
      'customer.plimit_hourly_cents',
      'customer.plimit_daily_cents',
      'customer.plimit_weekly_cents',
      'customer.plimit_next_hourly_cents',
      'customer.plimit_next_daily_cents',
      'customer.plimit_next_weekly_cents',
      'customer.plimit_next_at',
    ])
    .where('customer.store_id', '=', storeId);
}

/**
 * Sets non-money columns of one customer of the store; false when there is no such customer.
 * Balances are not settable here: they change only through the ledger.
 */
async function updateOne(db: Db, storeId: number, id: number, set: ProfilePatch & { blocked?: number; pin_hash?: string; pin_failures?: number; updated_at: string }): Promise<boolean> {
  const r = await db.updateTable('customer').set(set).where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

type PrefixColumn = 'customer.name_search' | 'customer.last_search' | 'customer.phone';

/** The store's customers whose `column` starts with `prefix`, in that column's order (its index's). */
function byPrefix(column: PrefixColumn) {
  return (db: Db, storeId: number, dialect: Dialect, prefix: string, limit: number) =>
    view(db, storeId)
      .where(startsWith(dialect, column, prefix))
      // On PostgreSQL, the text_pattern_ops index yields rows in ~<~ order: no sort of all matches.
      .orderBy(dialect === 'postgres' ? sql`${sql.ref(column)} USING ~<~` : sql.ref(column))
      .orderBy('customer.id')
      .limit(limit);
}

/** The search queries, as builders, so a test can check that each one runs on an index. */
export const customerSearchQuery = {
  byId: (db: Db, storeId: number, id: number) => view(db, storeId).where('customer.id', '=', id),
  byMobileId: (db: Db, storeId: number, mobileId: string) => view(db, storeId).where('customer.mobile_id', '=', mobileId),
  byNamePrefix: byPrefix('customer.name_search'),
  byLastNamePrefix: byPrefix('customer.last_search'),
  byPhonePrefix: byPrefix('customer.phone'),
};

export const customerRepository = {
  async insert(db: Db, storeId: number, row: NewCustomer): Promise<number> {
    const r = await db.insertInto('customer').values({ ...row, store_id: storeId }).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },

  find(db: Db, storeId: number, id: number): Promise<CustomerView | undefined> {
    return customerSearchQuery.byId(db, storeId, id).executeTakeFirst();
  },

  findByMobileId(db: Db, storeId: number, mobileId: string): Promise<CustomerView | undefined> {
    return customerSearchQuery.byMobileId(db, storeId, mobileId).executeTakeFirst();
  },

  /**
   * Customers whose name as "first last" or as "last first" (lowercased) starts with `prefix`: those
   * by first name in name order, then those by last name only in last-name order; each on its index.
   */
  async byNamePrefix(db: Db, storeId: number, dialect: Dialect, prefix: string, limit: number): Promise<CustomerView[]> {
    const byFirst = await customerSearchQuery.byNamePrefix(db, storeId, dialect, prefix, limit).execute();
    if (byFirst.length >= limit) return byFirst;
    const byLast = await customerSearchQuery.byLastNamePrefix(db, storeId, dialect, prefix, limit).execute();
    const seen = new Set(byFirst.map((c) => c.id));
    return [...byFirst, ...byLast.filter((c) => !seen.has(c.id))].slice(0, limit);
  },

  /** Customers whose phone digits start with `prefix`. */
  byPhonePrefix(db: Db, storeId: number, dialect: Dialect, prefix: string, limit: number): Promise<CustomerView[]> {
    return customerSearchQuery.byPhonePrefix(db, storeId, dialect, prefix, limit).execute();
  },

  page(db: Db, storeId: number, offset: number, limit: number): Promise<CustomerView[]> {
    return view(db, storeId).orderBy('customer.id').offset(offset).limit(limit).execute();
  },

  async count(db: Db, storeId: number): Promise<number> {
    const r = await db
      .selectFrom('customer')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /**
   * Locks the customer's row for the rest of the transaction (PostgreSQL; SQLite runs one
   * transaction at a time), so limits and revertable amounts summed afterwards cannot change under us.
   * The terminal protocol's (services/terminal/play.service.ts), with its authenticated terminal's store;
   * not bound by repositories/store-scope.ts.
   */
  async lock(tx: Db, dialect: Dialect, storeId: number, id: number): Promise<CustomerLock | undefined> {
    // Plain SQL: on every terminal round (services/terminal/play.service.ts).
    const r = await sql<CustomerLock>`SELECT id, blocked, playing_machine_id, entries_cents, winnings_cents FROM customer
      WHERE store_id = ${storeId} AND id = ${id}${dialect === 'postgres' ? sql` FOR UPDATE` : sql``}`.execute(tx);
    return r.rows[0];
  },

  updateProfile(db: Db, storeId: number, id: number, patch: ProfilePatch, at: string): Promise<boolean> {
    return updateOne(db, storeId, id, { ...patch, updated_at: at });
  },

  setBlocked(db: Db, storeId: number, id: number, blocked: boolean, at: string): Promise<boolean> {
    return updateOne(db, storeId, id, { blocked: blocked ? 1 : 0, updated_at: at });
  },

  /**
   * Sets a self-exclusion or cool-off, only if it ends later than the one on the row (money/protection.ts
   * mayReplace is the rule; this guard keeps it under a concurrent change): false otherwise or when there
   * is no such customer.
   */
  async setProtection(db: Db, storeId: number, id: number, p: { kind: string; since: string; until: string }): Promise<boolean> {
    const r = await db
      .updateTable('customer')
      .set({ protect_kind: p.kind, protect_since: p.since, protect_until: p.until, updated_at: p.since })
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .where((eb) => eb.or([eb('protect_until', 'is', null), eb('protect_until', '<=', p.since), eb('protect_until', '<', p.until)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /**
   * The self-exclusion running at `at` on a record of the store with this ID key (its own, or one another
   * store of the operator shares on it), the latest end; `except` is the record asking. Null when none
   * (or no key): the person may be registered or take the number.
   */
  async exclusionOfKey(db: Db, storeId: number, hash: string, at: string, except = 0): Promise<{ since: string; until: string } | null> {
    if (hash === '') return null;
    const rows = await db
      .selectFrom('customer')
      .select(['protect_kind', 'protect_since', 'protect_until', 'shared_since', 'shared_until'])
      .where('store_id', '=', storeId)
      .where('id_hash', '=', hash)
      .where('id', '<>', except)
      .where((eb) => eb.or([eb.and([eb('protect_kind', '=', 'exclusion'), eb('protect_until', '>', at)]), eb('shared_until', '>', at)]))
      .execute();
    let best: { since: string; until: string } | null = null;
    for (const r of rows) {
      const own = r.protect_kind === 'exclusion' && r.protect_until !== null && r.protect_until > at ? { since: r.protect_since ?? '', until: r.protect_until } : null;
      const shared = r.shared_until !== null && r.shared_until > at ? { since: r.shared_since ?? '', until: r.shared_until } : null;
      for (const x of [own, shared]) if (x && (!best || x.until > best.until)) best = x;
    }
    return best;
  },

  /** A self-exclusion reaches the store's other records of the same person (same ID key), unless theirs ends later: how many it reached. */
  async excludeTwins(db: Db, storeId: number, hash: string, except: number, p: { since: string; until: string }): Promise<number> {
    if (hash === '') return 0;
    const r = await db
      .updateTable('customer')
      .set({ protect_kind: 'exclusion', protect_since: p.since, protect_until: p.until, updated_at: p.since })
      .where('store_id', '=', storeId)
      .where('id_hash', '=', hash)
      .where('id', '<>', except)
      .where((eb) => eb.or([eb('protect_until', 'is', null), eb('protect_until', '<', p.until)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  /** Sets the customer's personal limits and pending raise (money/purchase-limits.ts nextPersonalLimits decides them). */
  async setPersonalLimits(db: Db, storeId: number, id: number, cols: PersonalLimitColumns, at: string): Promise<boolean> {
    const r = await db.updateTable('customer').set({ ...cols, updated_at: at }).where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** The store's customers whose protection runs at `at`, the latest set first. */
  protectedPage(db: Db, storeId: number, at: string, offset: number, limit: number): Promise<CustomerView[]> {
    return view(db, storeId).where('customer.protect_until', '>', at).orderBy('customer.protect_since', 'desc').orderBy('customer.id', 'desc').offset(offset).limit(limit).execute();
  },

  async protectedCount(db: Db, storeId: number, at: string): Promise<number> {
    const r = await db
      .selectFrom('customer')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', storeId)
      .where('protect_until', '>', at)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  setPinHash(db: Db, storeId: number, id: number, pinHash: string, at: string): Promise<boolean> {
    // A new PIN also unlocks the machines' PIN lock (services/terminal/play.service.ts).
    return updateOne(db, storeId, id, { pin_hash: pinHash, pin_failures: 0, updated_at: at });
  },

  /** Ends the customer's session on any machine: the customer row first, then the machines. */
  async release(tx: Db, storeId: number, id: number, at: string): Promise<void> {
    await tx
      .updateTable('customer')
      .set({ playing_machine_id: null, updated_at: at })
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .execute();
    await tx.updateTable('machine').set({ customer_id: null }).where('store_id', '=', storeId).where('customer_id', '=', id).execute();
  },
};
