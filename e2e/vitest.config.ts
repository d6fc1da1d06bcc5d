import { defineConfig } from 'vitest/config';
import { longFirst } from '../scripts/long-first.js';

/**
 * The files run again on PostgreSQL: the money paths (customer purchases, redeems, reverts; drawer
 * fills and bleeds), the day close, the platform console and the live screens. Their layout-only tests
 * are defined on SQLite only (sweep.ts `layoutTest`): a page reads the same on either database.
 */
export const POSTGRES_E2E = ['customer.e2e.test.ts', 'drawer.e2e.test.ts', 'day-close.e2e.test.ts', 'console.e2e.test.ts', 'live.e2e.test.ts', 'operator-day.e2e.test.ts'];

// The accounts, PINs and logins of the tests hash at scrypt N=2^10, not 2^15 (auth/password.ts
// scryptLog2N: honoured only under NODE_ENV=test); auth/password.test.ts keeps the production cost.
const env = { MBX_TEST_SCRYPT_LOG2N: '10' };

/**
 * End-to-end: the built web app on the real server, driven in Debian's Chromium; every file on SQLite
 * and the files above on PostgreSQL too (E2E_DIALECT), as two projects of one run, so both share its
 * workers and neither waits for the other's slowest file.
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    // The web app built once; the run's template databases (packages/server/src/testing/templates.ts).
    globalSetup: ['./global-setup.ts', '../packages/server/src/testing/templates-setup.ts'],
    // A shared 2-core machine can be slow: these bounds are not product limits (speed is measured in bench/).
    testTimeout: 180_000,
    expect: { poll: { timeout: 30_000 } },
    hookTimeout: 120_000,
    pool: 'forks',
    // Started first: the files that take longest (measured), so none of them starts last.
    sequence: {
      sequencer: longFirst([
        'drawer-shift.e2e.test.ts',
        'protection.e2e.test.ts',
        'layout.e2e.test.ts',
        'console.e2e.test.ts',
        'customer.e2e.test.ts',
        'staff.e2e.test.ts',
        'drawer-setup.e2e.test.ts',
        'reports.e2e.test.ts',
        'blind-count.e2e.test.ts',
        'drawer.e2e.test.ts',
        'day-close.e2e.test.ts',
      ]),
    },
    // Three files at once on two cores: a good part of an end-to-end test waits on the app's own timers
    // (a screen's poll, a toast) and on the server, not on the CPU.
    maxWorkers: 3,
    fileParallelism: true,
    projects: [
      { extends: true, test: { name: 'sqlite', include: ['**/*.e2e.test.ts'], env: { ...env, E2E_DIALECT: 'sqlite' } } },
      { extends: true, test: { name: 'postgres', include: POSTGRES_E2E, env: { ...env, E2E_DIALECT: 'postgres' } } },
    ],
  },
});
