import { defineConfig } from 'vitest/config';

/** Server, contract and CLI tests: real SQLite files, a real PostgreSQL, a real HTTP server. */
export default defineConfig({
  test: {
    include: ['packages/contract/src/**/*.test.ts', 'packages/server/src/**/*.test.ts'],
    // The run's migrated and seeded template databases, copied for each test database (testing/templates.ts).
    globalSetup: ['packages/server/src/testing/templates-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The accounts, PINs and logins of the tests hash at scrypt N=2^10, not 2^15 (auth/password.ts
    // scryptLog2N: honoured only under NODE_ENV=test); auth/password.test.ts keeps the production cost.
    env: { MBX_TEST_SCRYPT_LOG2N: '10' },
    pool: 'forks',
    fileParallelism: true,
    // Three files at once on the 2-core CI machine: most of a server test's time is spent waiting on
    // PostgreSQL, a server process or the simulator's one-minute run, not on the CPU.
    maxWorkers: 3,
  },
});
