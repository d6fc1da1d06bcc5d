import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const contractSrc = path.resolve(import.meta.dirname, '../contract/src');

/** Web unit and component tests: jsdom, Testing Library; pure TypeScript files run in Node (`// @vitest-environment node` at their top: no DOM to build). */
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [{ find: /^@moneybox\/contract\/(.+)$/, replacement: `${contractSrc}/$1.ts` }],
  },
  test: {
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    pool: 'threads',
    maxWorkers: 2,
    // Component tests render whole pages with Mantine in jsdom: on a busy 2-core machine one can take
    // several seconds. Waiting is not what they test (findBy* timeouts are), so the bound is generous.
    testTimeout: 30_000,
  },
});
