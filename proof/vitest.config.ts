import { defineConfig } from 'vitest/config';

/**
 * The proof tiers (issue 12): crash safety, fuzzing and several servers on one PostgreSQL. Each
 * starts real server processes and loads them, so the files run one at a time (2-core CI).
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.proof.test.ts'],
    // The run's migrated and seeded template databases, copied for each test database (testing/templates.ts).
    globalSetup: ['../packages/server/src/testing/templates-setup.ts'],
    testTimeout: 240_000,
    hookTimeout: 120_000,
    // The accounts, PINs and logins of the tests hash at scrypt N=2^10, not 2^15 (auth/password.ts
    // scryptLog2N: honoured only under NODE_ENV=test); auth/password.test.ts keeps the production cost.
    env: { MBX_TEST_SCRYPT_LOG2N: '10' },
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
  },
});
