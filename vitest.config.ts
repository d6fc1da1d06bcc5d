import { defineConfig } from 'vitest/config';
import { longFirst } from './scripts/long-first.js';
import { moduleReplacingFiles } from './scripts/module-replacing-files.js';

const SOURCES = ['packages/contract/src', 'packages/server/src'];
const INCLUDE = SOURCES.map((dir) => `${dir}/**/*.test.ts`);

// A file that replaces a module (vi.mock) runs in a worker of its own (scripts/module-replacing-files.ts).
const replacing = moduleReplacingFiles(import.meta.dirname, SOURCES);

/** Server, contract and CLI tests: real SQLite files, a real PostgreSQL, a real HTTP server. */
export default defineConfig({
  test: {
    // The run's migrated and seeded template databases, copied for each test database (testing/templates.ts).
    globalSetup: ['packages/server/src/testing/templates-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The accounts, PINs and logins of the tests hash at scrypt N=2^10, not 2^15 (auth/password.ts
    // scryptLog2N: honoured only under NODE_ENV=test); auth/password.test.ts keeps the production cost.
    env: { MBX_TEST_SCRYPT_LOG2N: '10' },
    pool: 'forks',
    // Started first: the files that take longest (measured), so none of them starts last.
    sequence: {
      sequencer: longFirst([
        'simulator/simulate-command.test.ts',
        'simulator/simulation.test.ts',
        'services/console/console-store-page.test.ts',
        'services/customer/movement.test.ts',
        'db/database-hang.test.ts',
        'ops/proxy.test.ts',
        'http/api/call-map.test.ts',
        'money/apply-parity.test.ts',
        'http/connection-limits.test.ts',
        'ops/shutdown.test.ts',
        'services/operator/backup.test.ts',
        'http/api/console/console-authorization.test.ts',
        'services/console/console-lockout.test.ts',
      ]),
    },
    fileParallelism: true,
    // Four files at once on the 2-core CI machine: much of a server test's time is spent waiting on
    // PostgreSQL, a server process or the simulator's run, not on the CPU.
    maxWorkers: 4,
    projects: [
      // A worker runs file after file on the modules it has loaded: loading the server's modules anew
      // for each file was a sixth of the tier's CPU. Every file starts its own servers and databases
      // and closes them (testing/server.ts), so nothing a test checks is carried from one file to the next.
      { extends: true, test: { name: 'server', include: INCLUDE, exclude: replacing, isolate: false } },
      { extends: true, test: { name: 'server (own modules)', include: replacing, isolate: true } },
    ],
  },
});
