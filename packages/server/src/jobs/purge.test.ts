import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Status } from '@moneybox/contract';
import { dialects, freshDatabase, type TestDatabase } from '../testing/databases.js';
import { useTestServer } from '../testing/server.js';
import { newCustomer, openCounter } from '../testing/customer-kit.js';
import { insertExpiredKeys } from '../testing/expired-keys.js';
import { purgeStaleRows } from './purge.js';
import { keyRepository } from '../repositories/key.repository.js';
import { loginAttemptRepository } from '../repositories/login-attempt.repository.js';

const DAY_MS = 24 * 3600 * 1000;

describe.each(dialects)('housekeeping on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await freshDatabase(dialect);
  });
  afterAll(() => t?.drop());

  it('removes keys expired over a day ago, old login attempts, keeps the rest', async () => {
    const db = t.handle.db;
    const now = Date.parse('2026-06-10T12:00:00.000Z');
    const iso = (msAgo: number) => new Date(now - msAgo).toISOString();
    await keyRepository.insert(db, 'old-key-000000', iso(3 * DAY_MS), iso(2 * DAY_MS));
    await keyRepository.insert(db, 'old-key-000001', iso(3 * DAY_MS), iso(2 * DAY_MS));
    await keyRepository.insert(db, 'old-key-000002', iso(3 * DAY_MS), iso(2 * DAY_MS));
    await keyRepository.insert(db, 'fresh-key-00000', iso(60_000), iso(-600_000));
    await keyRepository.insert(db, 'used-recent-000', iso(3600_000), iso(3000_000));
    await loginAttemptRepository.record(db, '10.0.0.1', 'someone', false, iso(2 * DAY_MS));
    await loginAttemptRepository.record(db, '10.0.0.1', 'someone', false, iso(60_000));

    // Batches of 2: the last one finds fewer rows than it may remove and ends the purge.
    expect(await purgeStaleRows(t.handle, now, 2)).toEqual({ keys: 3, loginAttempts: 1, batches: 3 });

    const keys = (await db.selectFrom('one_time_key').select('key').orderBy('key').execute()).map((r) => r.key);
    expect(keys).toEqual(['fresh-key-00000', 'used-recent-000']);
    const attempts = await db.selectFrom('login_attempt').select('at').execute();
    expect(attempts.map((a) => a.at)).toEqual([iso(60_000)]);
  });
});

describe.each(dialects)('a purge of many expired keys under purchases on %s', (dialect) => {
  const s = useTestServer(dialect);
  // Enough that one DELETE of them all held SQLite's only connection for a long stretch (issue 25: 1.2 million took 1.1 s).
  const EXPIRED = 100_000;
  const BATCH = 500;

  it('removes them in bounded batches and answers a purchase that arrives meanwhile before the purge ends', async () => {
    const counter = await openCounter(s);
    const customer = await newCustomer(s, counter);
    const key = await s.key();
    await insertExpiredKeys(s.handle, EXPIRED, new Date(Date.now() - 2 * DAY_MS).toISOString());
    const expiredLeft = async () =>
      Number((await s.handle.db.selectFrom('one_time_key').select((eb) => eb.fn.countAll().as('n')).where('key', 'like', 'expired-%').executeTakeFirstOrThrow()).n);

    const purge = purgeStaleRows(s.handle, Date.now(), BATCH);
    const purchase = await s.call('/customer/purchase', { ...counter, id: customer.id, amount: 10, key });
    const leftWhenAnswered = await expiredLeft();

    expect(purchase.status).toBe(Status.OK);
    // Not held behind the whole purge: when the purchase was answered, expired keys were still waiting their turn.
    expect(leftWhenAnswered).toBeGreaterThan(0);
    const report = await purge;
    expect(report.keys).toBe(EXPIRED);
    // No statement removed more than BATCH rows.
    expect(report.batches).toBeGreaterThanOrEqual(EXPIRED / BATCH);
    expect(await expiredLeft()).toBe(0);
    await s.verify();
  }, 60_000);

  it('stops before its next batch when told to (a shutdown closes the database next)', async () => {
    await insertExpiredKeys(s.handle, 5 * BATCH, new Date(Date.now() - 2 * DAY_MS).toISOString());
    const stop = new AbortController();
    const purge = purgeStaleRows(s.handle, Date.now(), BATCH, stop.signal);
    stop.abort();
    const report = await purge;
    expect(report.keys).toBeLessThanOrEqual(BATCH);
    expect(report.loginAttempts).toBe(0);
    await purgeStaleRows(s.handle, Date.now(), BATCH);
  });
});
