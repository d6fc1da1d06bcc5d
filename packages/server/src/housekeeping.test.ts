import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, freshDatabase, type TestDatabase } from './testing/databases.js';
import { purgeStaleRows } from './housekeeping.js';
import { keyRepository } from './repositories/key.repository.js';
import { loginAttemptRepository } from './repositories/login-attempt.repository.js';

describe.each(dialects)('housekeeping on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await freshDatabase(dialect);
  });
  afterAll(() => t?.drop());

  it('removes keys expired over a day ago and old login attempts, keeps the rest', async () => {
    const db = t.handle.db;
    const now = Date.parse('2026-06-10T12:00:00.000Z');
    const iso = (msAgo: number) => new Date(now - msAgo).toISOString();
    const day = 24 * 3600 * 1000;
    await keyRepository.insert(db, 'old-key-000000', iso(3 * day), iso(2 * day));
    await keyRepository.insert(db, 'fresh-key-00000', iso(60_000), iso(-600_000));
    await keyRepository.insert(db, 'used-recent-000', iso(3600_000), iso(3000_000));
    await loginAttemptRepository.record(db, '10.0.0.1', 'someone', false, iso(2 * day));
    await loginAttemptRepository.record(db, '10.0.0.1', 'someone', false, iso(60_000));

    await purgeStaleRows(db, now);

    const keys = (await db.selectFrom('one_time_key').select('key').orderBy('key').execute()).map((r) => r.key);
    expect(keys).toEqual(['fresh-key-00000', 'used-recent-000']);
    const attempts = await db.selectFrom('login_attempt').select('at').execute();
    expect(attempts.map((a) => a.at)).toEqual([iso(60_000)]);
  });
});
