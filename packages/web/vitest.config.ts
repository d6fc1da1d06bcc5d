import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { moduleReplacingFiles } from '../../scripts/module-replacing-files.js';

const contractSrc = path.resolve(import.meta.dirname, '../contract/src');
const INCLUDE = ['src/**/*.test.{ts,tsx}'];
// A file that replaces a module (vi.mock) runs in a worker of its own (scripts/module-replacing-files.ts).
const replacing = moduleReplacingFiles(import.meta.dirname, ['src']);

/** Web unit and component tests: jsdom, Testing Library; pure TypeScript files run in Node (`// @vitest-environment node` at their top: no DOM to build). */
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [{ find: /^@moneybox\/contract\/(.+)$/, replacement: `${contractSrc}/$1.ts` }],
  },
  test: {
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    pool: 'threads',
    maxWorkers: 2,
    // Component tests render whole pages with Mantine in jsdom: on a busy 2-core machine one can take
    // several seconds. Waiting is not what they test (findBy* timeouts are), so the bound is generous.
    testTimeout: 30_000,
    projects: [
      // A worker runs file after file on the modules it has loaded (React, Mantine, the app's): building
      // jsdom and loading them anew for each file was most of the tier's time. Testing Library cleans up
      // after every test (src/test/setup.ts), and each test renders into its own providers.
      { extends: true, test: { name: 'web', include: INCLUDE, exclude: replacing, isolate: false } },
      { extends: true, test: { name: 'web (own modules)', include: replacing, isolate: true } },
    ],
  },
});
