import type { Socket } from 'node:net';
import pg from 'pg';

/**
 * How long a call waits on its database before it gives up and answers 14 (settings `DB_*`, README).
 * A database that stops answering (a stopped backend, a network dropping packets) must not hold every
 * request forever; 0 in a field: no bound.
 */
export interface DatabaseBounds {
  /** Waiting for a connection of the pool, opening a new one included; also a money call's wait at its gate. */
  acquireMs: number;
  /** PostgreSQL `lock_timeout`; SQLite's `busy_timeout`. */
  lockMs: number;
  /** PostgreSQL `statement_timeout`: the database cancels a statement running longer. */
  statementMs: number;
}

/**
 * A statement with no answer at all this long after `statement_timeout` would have fired: the database
 * cannot answer (a cancel needs a working database), so the connection is dropped.
 */
export const NO_ANSWER_MARGIN_MS = 2000;

/** The error a statement fails with when its connection was dropped for not answering. */
export class DatabaseNoAnswer extends Error {
  constructor(ms: number) {
    super(`the database did not answer within ${ms} ms: connection dropped`);
  }
}

/** The client options that make PostgreSQL bound its own statements and lock waits. */
export function serverBounds(bounds: DatabaseBounds): Pick<pg.ClientConfig, 'statement_timeout' | 'lock_timeout'> {
  return {
    ...(bounds.statementMs > 0 ? { statement_timeout: bounds.statementMs } : {}),
    ...(bounds.lockMs > 0 ? { lock_timeout: bounds.lockMs } : {}),
  };
}

/**
 * A pg client class whose every query has an answer bound: past `statement_timeout` plus a margin with
 * no answer, the client's socket is destroyed. The query in flight then fails with `DatabaseNoAnswer`
 * (its call answers 14), the client is no longer queryable, and the pool drops it when it is released
 * and opens a new one. (pg's own `query_timeout` answers the caller but keeps the connection, whose
 * next query would queue behind the one that never ends.) A destroyed socket makes PostgreSQL roll back
 * whatever was not committed; a COMMIT whose answer never came has an unknown outcome, which the
 * caller's resend with the same one-time key settles (docs/DECISIONS.md).
 */
export function boundedClientClass(Base: typeof pg.Client, bounds: DatabaseBounds): typeof pg.Client {
  const answerMs = bounds.statementMs > 0 ? bounds.statementMs + NO_ANSWER_MARGIN_MS : 0;
  if (answerMs === 0) return Base;
  return class BoundedClient extends Base {
    // pg's query has a callback form (pg-pool's pool.query) and a promise form (Kysely): both are bounded.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(...args: any[]): any {
      const timer = setTimeout(() => this.drop(answerMs), answerMs);
      const last = args.length - 1;
      const callback: unknown = args[last];
      if (typeof callback === 'function') {
        args[last] = (err: unknown, res: unknown) => {
          clearTimeout(timer);
          (callback as (err: unknown, res: unknown) => void)(err, res);
        };
        return super.query(...(args as Parameters<pg.Client['query']>));
      }
      let result: unknown;
      try {
        result = super.query(...(args as Parameters<pg.Client['query']>));
      } catch (err) {
        clearTimeout(timer);
        throw err;
      }
      if (result instanceof Promise) return result.finally(() => clearTimeout(timer));
      clearTimeout(timer);
      return result;
    }

    private drop(ms: number): void {
      (this as unknown as { connection: { stream: Socket } }).connection.stream.destroy(new DatabaseNoAnswer(ms));
    }
  };
}
