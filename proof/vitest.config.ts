import { defineConfig } from 'vitest/config';

/**
 * The proof tiers (issue 12): crash safety, fuzzing and several servers on one PostgreSQL. Each
 * starts real server processes and loads them, so the files run one at a time (2-core CI).
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.proof.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
  },
});
