import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { sql } from 'kysely';
import type { LiveIds } from '@moneybox/contract';
import type { DatabaseHandle } from '../db/database.js';

/**
 * What the counter and the Machine screen tell a terminal, wherever it is connected. Terminals and
 * web clients may be on different server processes (DESIGN.md: servers keep no state of their
 * own), so on PostgreSQL events go through LISTEN/NOTIFY, no new infrastructure; on SQLite one
 * process serves everything and an in-process emitter does it.
 */
type TerminalEvent =
  | { kind: 'kick'; machineRowId: number; customerId: number }
  | { kind: 'release'; machineRowId: number }
  | { kind: 'rename'; machineRowId: number; name: number };

/** One store's changes for its signed-in web clients (live/): machines and customers that moved. */
export interface LiveBatch {
  store: number;
  machines: LiveIds;
  customers: LiveIds;
  /** Distributor accounts that had the store until a change in this batch (a store moved away): their console sockets hear it once more. */
  formerOwners?: number[];
}

/** Every event on the bus: for terminals, and the live changes for web clients (one NOTIFY per batch of stores). */
export type BusEvent = TerminalEvent | { kind: 'live'; batches: LiveBatch[] } | { kind: 'alerts' };

export interface TerminalBus {
  publish(e: BusEvent): Promise<void>;
  subscribe(fn: (e: BusEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'moneybox_terminal';

export function openTerminalBus(handle: DatabaseHandle, onError: (err: unknown) => void = () => undefined): TerminalBus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const deliver = (e: BusEvent) => local.emit('event', e);
  const subscribe = (fn: (e: BusEvent) => void) => {
    local.on('event', fn);
    return () => void local.off('event', fn);
  };
  if (handle.dialect !== 'postgres' || !handle.pgPool) {
    return { publish: async (e) => void deliver(e), subscribe, close: async () => undefined };
  }

  const pool = handle.pgPool;
  let client: pg.PoolClient | undefined;
  let closed = false;
  const returned = new WeakSet<pg.PoolClient>();
  /** Each LISTEN connection's own 'error' handler, taken off when the connection goes back to the pool. */
  const onLost = new WeakMap<pg.PoolClient, (err: Error) => void>();
  const onNotify = (msg: pg.Notification) => {
    if (msg.channel !== CHANNEL || !msg.payload) return;
    try {
      deliver(JSON.parse(msg.payload) as BusEvent);
    } catch (err) {
      onError(err);
    }
  };
  // One pooled connection held for LISTEN; if it drops, listen again on a new one.
  const listen = async (): Promise<void> => {
    if (closed) return;
    try {
      const c = await pool.connect();
      const lost = (err: Error) => {
        c.off('error', lost);
        onError(err);
        // The connection may already be back in the pool (closed, or a second error on the same
        // socket): releasing twice throws outside any caller and would end the process.
        if (!returned.has(c)) {
          returned.add(c);
          c.release(true);
        }
        if (client === c) client = undefined;
        if (!closed) setTimeout(() => void listen(), 1000).unref();
      };
      c.on('notification', onNotify);
      c.on('error', lost);
      onLost.set(c, lost);
      try {
        await c.query(`LISTEN ${CHANNEL}`);
      } catch (err) {
        // Refused, not lost (a lost connection was given back by its handler): give it back here.
        if (!returned.has(c)) {
          returned.add(c);
          c.off('error', lost);
          c.release(true);
        }
        throw err;
      }
      client = c;
      if (closed) await release();
    } catch (err) {
      onError(err);
      setTimeout(() => void listen(), 1000).unref();
    }
  };
  const release = async () => {
    const c = client;
    client = undefined;
    if (!c) return;
    c.off('notification', onNotify);
    try {
      await c.query(`UNLISTEN ${CHANNEL}`);
      if (!returned.has(c)) c.release();
    } catch {
      if (!returned.has(c)) c.release(true);
    }
    returned.add(c);
    // Back in the pool, the connection serves other callers: this bus's handler stays with it no
    // longer (each bus opened on the pool would leave one more, reacting to others' errors).
    const lost = onLost.get(c);
    if (lost) c.off('error', lost);
  };
  const ready = listen();

  return {
    async publish(e) {
      await ready;
      await sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(e)})`.execute(handle.db);
    },
    subscribe,
    async close() {
      closed = true;
      await ready;
      await release();
    },
  };
}
