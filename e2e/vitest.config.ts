import { defineConfig } from 'vitest/config';

/** End-to-end: the built web app on the real server (SQLite), driven in Debian's Chromium. */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    // The web app built once; the run's template databases (packages/server/src/testing/templates.ts).
    globalSetup: ['./global-setup.ts', '../packages/server/src/testing/templates-setup.ts'],
    // A shared 2-core machine can be slow: these bounds are not product limits (speed is measured in bench/).
    testTimeout: 180_000,
    expect: { poll: { timeout: 30_000 } },
    hookTimeout: 120_000,
    // The accounts, PINs and logins of the tests hash at scrypt N=2^10, not 2^15 (auth/password.ts
    // scryptLog2N: honoured only under NODE_ENV=test); auth/password.test.ts keeps the production cost.
    env: { MBX_TEST_SCRYPT_LOG2N: '10' },
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
  },
});
