import { defineConfig } from 'vitest/config';

/** Server, contract and CLI tests: real SQLite files, a real PostgreSQL, a real HTTP server. */
export default defineConfig({
  test: {
    include: ['packages/contract/src/**/*.test.ts', 'packages/server/src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: true,
    // Three files at once on the 2-core CI machine: most of a server test's time is spent waiting on
    // PostgreSQL, a server process or the simulator's one-minute run, not on the CPU.
    maxWorkers: 3,
  },
});
