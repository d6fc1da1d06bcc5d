/** The SQL pieces the benches generate rows inside the database with, on either dialect. */
import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../../packages/server/src/db/database.js';

/** The integers from..to as rows of column `i` (SQLite: a recursive CTE; PostgreSQL: generate_series). */
export function seriesSql(dialect: Dialect, from: number, to: number): RawBuilder<unknown> {
  return dialect === 'postgres'
    ? sql`SELECT generate_series(${from}::bigint, ${to}::bigint) AS i`
    : sql`WITH RECURSIVE s(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM s WHERE i < ${to}) SELECT i FROM s`;
}

/** The ISO UTC text of `startSeconds` (epoch seconds) + `seconds` (an SQL expression), as the ledger stores instants. */
export function isoSql(dialect: Dialect, startSeconds: number, seconds: RawBuilder<unknown>): RawBuilder<unknown> {
  return dialect === 'postgres'
    ? sql`to_char(to_timestamp(${startSeconds} + ${seconds}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${startSeconds} + ${seconds}, 'unixepoch')`;
}
