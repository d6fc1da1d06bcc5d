import { defineConfig } from 'vitest/config';

/** End-to-end: the built web app on the real server (SQLite), driven in Debian's Chromium. */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
  },
});
