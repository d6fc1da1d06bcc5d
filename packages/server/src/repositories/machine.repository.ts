import { sql } from 'kysely';
import { runPrepared, type DatabaseHandle, type Db, type Dialect } from '../db/database.js';

/** A machine on the floor as the services need it. */
export interface MachineRow {
  id: number;
  store_id: number;
  machine_id: number;
  kind: string;
  connected: number;
  customer_id: number | null;
  public_key: string | null;
  last_seq: number;
  last_seen_at: string | null;
  created_at: string;
  meter_played: number;
  meter_won: number;
  meter_games: number;
  meter_resets: number;
  meter_reset_at: string | null;
}

const COLUMNS = [
  'machine.id',
  'machine.store_id',
  'machine.machine_id',
  'machine.kind',
  'machine.connected',
  'machine.customer_id',
  'machine.public_key',
  'machine.last_seq',
  'machine.last_seen_at',
  'machine.created_at',
  'machine.meter_played',
  'machine.meter_won',
  'machine.meter_games',
  'machine.meter_resets',
  'machine.meter_reset_at',
] as const;

/** A game machine's meters (credits, games). */
export interface Meters {
  played: number;
  won: number;
  games: number;
}

/** Per machine: what its ledger rows and rounds add up to (cents, games). */
export interface MachineTotals {
  machine_id: number;
  played_cents: number;
  won_cents: number;
}

/** A machine and its seated customer as the fast path reads them (customer columns null when nobody sits). */
interface SeatedState {
  last_seq: number;
  customer_id: number | null;
  exchange_rate: number;
  playing_machine_id: number | null;
  entries_cents: number;
  winnings_cents: number;
  version: string | null;
}

/**
 * The queries that take the store first are the store's machines, bound by repositories/store-scope.ts
 * (MACHINE_STORE_QUERIES there); the others are keyed by machine row id, for the terminal protocol once
 * the terminal proved its row and store, and for the hub's heartbeats (docs/ARCHITECTURE.md).
 */
export const machineRepository = {
  /** The store's machines on the floor (released ones are history), by name. */
  live(db: Db, storeId: number) {
    return db
      .selectFrom('machine')
      .leftJoin('customer', 'customer.id', 'machine.customer_id')
      .select([...COLUMNS, 'customer.mobile_id', 'customer.first_name', 'customer.last_name'])
      .where('machine.store_id', '=', storeId)
      .where('machine.removed', '=', 0)
      .orderBy('machine.machine_id')
      .execute();
  },

  find(db: Db, storeId: number, id: number): Promise<MachineRow | undefined> {
    return db.selectFrom('machine').select(COLUMNS).where('store_id', '=', storeId).where('id', '=', id).where('removed', '=', 0).executeTakeFirst();
  },

  /** By row id alone: the terminal names its row, then proves it owns it (and its store). */
  findAnyStore(db: Db, id: number): Promise<MachineRow | undefined> {
    return db.selectFrom('machine').select(COLUMNS).where('id', '=', id).where('removed', '=', 0).executeTakeFirst();
  },

  async countLive(db: Db, storeId: number): Promise<number> {
    const r = await db
      .selectFrom('machine')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', storeId)
      .where('removed', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  async nameTaken(db: Db, storeId: number, name: number): Promise<boolean> {
    const r = await db.selectFrom('machine').select('id').where('store_id', '=', storeId).where('machine_id', '=', name).where('removed', '=', 0).executeTakeFirst();
    return r !== undefined;
  },

  /** The next free name: one past the highest of the same kind on the floor (game machines 101, 102…; kiosks 900, 901…). */
  async nextName(db: Db, storeId: number, kind: string): Promise<number> {
    const r = await db
      .selectFrom('machine')
      .select((eb) => eb.fn.max('machine_id').as('m'))
      .where('store_id', '=', storeId)
      .where('kind', '=', kind)
      .where('removed', '=', 0)
      .executeTakeFirst();
    let name = Number(r?.m ?? 0) + 1;
    while (await machineRepository.nameTaken(db, storeId, name)) name++;
    return name;
  },

  async insert(db: Db, storeId: number, row: { machine_id: number; kind: string; public_key: string; created_at: string }): Promise<number> {
    const r = await db.insertInto('machine').values({ ...row, store_id: storeId }).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  },

  async rename(db: Db, storeId: number, id: number, name: number): Promise<boolean> {
    const r = await db.updateTable('machine').set({ machine_id: name }).where('store_id', '=', storeId).where('id', '=', id).where('removed', '=', 0).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Takes the machine off the floor and forgets its key: it must enrol again. */
  async release(tx: Db, storeId: number, id: number, at: string): Promise<boolean> {
    const r = await tx
      .updateTable('machine')
      .set({ removed: 1, removed_at: at, public_key: null, connected: 0, customer_id: null })
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .where('removed', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Heartbeats of many machines in one statement (the hub flushes every few seconds). */
  async markSeen(db: Db, ids: number[], at: string): Promise<void> {
    if (ids.length === 0) return;
    await db.updateTable('machine').set({ connected: 1, last_seen_at: at }).where('id', 'in', ids).where('removed', '=', 0).execute();
  },

  /** Machines still flagged connected whose last heartbeat write is in (from, to]: they have just gone stale (disconnected). */
  wentStale(db: Db, from: string, to: string): Promise<Array<{ id: number; store_id: number }>> {
    return db
      .selectFrom('machine')
      .select(['id', 'store_id'])
      .where('connected', '=', 1)
      .where('removed', '=', 0)
      .where('last_seen_at', '>', from)
      .where('last_seen_at', '<=', to)
      .execute();
  },

  async markDisconnected(db: Db, id: number, at: string): Promise<void> {
    await db.updateTable('machine').set({ connected: 0, last_seen_at: at }).where('id', '=', id).execute();
  },

  /**
   * A machine's meter reading (the reset rule: `meterReadingAssignments`): its cumulative meters and
   * reset count after it.
   */
  async readMeters(tx: Db, id: number, m: Meters, at: string): Promise<{ meters: Meters; resets: number }> {
    for (const v of [m.played, m.won, m.games]) if (!Number.isSafeInteger(v)) throw new Error('a meter reading is a whole number');
    const assignments = meterReadingAssignments({ played: String(m.played), won: String(m.won), games: String(m.games), at: '$at' });
    const [before, after] = assignments.split('$at');
    const r = await sql<{ played: number; won: number; games: number; resets: number }>`UPDATE machine SET ${sql.raw(before!)}${at}${sql.raw(after!)}
      WHERE id = ${id} RETURNING meter_played AS played, meter_won AS won, meter_games AS games, meter_resets AS resets`.execute(tx);
    const row = r.rows[0]!;
    return { meters: { played: Number(row.played), won: Number(row.won), games: Number(row.games) }, resets: Number(row.resets) };
  },

  async seatCustomer(tx: Db, machineRowId: number, customerId: number): Promise<void> {
    await tx.updateTable('machine').set({ customer_id: customerId }).where('id', '=', machineRowId).execute();
  },

  /** Advances the command sequence; false when another connection applied this seq first. */
  async advanceSeq(tx: Db, id: number, seq: number): Promise<boolean> {
    const r = await tx.updateTable('machine').set({ last_seq: seq }).where('id', '=', id).where('last_seq', '=', seq - 1).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** What the terminal's welcome tells it besides its own row: the store's exchange rate and the seated customer. */
  async welcome(db: Db, storeId: number, customerId: number | null): Promise<{ exchange_rate: number; customer: { id: number; mobile_id: string } | null }> {
    const seat = customerId === null ? undefined : await db.selectFrom('customer').select(['id', 'mobile_id']).where('id', '=', customerId).executeTakeFirst();
    const rate = await db.selectFrom('store').select('exchange_rate').where('id', '=', storeId).executeTakeFirstOrThrow();
    return { exchange_rate: rate.exchange_rate, customer: seat ? { id: seat.id, mobile_id: seat.mobile_id } : null };
  },

  /** What a sequenced command needs of its machine, in one query (a released machine: undefined). */
  async commandState(tx: Db, id: number): Promise<{ last_seq: number; customer_id: number | null; exchange_rate: number } | undefined> {
    const r = await sql<{ last_seq: number; customer_id: number | null; exchange_rate: number }>`SELECT m.last_seq, m.customer_id, s.exchange_rate
      FROM machine m JOIN store s ON s.id = m.store_id WHERE m.id = ${id} AND m.removed = 0`.execute(tx);
    const row = r.rows[0];
    return row && { last_seq: Number(row.last_seq), customer_id: row.customer_id === null ? null : Number(row.customer_id), exchange_rate: Number(row.exchange_rate) };
  },

  /**
   * PostgreSQL's fast path of a seated customer's command (services/terminal/sequence.ts applySeatedOnce):
   * the machine's state and its seated customer with the row version (xmin) the apply guards on.
   */
  async seatedState(handle: DatabaseHandle, id: number): Promise<SeatedState | undefined> {
    const r = await runPrepared(
      handle,
      handle.db,
      sql<SeatedState>`SELECT m.last_seq, m.customer_id, s.exchange_rate, c.playing_machine_id, c.entries_cents, c.winnings_cents, c.xmin::text AS version
        FROM machine m JOIN store s ON s.id = m.store_id LEFT JOIN customer c ON c.id = m.customer_id AND c.store_id = m.store_id
        WHERE m.id = ${id} AND m.removed = 0`,
    );
    const x = r.rows[0];
    return (
      x && {
        last_seq: Number(x.last_seq),
        customer_id: x.customer_id === null ? null : Number(x.customer_id),
        exchange_rate: Number(x.exchange_rate),
        playing_machine_id: x.playing_machine_id === null ? null : Number(x.playing_machine_id),
        entries_cents: Number(x.entries_cents),
        winnings_cents: Number(x.winnings_cents),
        version: x.version,
      }
    );
  },

  /**
   * Played (bets) and won per machine by the ledger: all time, or from `from` (up to `to`, excluded).
   * Read through the store's machines (index ledger_machine_at), not the store's whole ledger: all time
   * is the store's machine rows only, however long its history of counter movements (the day-close bench).
   */
  async ledgerTotals(db: Db, storeId: number, from?: string, to?: string): Promise<MachineTotals[]> {
    let q = db
      .selectFrom('ledger')
      .select((eb) => [
        'machine_id',
        eb.fn.sum<number>(eb.case().when('kind', '=', 'bet').then(eb.ref('amount_cents')).else(0).end()).as('played_cents'),
        eb.fn.sum<number>(eb.case().when('kind', '=', 'win').then(eb.ref('amount_cents')).else(0).end()).as('won_cents'),
      ])
      .where('machine_id', 'in', db.selectFrom('machine').select('id').where('store_id', '=', storeId))
      .where('kind', 'in', ['bet', 'win']);
    if (from) q = q.where('at', '>=', from);
    if (to) q = q.where('at', '<', to);
    const rows = await q.groupBy('machine_id').execute();
    return rows.map((r) => ({ machine_id: Number(r.machine_id), played_cents: Number(r.played_cents ?? 0), won_cents: Number(r.won_cents ?? 0) }));
  },

  /** Rounds per machine of the store (within [from, to) when given). */
  async roundCounts(db: Db, storeId: number, from?: string, to?: string): Promise<Map<number, number>> {
    let q = db
      .selectFrom('round')
      .select((eb) => ['machine_id', eb.fn.countAll<number>().as('n')])
      .where('store_id', '=', storeId);
    if (from) q = q.where('at', '>=', from);
    if (to) q = q.where('at', '<', to);
    const rows = await q.groupBy('machine_id').execute();
    return new Map(rows.map((r) => [Number(r.machine_id), Number(r.n)]));
  },

  /**
   * Holds the store's game machines to the end of the transaction (PostgreSQL; SQLite runs one writer
   * at a time): a day close takes its instant once the rounds in flight have committed, and a round
   * after it waits for its commit, so its meter reading sees the close (services/terminal/meters.ts).
   */
  async lockGames(db: Db, storeId: number, dialect: Dialect): Promise<void> {
    if (dialect !== 'postgres') return;
    await db.selectFrom('machine').select('id').where('store_id', '=', storeId).where('kind', '=', 'game').where('removed', '=', 0).orderBy('id').forUpdate().execute();
  },

  /**
   * A machine's meters as read on store day `day` (migration 022): the day's row keeps its last reading,
   * so a day's meter movement is that row less the last row of a day before it.
   */
  async recordDayMeters(tx: Db, storeId: number, id: number, day: string, m: Meters, resets: number): Promise<void> {
    await tx
      .insertInto('machine_meter_day')
      .values({ machine_id: id, day, store_id: storeId, played: m.played, won: m.won, games: m.games, resets })
      .onConflict((oc) => oc.columns(['machine_id', 'day']).doUpdateSet({ played: m.played, won: m.won, games: m.games, resets }))
      .execute();
  },

  /**
   * Each game machine of the store on the floor (by name) with its meter movement of store day `day`: its last
   * reading of the day (or before it) less its last reading before the day (0 when none). One index
   * look-up per reading, whatever the history: each reading comes back as one text "played won games"
   * (a subquery gives one column; three subqueries per reading made the Z report's slowest read).
   */
  async dayMeters(db: Db, storeId: number, day: string): Promise<Array<{ id: number; name: number; meters: Meters; resets: number }>> {
    const last = (cmp: '<' | '<=') =>
      sql`(SELECT d.played || ' ' || d.won || ' ' || d.games || ' ' || d.resets FROM machine_meter_day d WHERE d.machine_id = m.id AND d.day ${sql.raw(cmp)} ${day} ORDER BY d.day DESC LIMIT 1)`;
    const r = await sql<{ id: number; name: number; now: string | null; was: string | null }>`SELECT m.id, m.machine_id AS name, ${last('<=')} AS now, ${last('<')} AS was
      FROM machine m WHERE m.store_id = ${storeId} AND m.removed = 0 AND m.kind = 'game' ORDER BY m.machine_id`.execute(db);
    const reading = (v: string | null) => (v ?? '0 0 0 0').split(' ').map(Number) as [number, number, number, number];
    return r.rows.map((x) => {
      const [[p1, w1, g1, r1], [p0, w0, g0, r0]] = [reading(x.now), reading(x.was)];
      return { id: Number(x.id), name: Number(x.name), meters: { played: p1 - p0, won: w1 - w0, games: g1 - g0 }, resets: r1 - r0 };
    });
  },
};

/** Locks a machine row for the rest of the transaction (PostgreSQL; SQLite runs one at a time). */
export function forUpdate(dialect: Dialect) {
  return dialect === 'postgres' ? sql` FOR UPDATE` : sql``;
}

/**
 * THE meter reset rule, as the SET list of an `UPDATE machine` for one reading (SQL expressions for its
 * played, won and games, and its time), run by `readMeters` and by PostgreSQL's `mbx_apply_command`
 * (money/apply-movement.ts). A reading lower than the last one in any meter is a reset (a RAM clear sets
 * a real machine back to zero): it is counted and dated, and the cumulative meters grow by the reading
 * itself (what the machine counted since the reset); otherwise they grow by the reading less the last
 * one. So the cumulative meters, and a day's movement, never go down. (Every right-hand side reads the
 * row as it was before the UPDATE, on both databases.)
 */
export function meterReadingAssignments(r: { played: string; won: string; games: string; at: string }): string {
  const reset = `(${r.played} < meter_raw_played OR ${r.won} < meter_raw_won OR ${r.games} < meter_raw_games)`;
  const grow = (m: 'played' | 'won' | 'games') => `meter_${m} = meter_${m} + CASE WHEN ${reset} THEN ${r[m]} ELSE ${r[m]} - meter_raw_${m} END`;
  return [
    grow('played'),
    grow('won'),
    grow('games'),
    `meter_resets = meter_resets + CASE WHEN ${reset} THEN 1 ELSE 0 END`,
    `meter_reset_at = CASE WHEN ${reset} THEN ${r.at} ELSE meter_reset_at END`,
    `meter_raw_played = ${r.played}, meter_raw_won = ${r.won}, meter_raw_games = ${r.games}`,
  ].join(', ');
}
