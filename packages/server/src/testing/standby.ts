// A PostgreSQL primary with a synchronous streaming standby on this machine, for the failover proof
// tier and the replica tests (issue 25): two clusters made with Debian's own tools
// (pg_createcluster, pg_basebackup, pg_ctlcluster, pg_rewind), on ports of their own, removed afterwards.
// The machine's main cluster is never touched.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process.js';

const exec = promisify(execFile);
/** Debian's tools, each bounded: a hung one fails the tier instead of holding it. */
const run = (file: string, args: string[]) => exec(file, args, { timeout: 60_000 });
const VERSION = '15';
/** The standby's name as the primary waits for it (synchronous_standby_names). */
const STANDBY_NAME = 'mbxstandby';
const PG_REWIND = `/usr/lib/postgresql/${VERSION}/bin/pg_rewind`;
/** What a primary needs so that pg_rewind can turn it into a standby after a failover (docs/ops/standby.md). */
const REWINDABLE = 'wal_log_hints = on\nwal_keep_size = 256MB\n';
const TOOLS = ['/usr/bin/pg_createcluster', '/usr/bin/pg_ctlcluster', '/usr/bin/pg_dropcluster', '/usr/bin/pg_basebackup', PG_REWIND];

export interface StandbyPair {
  primaryPort: number;
  standbyPort: number;
  /** postgres://postgres@127.0.0.1:<port>/moneybox for one cluster. */
  url(port: number): string;
  /** Both hosts, the primary first, as a server is configured (docs/ops/standby.md). */
  bothUrl: string;
  /** The primary's postmaster ends at once, as in a crash (pg_ctlcluster stop -m immediate). */
  killPrimary(): Promise<void>;
  /** The operator's command: the standby becomes the read-write primary (pg_ctlcluster promote). */
  promote(): Promise<void>;
  /**
   * After a promotion, the old primary rebuilt as the new primary's synchronous standby, as
   * docs/ops/standby.md says: pg_rewind, standby.signal and primary_conninfo, started, streaming,
   * then synchronous_standby_names set on the new primary; in sync before this returns.
   */
  rebuildOldPrimary(): Promise<void>;
  /** A query on one cluster's moneybox database (or `postgres`). */
  query<R extends pg.QueryResultRow>(port: number, text: string): Promise<R[]>;
  /** Stops and removes both clusters, their configuration and data; safe to call more than once. */
  drop(): Promise<void>;
}

const conf = (name: string) => `/etc/postgresql/${VERSION}/${name}`;
const data = (name: string) => `/var/lib/postgresql/${VERSION}/${name}`;

async function dropCluster(name: string): Promise<void> {
  await run('pg_dropcluster', ['--stop', VERSION, name]).catch(() => undefined);
  // pg_dropcluster leaves the conf.d file written here, and nothing else.
  fs.rmSync(conf(name), { recursive: true, force: true });
  fs.rmSync(data(name), { recursive: true, force: true });
}

async function createCluster(name: string, port: number, settings: string): Promise<void> {
  // Trust on this machine's loopback, as the main test cluster; the clusters live for one test run.
  await run('pg_createcluster', ['--start-conf=manual', '-p', String(port), VERSION, name, '--', '--auth=trust']);
  fs.writeFileSync(`${conf(name)}/conf.d/moneybox.conf`, `listen_addresses = '127.0.0.1'\n${settings}`);
}

/** Until the primary on `port` has the standby in synchronous replication (30 s at most). */
async function waitForSync(port: number): Promise<void> {
  for (let i = 0; ; i++) {
    const rows = await query<{ sync_state: string }>(port, `SELECT sync_state FROM pg_stat_replication WHERE application_name = '${STANDBY_NAME}'`);
    if (rows[0]?.sync_state === 'sync') return;
    if (i > 300) throw new Error('the standby did not become synchronous within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Makes a cluster's data a standby of the primary on `primaryPort`, under the name the primary waits for. */
async function followPrimary(name: string, primaryPort: number): Promise<void> {
  fs.writeFileSync(`${data(name)}/standby.signal`, '');
  fs.appendFileSync(`${data(name)}/postgresql.auto.conf`, `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres application_name=${STANDBY_NAME}'\n`);
  await run('chown', ['-R', 'postgres:postgres', data(name)]);
  await run('pg_ctlcluster', [VERSION, name, 'start']);
}

async function query<R extends pg.QueryResultRow>(port: number, text: string, database = 'moneybox', before?: string): Promise<R[]> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    if (before) await client.query(before);
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Creates the pair: a primary (synchronous_commit on, synchronous_standby_names = the standby) and
 * a standby copied from it with pg_basebackup, streaming, in sync before this returns; and the
 * empty `moneybox` database on both. Fails loudly when Debian's tools are missing (never skips).
 * `created` gets the pair before anything is made, so a caller's clean-up drops it whatever happens.
 */
export async function createStandbyPair(created: (pair: StandbyPair) => void): Promise<StandbyPair> {
  const missing = TOOLS.filter((t) => !fs.existsSync(t));
  if (missing.length) throw new Error(`the standby tier needs Debian's postgresql-common (${missing.join(', ')} missing): apt-get install postgresql-common`);
  const id = randomBytes(4).toString('hex');
  const primary = `mbx_${id}_primary`;
  const standby = `mbx_${id}_standby`;
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const pair: StandbyPair = {
    primaryPort,
    standbyPort,
    url: (port) => `postgres://postgres@127.0.0.1:${port}/moneybox`,
    bothUrl: `postgres://postgres@127.0.0.1:${primaryPort},127.0.0.1:${standbyPort}/moneybox?target_session_attrs=read-write`,
    async killPrimary() {
      await run('pg_ctlcluster', [VERSION, primary, 'stop', '-m', 'immediate']);
    },
    async promote() {
      await run('pg_ctlcluster', [VERSION, standby, 'promote']);
    },
    async rebuildOldPrimary() {
      // A standby has no synchronous_standby_names of its own; the new primary gets it at the end.
      fs.writeFileSync(`${conf(primary)}/conf.d/moneybox.conf`, `listen_addresses = '127.0.0.1'\n${REWINDABLE}`);
      // Debian keeps the configuration outside the data directory: pg_rewind's crash recovery of a killed target needs it.
      const source = `host=127.0.0.1 port=${standbyPort} user=postgres dbname=postgres`;
      // pg_rewind reads the source's timeline from its control file, which a fresh promotion updates only at its checkpoint.
      await query(standbyPort, 'CHECKPOINT', 'postgres');
      await run('su', ['postgres', '-c', `${PG_REWIND} --target-pgdata=${data(primary)} --config-file=${conf(primary)}/postgresql.conf --source-server='${source}'`]);
      await followPrimary(primary, standbyPort);
      await query(standbyPort, `ALTER SYSTEM SET synchronous_standby_names = '${STANDBY_NAME}'`, 'postgres');
      await query(standbyPort, 'SELECT pg_reload_conf()', 'postgres');
      await waitForSync(standbyPort);
    },
    query: (port, text) => query(port, text),
    async drop() {
      await dropCluster(standby);
      await dropCluster(primary);
    },
  };
  created(pair);
  try {
    // wal_log_hints and wal_keep_size: pg_rewind can make it a standby after a failover (rebuildOldPrimary); it reads
    // this cluster's WAL back to the last checkpoint before the two diverged.
    await createCluster(primary, primaryPort, `synchronous_commit = on\nsynchronous_standby_names = '${STANDBY_NAME}'\n${REWINDABLE}`);
    await run('pg_ctlcluster', [VERSION, primary, 'start']);
    // No standby yet to wait for: this one commit is local.
    await query(primaryPort, 'CREATE DATABASE moneybox', 'postgres', 'SET synchronous_commit = local');
    // The standby's cluster (its configuration), then its data replaced by a copy of the primary's.
    await createCluster(standby, standbyPort, '');
    fs.rmSync(data(standby), { recursive: true, force: true });
    fs.mkdirSync(data(standby), { mode: 0o700 });
    await run('chown', ['postgres:postgres', data(standby)]);
    await run('su', ['postgres', '-c', `pg_basebackup -h 127.0.0.1 -p ${primaryPort} -U postgres -D ${data(standby)} -X stream -c fast`]);
    await followPrimary(standby, primaryPort);
    await waitForSync(primaryPort);
    return pair;
  } catch (err) {
    await pair.drop();
    throw err;
  }
}
