import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { freshDatabase, type TestDatabase } from '../testing/databases.js';
import { openServerBus, type BusEvent } from './server-bus.js';

describe('terminal bus (postgres)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase('postgres');
  });
  afterAll(() => database.drop());

  it("carries an event between two buses of the pool, and a closed bus leaves no 'error' handler on the pool's connections", async () => {
    const pool = database.handle.pgPool!;
    const listeners = async () => {
      // Every connection the pool holds, checked out at once, then given back as they were.
      const clients = await Promise.all(Array.from({ length: pool.totalCount || 1 }, () => pool.connect()));
      const counts = clients.map((c) => c.listenerCount('error'));
      clients.forEach((c) => c.release());
      return Math.max(...counts);
    };
    const before = await listeners();

    for (let i = 0; i < 12; i++) {
      const sender = openServerBus(database.handle);
      const receiver = openServerBus(database.handle);
      // A bus listens once its first publish is through: only then can it hear the sender's event.
      await receiver.publish({ kind: 'alerts' });
      const seen = new Promise<BusEvent>((resolve) => receiver.subscribe((e) => e.kind === 'live' && resolve(e)));
      const event: BusEvent = { kind: 'live', batches: [] };
      await sender.publish(event);
      expect(await seen).toEqual(event);
      await sender.close();
      await receiver.close();
    }

    expect(await listeners()).toBe(before);
  });

  it('listens again after its LISTEN connection is cut, tells its subscribers to resync, and hears events again', async () => {
    const bus = openServerBus(database.handle);
    const sender = openServerBus(database.handle);
    await bus.publish({ kind: 'alerts' });
    const events: BusEvent[] = [];
    bus.subscribe((e) => events.push(e));
    const until = async (seen: (e: BusEvent) => boolean) => {
      // A hang guard only: the bus retries a second after a loss.
      for (let i = 0; i < 300 && !events.some(seen); i++) await new Promise((r) => setTimeout(r, 100));
      expect(events.some(seen)).toBe(true);
    };
    // Nothing was lost yet: no resync.
    await sender.publish({ kind: 'consoleSessions', account: 1 });
    await until((e) => e.kind === 'consoleSessions');
    expect(events.filter((e) => e.kind === 'resync')).toEqual([]);

    const cut = await sql<{ n: number }>`SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND query = 'LISTEN moneybox_terminal' AND pid <> pg_backend_pid()`.execute(database.handle.db);
    expect(cut.rows[0]!.n).toBeGreaterThanOrEqual(1);
    await until((e) => e.kind === 'resync');
    // Listening again: an event published now is heard.
    await sender.publish({ kind: 'consoleSessions', account: 2 });
    await until((e) => e.kind === 'consoleSessions' && e.account === 2);
    await sender.close();
    await bus.close();
  });
});
