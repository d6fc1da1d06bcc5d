import pg from 'pg';

/**
 * Several PostgreSQL hosts in one DATABASE_URL, as libpq writes them (issue 25, the standby):
 * `postgres://user@db1:5432,db2:5432/moneybox?target_session_attrs=read-write`. node-postgres
 * connects to one host only, so the pool's clients are `FailoverClient`s: each new connection goes
 * to the host known to be the primary; when none is known (at start, or after a connection to it
 * failed) every host is tried in the URL's order and the first that is not in recovery
 * (`pg_is_in_recovery()` false: libpq's read-write) is kept. A promoted standby is thus found by
 * the next connection the pool opens, without a restart.
 */
export interface PgHost {
  host: string;
  port: number;
}

export interface PgTarget {
  /** The URL with the first host only and without target_session_attrs: what node-postgres parses. */
  url: string;
  hosts: PgHost[];
  /** Whether connections must find the read-write host (several hosts, or target_session_attrs=read-write/primary). */
  readWrite: boolean;
}

const URL_PARTS = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/;

function parseHost(text: string): PgHost {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) return { host: bracketed[1]!, port: Number(bracketed[2] ?? 5432) };
  const [host, port] = text.split(':');
  return { host: host || 'localhost', port: Number(port || 5432) };
}

export function parsePgTarget(url: string): PgTarget {
  const m = URL_PARTS.exec(url);
  if (!m) return { url, hosts: [], readWrite: false };
  const [, scheme, auth = '', hostList, rest = ''] = m;
  const hosts = hostList!.split(',').filter(Boolean).map(parseHost);
  const query = rest.indexOf('?');
  const params = new URLSearchParams(query >= 0 ? rest.slice(query + 1) : '');
  const attrs = params.get('target_session_attrs');
  params.delete('target_session_attrs');
  const tail = (query >= 0 ? rest.slice(0, query) : rest) + (params.size ? `?${params.toString()}` : '');
  const first = hostList!.split(',')[0] ?? '';
  return { url: `${scheme}${auth}${first}${tail}`, hosts, readWrite: hosts.length > 1 || attrs === 'read-write' || attrs === 'primary' };
}

/** How long one host may take to answer the probe before the next is tried. */
const PROBE_TIMEOUT_MS = 2000;

/** The host connections go to: the one found read-write, looked for again once it fails. */
export class PrimaryFinder {
  private known: PgHost | null = null;
  private looking: Promise<PgHost> | null = null;

  constructor(private readonly target: PgTarget) {}

  /** The primary, as known or as found now (one search at a time, shared by every caller). */
  primary(): Promise<PgHost> {
    if (this.known) return Promise.resolve(this.known);
    this.looking ??= this.search().finally(() => (this.looking = null));
    return this.looking;
  }

  /** A connection to `host` failed or found it read-only: look for the primary again next time. */
  lost(host: PgHost): void {
    if (this.known === host) this.known = null;
  }

  private async search(): Promise<PgHost> {
    const seen: string[] = [];
    for (const host of this.target.hosts) {
      const client = new pg.Client({ connectionString: this.target.url, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
      // The connection string's host wins over a `host` option: the host is set on the client itself.
      client.host = host.host;
      client.port = host.port;
      client.on('error', () => undefined);
      try {
        await client.connect();
        const r = await client.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
        if (!r.rows[0]!.standby) return (this.known = host);
        seen.push(`${host.host}:${host.port} is a standby`);
      } catch (err) {
        seen.push(`${host.host}:${host.port}: ${(err as Error).message}`);
      } finally {
        await client.end().catch(() => undefined);
      }
    }
    throw new Error(`no read-write PostgreSQL among the configured hosts (${seen.join('; ')})`);
  }
}

/** A pg client class whose connections go to the finder's primary, and check it still is one. */
export function failoverClientClass(finder: PrimaryFinder): typeof pg.Client {
  return class FailoverClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      // The pool listens for 'error' only once connect's callback has run; until then the primary
      // check's query is in flight, and a connection lost under it (the old primary shutting down
      // in a failover) is also emitted on the client, which with no listener ends the process.
      // The query fails with the error itself, so the listener has nothing more to do.
      this.on('error', () => undefined);
    }

    // pg-pool calls connect(callback); the promise form serves the rest.
    override connect(): Promise<pg.Client>;
    override connect(callback: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): void;
    override connect(callback?: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): Promise<pg.Client> | void {
      const done = this.connectToPrimary().then(() => this as pg.Client);
      if (!callback) return done;
      const cb = callback as (err: Error | null, c?: pg.Client) => void;
      done.then((c) => cb(null, c), (err: Error) => cb(err));
    }

    private async connectToPrimary(): Promise<void> {
      const host = await finder.primary();
      this.host = host.host;
      this.port = host.port;
      try {
        await super.connect();
        // Between the search and this connection the host may have become a standby (a failback).
        const r = await this.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
        if (r.rows[0]!.standby) throw new Error(`${host.host}:${host.port} is a standby now`);
      } catch (err) {
        finder.lost(host);
        await this.end().catch(() => undefined);
        throw err;
      }
    }
  };
}
