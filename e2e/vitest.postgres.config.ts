import { defineConfig } from 'vitest/config';
import e2e from './vitest.config';

/**
 * End-to-end on PostgreSQL (npm test runs it after the SQLite tier): the money paths (customer
 * purchases, redeems, reverts; drawer fills and bleeds), the day close, the platform console and the
 * live screens, on the same harness with E2E_DIALECT=postgres.
 */
export const POSTGRES_E2E = ['customer.e2e.test.ts', 'drawer.e2e.test.ts', 'day-close.e2e.test.ts', 'console.e2e.test.ts', 'live.e2e.test.ts'];

// Spread, not mergeConfig: that would add these files to the SQLite tier's include instead of replacing it.
export default defineConfig({
  ...e2e,
  test: { ...e2e.test, include: POSTGRES_E2E, env: { ...e2e.test?.env, E2E_DIALECT: 'postgres' } },
});
