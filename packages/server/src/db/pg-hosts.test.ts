import net from 'node:net';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freePort } from '../testing/server-process.js';
import { freshDatabase } from '../testing/databases.js';
import { openPostgres } from './database.js';
import { failoverClientClass, parsePgTarget, type PrimaryFinder } from './pg-hosts.js';

describe('several PostgreSQL hosts in DATABASE_URL (the standby)', () => {
  it('reads the hosts in order, keeps one host for node-postgres, and drops target_session_attrs', () => {
    expect(parsePgTarget('postgres://mbx:pw@db1:5433,db2,[::1]:5435/moneybox?target_session_attrs=read-write&sslmode=disable')).toEqual({
      url: 'postgres://mbx:pw@db1:5433/moneybox?sslmode=disable',
      hosts: [
        { host: 'db1', port: 5433 },
        { host: 'db2', port: 5432 },
        { host: '::1', port: 5435 },
      ],
      readWrite: true,
    });
    expect(parsePgTarget('postgresql://db/moneybox?target_session_attrs=read-write').readWrite).toBe(true);
    // One host and no attribute: the plain pool, as before.
    expect(parsePgTarget('postgres://mbx@db:5432/moneybox')).toEqual({ url: 'postgres://mbx@db:5432/moneybox', hosts: [{ host: 'db', port: 5432 }], readWrite: false });
  });

  it('connects to the read-write host however the hosts are ordered, and says which failed when none answers', async () => {
    const d = await freshDatabase('postgres');
    const dead = await freePort();
    const real = new URL(d.url!);
    const handle = openPostgres(`postgres://${real.username}@127.0.0.1:${dead},${real.hostname}:${real.port}${real.pathname}?target_session_attrs=read-write`, 2);
    try {
      // The first host refuses the connection; the second is the primary.
      const r = await sql<{ db: string }>`SELECT current_database() AS db`.execute(handle.db);
      expect(r.rows[0]!.db).toBe(real.pathname.slice(1));
      const none = openPostgres(`postgres://${real.username}@127.0.0.1:${dead},127.0.0.1:${dead}${real.pathname}`, 1);
      await expect(sql`SELECT 1`.execute(none.db)).rejects.toThrow(/no read-write PostgreSQL among the configured hosts .*ECONNREFUSED/);
      await none.close();
    } finally {
      await handle.close();
      await d.drop();
    }
  });
});

describe('a connection lost while the failover client checks its host', () => {
  it('fails that connect with the error and never ends the process', async () => {
    // A server that completes the start-up handshake, then drops the connection on the first query:
    // the standby check after connecting, as when the old primary shuts down in a failover.
    const server = net.createServer((socket) => {
      let started = false;
      socket.on('data', () => {
        if (started) return socket.destroy();
        started = true;
        const authOk = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0]);
        const ready = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);
        socket.write(Buffer.concat([authOk, ready]));
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    const host = { host: '127.0.0.1', port };
    const lost: unknown[] = [];
    const finder = { primary: () => Promise.resolve(host), lost: (h: unknown) => lost.push(h) } as unknown as PrimaryFinder;
    const uncaught: Error[] = [];
    const onUncaught = (err: Error) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      const Client = failoverClientClass(finder);
      const client = new Client({ user: 'mbx', database: 'moneybox' });
      await expect(client.connect()).rejects.toThrow(/Connection terminated unexpectedly/);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(uncaught).toEqual([]);
      expect(lost).toEqual([host]);
    } finally {
      process.off('uncaughtException', onUncaught);
      server.close();
    }
  });
});
