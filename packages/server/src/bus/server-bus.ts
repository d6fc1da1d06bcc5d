import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { sql } from 'kysely';
import type { LiveIds } from '@moneybox/contract';
import type { DatabaseHandle } from '../db/database.js';

/**
 * The bus between the servers of one database: what the counter and the Machine screen tell a
 * terminal wherever it is connected, the live batches for web clients and the alerts' news for the
 * console's sockets. Terminals and web clients may be on different server processes (DESIGN.md: servers keep no state of their
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

/**
 * Every event on the bus: for terminals, the live changes for web clients (one NOTIFY per batch of
 * stores), the alerts' news, and a platform account whose console sessions ended (disabled, removed,
 * new password, locked): every server closes that account's console sockets whose session ended.
 */
export type BusEvent = TerminalEvent | { kind: 'live'; batches: LiveBatch[] } | { kind: 'alerts' } | { kind: 'consoleSessions'; account: number } | Resync;

/**
 * Told to this server's subscribers only (never published), when the bus listens again after its
 * LISTEN connection was lost: what was notified meanwhile never reached it, so every screen it
 * serves refetches (http/live-hub.ts, http/console-live.ts) rather than stay wrong for good.
 */
export interface Resync {
  kind: 'resync';
}

export interface ServerBus {
  publish(e: BusEvent): Promise<void>;
  subscribe(fn: (e: BusEvent) => void): () => void;
  close(): Promise<void>;
}

// The channel keeps its first name: servers of the release before and after a rename hear each other.
const CHANNEL = 'moneybox_terminal';

export function openServerBus(handle: DatabaseHandle, onError: (err: unknown) => void = () => undefined): ServerBus {
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
  /** The LISTEN connection, and how it goes back to the pool (once, whoever gives it back first). */
  let listening: { c: pg.PoolClient; giveBack(destroy: boolean): void } | undefined;
  let closed = false;
  /** A LISTEN connection was lost since the bus last listened: the next LISTEN tells the subscribers to resync. */
  let missed = false;
  const onNotify = (msg: pg.Notification) => {
    if (msg.channel !== CHANNEL || !msg.payload) return;
    try {
      deliver(JSON.parse(msg.payload) as BusEvent);
    } catch (err) {
      onError(err);
    }
  };
  // One pooled connection held for LISTEN; if it drops, listen again on a new one. A connection cut
  // while its LISTEN is in flight reports twice (its error event and the query's rejection): one retry
  // is pending at a time, so the bus never ends up listening on two connections.
  let retry: NodeJS.Timeout | undefined;
  const listenLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void listen();
    }, 1000);
    retry.unref();
  };
  const listen = async (): Promise<void> => {
    if (closed) return;
    try {
      const c = await pool.connect();
      let given = false;
      // Releasing twice (a second error on the same socket, or an error after close) throws outside any
      // caller and would end the process. Back in the pool the connection serves other callers: this
      // bus's handlers go no further with it (each bus opened on the pool would leave one more, reacting
      // to others' errors); the pool's own handler (db/database.ts) stays.
      const giveBack = (destroy: boolean) => {
        if (given) return;
        given = true;
        c.off('notification', onNotify);
        c.off('error', lost);
        c.release(destroy);
      };
      const lost = (err: Error) => {
        onError(err);
        giveBack(true);
        if (listening?.c === c) listening = undefined;
        missed = true;
        listenLater();
      };
      c.on('notification', onNotify);
      c.on('error', lost);
      try {
        await c.query(`LISTEN ${CHANNEL}`);
      } catch (err) {
        // Refused, not lost (a lost connection was given back by its handler): give it back here.
        giveBack(true);
        throw err;
      }
      listening = { c, giveBack };
      if (closed) return void (await release());
      if (missed) {
        missed = false;
        deliver({ kind: 'resync' });
      }
    } catch (err) {
      onError(err);
      missed = true;
      listenLater();
    }
  };
  const release = async () => {
    const l = listening;
    listening = undefined;
    if (!l) return;
    l.c.off('notification', onNotify);
    try {
      await l.c.query(`UNLISTEN ${CHANNEL}`);
      l.giveBack(false);
    } catch {
      l.giveBack(true);
    }
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
      clearTimeout(retry);
      await ready;
      await release();
    },
  };
}
