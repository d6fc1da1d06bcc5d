import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
